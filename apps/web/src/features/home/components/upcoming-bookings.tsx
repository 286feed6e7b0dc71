import { upcomingBookingLabel } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/lib/use-now';
import { upcomingBookingsQueryOptions } from '../api/get-upcoming-bookings';

/** Up to three confirmed bookings from today on; a card opens the booking (spec 2, Home). */
export function UpcomingBookings() {
  const now = useNow();
  const { data, isPending, isError } = useQuery(upcomingBookingsQueryOptions);
  return (
    <section aria-labelledby="upcoming-heading" className="grid gap-3">
      <h2 id="upcoming-heading" className="text-lg font-semibold">
        Upcoming Bookings
      </h2>
      {isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : isError ? (
        <p className="text-sm text-muted-foreground">Your bookings could not be loaded right now.</p>
      ) : data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
          No upcoming bookings. When you confirm an offer, it shows up here.
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-3">
          {data.map((b) => (
            <li key={b.responseId}>
              <Link
                to={`/confirmed?responseId=${encodeURIComponent(b.responseId)}`}
                className="flex h-full items-start gap-3 rounded-lg border border-border bg-background p-3 transition-colors hover:bg-muted"
              >
                <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span className="grid min-w-0 gap-1">
                  <Badge tone="info" className="w-fit">
                    {upcomingBookingLabel(b.date, b.time, now)}
                  </Badge>
                  <span className="truncate text-sm font-semibold">{b.title}</span>
                  <span className="truncate text-xs text-muted-foreground">{b.businessName}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
