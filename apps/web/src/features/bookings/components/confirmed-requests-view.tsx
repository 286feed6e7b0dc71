import { BOOKING_MESSAGES, bookingSectionOf, CONTESTED_JOB, type CustomerBooking } from '@grip/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { isApiError } from '@/lib/api-client';
import { bookingQueryOptions, bookingsQueryOptions } from '../api/bookings-api';
import { BookingList, bookingsOf } from './booking-list';
import { ConfirmedBookingCard } from './confirmed-booking-card';

/** Completed and contested jobs are in Job History, not on Confirmed Requests (the domain's rule). */
const isConfirmedSection = (booking: CustomerBooking) =>
  bookingSectionOf(booking.completionStatus) === 'confirmed';

/**
 * The booking chosen by `?responseId=`: from the loaded pages, or read on its own when it is further
 * down the list than the first page reaches.
 */
function useSelectedBooking(
  selectedId: string | null,
  loaded: readonly CustomerBooking[],
  listReady: boolean,
) {
  const isLoaded = selectedId !== null && loaded.some((b) => b.responseId === selectedId);
  return useQuery({
    ...bookingQueryOptions(selectedId ?? ''),
    enabled: selectedId !== null && listReady && !isLoaded,
  });
}

function SelectedNotice({ query }: { query: ReturnType<typeof useSelectedBooking> }) {
  if (query.isError) {
    const text =
      isApiError(query.error) && query.error.status === 404
        ? BOOKING_MESSAGES.notFound
        : BOOKING_MESSAGES.confirmedLoadFailed;
    return (
      <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm">
        {text}
      </p>
    );
  }
  if (query.data && !isConfirmedSection(query.data)) {
    return (
      <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm">
        {query.data.completionStatus === CONTESTED_JOB ? 'This job is contested.' : 'This job is completed.'}{' '}
        <Link to="/history" className="font-medium text-primary underline-offset-4 hover:underline">
          See it in Job History
        </Link>
      </p>
    );
  }
  return null;
}

/** Confirmed Requests (spec 2): the customer's accepted bookings, collapsible, newest first. */
export function ConfirmedRequestsView() {
  const [params] = useSearchParams();
  const selectedId = params.get('responseId');
  const pages = useInfiniteQuery(bookingsQueryOptions('confirmed'));
  const selected = useSelectedBooking(selectedId, bookingsOf(pages), pages.isSuccess);
  // Cards the customer opened or closed; the selected one starts open.
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const first = selected.data && isConfirmedSection(selected.data) ? selected.data : null;

  return (
    <div className="grid gap-3">
      <SelectedNotice query={selected} />
      <BookingList
        pages={pages}
        label="Confirmed requests"
        loadFailedText={BOOKING_MESSAGES.confirmedLoadFailed}
        first={first}
        empty={
          <EmptyState
            icon={CircleCheck}
            title={BOOKING_MESSAGES.confirmedEmptyTitle}
            description={BOOKING_MESSAGES.confirmedEmpty}
            action={
              <Link to="/responses" className={buttonClasses({ variant: 'outline' })}>
                See your responses
              </Link>
            }
          />
        }
        renderItem={(booking) => (
          <ConfirmedBookingCard
            booking={booking}
            isSelected={booking.responseId === selectedId}
            isExpanded={expanded[booking.responseId] ?? booking.responseId === selectedId}
            onExpandedChange={(open) => setExpanded((e) => ({ ...e, [booking.responseId]: open }))}
          />
        )}
      />
    </div>
  );
}
