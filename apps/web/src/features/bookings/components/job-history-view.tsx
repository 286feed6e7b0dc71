import { BOOKING_MESSAGES, type CustomerBooking } from '@grip/domain';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ReviewDialog } from '@/features/reviews/components/review-dialog';
import { useNow } from '@/lib/use-now';
import { queryKeys } from '@/lib/query-keys';
import { bookingsQueryOptions } from '../api/bookings-api';
import { hireAgainLink, isContestOpen, pendingReviewOf } from '../booking-display';
import { BookingList } from './booking-list';
import { ContestDialog } from './contest-dialog';
import { HistoryJobCard } from './history-job-card';
import { HistorySummary } from './history-summary';

/** Job History (spec 2): the summary cards and the completed jobs, with review, hire again and contest. */
export function JobHistoryView() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Re-read each half minute so the Contest button goes when the 24-hour window closes.
  const now = useNow(30_000);
  const pages = useInfiniteQuery(bookingsQueryOptions('history'));
  const [reviewing, setReviewing] = useState<CustomerBooking | null>(null);
  const [contesting, setContesting] = useState<CustomerBooking | null>(null);

  return (
    <div className="grid gap-5">
      <HistorySummary />
      <BookingList
        pages={pages}
        label="Completed jobs"
        loadFailedText={BOOKING_MESSAGES.historyLoadFailed}
        empty={
          <EmptyState
            icon={History}
            title={BOOKING_MESSAGES.historyEmpty}
            description="Finished jobs are listed here with what they cost and how they went."
            action={
              <Link to="/" className={buttonClasses({ variant: 'outline' })}>
                Find a service
              </Link>
            }
          />
        }
        renderItem={(booking) => (
          <HistoryJobCard
            booking={booking}
            isContestOpen={isContestOpen(booking, now)}
            onWriteReview={setReviewing}
            onHireAgain={(b) => void navigate(hireAgainLink(b))}
            onContest={setContesting}
          />
        )}
      />
      {reviewing ? (
        <ReviewDialog
          job={pendingReviewOf(reviewing)}
          open
          onOpenChange={(open) => {
            if (!open) setReviewing(null);
          }}
          // The review hook refreshes `requests` already; this names our keys so the stars show even
          // if that changes, without cancelling a refetch already under way.
          onReviewed={() =>
            void queryClient.invalidateQueries({ queryKey: queryKeys.bookings }, { cancelRefetch: false })
          }
        />
      ) : null}
      {contesting ? (
        <ContestDialog
          booking={contesting}
          open
          onOpenChange={(open) => {
            if (!open) setContesting(null);
          }}
        />
      ) : null}
    </div>
  );
}
