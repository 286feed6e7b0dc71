import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { historySummaryQueryOptions } from '../api/bookings-api';
import { RatingBox } from '@/components/ui/rating-box';

const RATING_GIVEN_LABEL = 'Your average rating given';

/**
 * Customer Settings' rating box (spec 2 shows a fixed 4.8 from 47 reviews; PRODUCT-DECISIONS makes
 * every rating real): for a customer, the ratings they have given, from the Job History summary.
 */
export function RatingGivenBox() {
  const summary = useQuery(historySummaryQueryOptions);

  if (summary.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Loading your ratings</span>
        <Skeleton className="h-[4.5rem] w-full" />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4 text-sm text-muted-foreground"
      >
        <p>Your ratings could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Retry
        </Button>
      </div>
    );
  }

  const { averageRatingGiven, reviewsGiven } = summary.data;
  return (
    <RatingBox
      label={RATING_GIVEN_LABEL}
      average={averageRatingGiven}
      count={reviewsGiven}
      emptyHint="Rate a completed job from your Job History and your average shows here."
    />
  );
}
