import { BOOKING_MESSAGES, formatCurrency, formatRatingAverage, REVIEW_MESSAGES } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListLoadError } from '@/components/ui/paged-section';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { historySummaryQueryOptions } from '../api/bookings-api';
import { StarDisplay } from './star-display';

interface SummaryCardProps {
  label: string;
  value: ReactNode;
  extra?: ReactNode;
  className?: string;
}

function SummaryCard({ label, value, extra, className }: SummaryCardProps) {
  return (
    <div
      className={cn(
        'grid content-start gap-1 rounded-lg border border-border bg-background p-3 shadow-sm sm:p-4',
        className,
      )}
    >
      <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="tabular text-xl font-bold break-words sm:text-2xl">{value}</dd>
      {extra ? <dd className="text-xs text-muted-foreground">{extra}</dd> : null}
    </div>
  );
}

/** Job History's summary cards (spec 2), with the real average rating given (PRODUCT-DECISIONS). */
export function HistorySummary() {
  const summary = useQuery(historySummaryQueryOptions);

  if (summary.isPending) {
    return (
      <div role="status" className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
        <span className="sr-only">Loading your summary</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={cn('h-20 w-full sm:h-24', i === 2 && 'col-span-2 sm:col-span-1')} />
        ))}
      </div>
    );
  }
  if (summary.isError) {
    return (
      <ListLoadError message={BOOKING_MESSAGES.historyLoadFailed} onRetry={() => void summary.refetch()} />
    );
  }

  const { completedJobs, totalSpent, averageRatingGiven, reviewsGiven } = summary.data;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3" aria-label="Summary">
      <SummaryCard label="Completed Jobs" value={completedJobs} />
      <SummaryCard label="Total Spent" value={formatCurrency(totalSpent)} />
      <SummaryCard
        label="Avg Rating Given"
        // Two cards a row on a phone (the money needs the width); the rating takes the row below.
        className="col-span-2 sm:col-span-1"
        value={averageRatingGiven === null ? '—' : formatRatingAverage(averageRatingGiven)}
        extra={
          averageRatingGiven === null ? (
            REVIEW_MESSAGES.noReviewsYet
          ) : (
            <span className="flex flex-wrap items-center gap-x-2">
              <StarDisplay
                rating={averageRatingGiven}
                label={`Average ${formatRatingAverage(averageRatingGiven)} out of 5 stars`}
              />
              <span>{reviewsGiven === 1 ? '1 review' : `${reviewsGiven} reviews`}</span>
            </span>
          )
        }
      />
    </dl>
  );
}
