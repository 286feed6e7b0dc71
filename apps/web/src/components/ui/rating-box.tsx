import { formatRatingAverage, hasRating, REVIEW_MESSAGES, reviewCountLabel } from '@grip/domain';
import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

interface RatingBoxProps {
  /** Names the box and leads the figure, e.g. 'Your average rating given'. */
  label: string;
  average: number | null;
  count: number;
  /** Under 'No reviews yet': how reviews come about. */
  emptyHint: string;
}

/**
 * A real rating in a box: the average with one decimal and how many reviews it is over, or 'No
 * reviews yet'. The star is filled only when there is a rating. Customer and Business Settings both
 * show one (the spec's fixed 4.8 from 47 reviews, made real).
 */
export function RatingBox({ label, average, count, emptyHint }: RatingBoxProps) {
  const rated = hasRating(average, count);
  return (
    <section aria-label={label} className="flex items-center gap-3 rounded-lg border border-border p-4">
      <Star
        aria-hidden="true"
        data-testid="rating-box-star"
        data-filled={rated}
        className={cn(
          'size-6 shrink-0',
          rated ? 'fill-amber-400 text-amber-500' : 'fill-transparent text-muted-foreground',
        )}
      />
      {rated ? (
        <div>
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-sm text-muted-foreground tabular-nums">
            <span className="text-lg font-semibold text-foreground">{formatRatingAverage(average)}</span> from{' '}
            {reviewCountLabel(count)}
          </p>
        </div>
      ) : (
        <div>
          <p className="font-semibold">{REVIEW_MESSAGES.noReviewsYet}</p>
          <p className="text-sm text-muted-foreground">{emptyHint}</p>
        </div>
      )}
    </section>
  );
}
