import type { BusinessRating } from '@grip/domain';
import { RatingBox } from '@/components/ui/rating-box';

/** The business's real rating: the mean of its reviews and how many there are (not the spec's fixed 4.8). */
export function BusinessRatingBox({ rating }: { rating: BusinessRating }) {
  return (
    <RatingBox
      label="Your rating"
      average={rating.average}
      count={rating.count}
      emptyHint="Customers can review you after a completed job."
    />
  );
}
