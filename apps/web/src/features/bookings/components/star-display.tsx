import { RATING_VALUES } from '@grip/domain';
import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A rating shown (not chosen) as five stars, read out as one phrase: 'Rated 4 out of 5 stars'. */
export function StarDisplay({
  rating,
  label,
  className,
}: {
  rating: number;
  label?: string;
  className?: string;
}) {
  const rounded = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={label ?? `Rated ${rating} out of 5 stars`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {RATING_VALUES.map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn(
            'size-4',
            n <= rounded ? 'fill-amber-400 text-amber-500' : 'fill-transparent text-muted-foreground',
          )}
        />
      ))}
    </span>
  );
}
