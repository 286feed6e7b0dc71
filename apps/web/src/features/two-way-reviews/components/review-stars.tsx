import { Star } from 'lucide-react';

/** A read-only rating: five stars, the first `rating` filled, named for screen readers. */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={n <= rating ? 'size-4 fill-amber-400 text-amber-500' : 'size-4 text-muted-foreground'}
        />
      ))}
    </span>
  );
}
