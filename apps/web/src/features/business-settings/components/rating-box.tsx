import type { BusinessRating } from '@grip/domain';
import { Star } from 'lucide-react';

/** The business's real rating: the mean of its reviews and how many there are (not the spec's fixed 4.8). */
export function RatingBox({ rating }: { rating: BusinessRating }) {
  return (
    <section aria-label="Your rating" className="flex items-center gap-3 rounded-lg border border-border p-4">
      <Star aria-hidden="true" className="size-6 shrink-0 fill-amber-400 text-amber-500" />
      {rating.count === 0 || rating.average === null ? (
        <div>
          <p className="font-semibold">No reviews yet</p>
          <p className="text-sm text-muted-foreground">Customers can review you after a completed job.</p>
        </div>
      ) : (
        <div>
          <p className="text-lg font-semibold tabular-nums">{rating.average.toFixed(1)}</p>
          <p className="text-sm text-muted-foreground tabular-nums">
            from {rating.count} {rating.count === 1 ? 'review' : 'reviews'}
          </p>
        </div>
      )}
    </section>
  );
}
