import type { CustomerBooking, CustomerBookingPage } from '@grip/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { LoadMore } from '@/components/ui/load-more';
import { ListLoadError } from '@/components/ui/paged-section';
import { ListSkeleton } from '@/components/ui/skeleton';

const ERROR_TOAST_MS = 8000;

interface BookingListProps {
  pages: UseInfiniteQueryResult<InfiniteData<CustomerBookingPage>>;
  /** The list's accessible name. */
  label: string;
  loadFailedText: string;
  /** Shown when there is nothing to list. */
  empty: ReactNode;
  /** A booking to list first that the loaded pages do not hold (a selected one from a later page). */
  first?: CustomerBooking | null;
  renderItem: (booking: CustomerBooking) => ReactNode;
}

/** All bookings the loaded pages hold, in server order. */
export function bookingsOf(pages: BookingListProps['pages']): CustomerBooking[] {
  return pages.data?.pages.flatMap((page) => page.items) ?? [];
}

/**
 * A list of bookings read a page at a time ('Load more'), with its skeleton, error (the spec's words,
 * as a toast and in place with Retry) and empty states.
 */
export function BookingList({ pages, label, loadFailedText, empty, first, renderItem }: BookingListProps) {
  const loaded = bookingsOf(pages);
  const items = first && !loaded.some((b) => b.responseId === first.responseId) ? [first, ...loaded] : loaded;
  const hasFailed = pages.isError && loaded.length === 0;

  useEffect(() => {
    if (!hasFailed) return;
    // One toast however often the list fails again (Retry), keyed by its text.
    toast.error('Error', { id: loadFailedText, description: loadFailedText, duration: ERROR_TOAST_MS });
  }, [hasFailed, loadFailedText]);

  if (pages.isPending) return <ListSkeleton rows={3} label={`Loading ${label.toLowerCase()}`} />;
  if (hasFailed) return <ListLoadError message={loadFailedText} onRetry={() => void pages.refetch()} />;
  if (items.length === 0) return <>{empty}</>;

  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label={label}>
        {items.map((booking) => (
          <li key={booking.responseId}>{renderItem(booking)}</li>
        ))}
      </ul>
      <LoadMore pages={pages} failedText={loadFailedText} />
    </div>
  );
}
