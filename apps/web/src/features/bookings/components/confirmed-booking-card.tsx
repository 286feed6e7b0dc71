import type { CustomerBooking } from '@grip/domain';
import { ChevronDown, Clock } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { LazyFormPart } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';
import { cn } from '@/lib/utils';
import { bookingPriceLabel, contestNote } from '../booking-display';

// The details (the chat, Propose New Time and Cancel Booking, the calendar) load when a booking is
// first expanded, or as the pointer or focus reaches it: /confirmed's first load is the list.
const BookingDetails = preloadable('booking details', () =>
  import('./booking-details').then((m) => ({ default: m.BookingDetails })),
);
const preloadDetails = () => void BookingDetails.preload().catch(() => undefined);

interface ConfirmedBookingCardProps {
  booking: CustomerBooking;
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** The booking selected by `?responseId=`: brought into view when it appears. */
  isSelected: boolean;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** One confirmed booking: CONFIRMED, the business, the quote and the duration; expands to the details. */
export function ConfirmedBookingCard({
  booking,
  isExpanded,
  onExpandedChange,
  isSelected,
}: ConfirmedBookingCardProps) {
  const panelId = useId();
  const ref = useRef<HTMLElement>(null);
  const note = contestNote(booking);

  useEffect(() => {
    if (!isSelected) return;
    ref.current?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }, [isSelected]);

  return (
    <article
      ref={ref}
      className={cn(
        'scroll-mt-20 rounded-lg border border-border bg-background shadow-sm',
        isSelected && 'border-primary ring-1 ring-primary',
      )}
    >
      <h2>
        <button
          type="button"
          className="flex w-full items-start gap-3 rounded-lg p-4 text-left hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? panelId : undefined}
          onClick={() => onExpandedChange(!isExpanded)}
          onPointerEnter={preloadDetails}
          onFocus={preloadDetails}
        >
          <span className="grid min-w-0 flex-1 gap-1.5">
            <span className="flex flex-wrap items-center gap-2">
              {/* A contested job is in Job History (bookingSectionOf), with its CONTESTED badge there. */}
              <Badge tone="success">CONFIRMED</Badge>
              {booking.changes.openProposal ? <Badge tone="info">NEW TIME PROPOSED</Badge> : null}
            </span>
            <span className="text-base font-semibold break-words">{booking.request.title}</span>
            <span className="text-sm text-muted-foreground">{booking.business.name}</span>
            <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <span className="tabular font-semibold">{bookingPriceLabel(booking)}</span>
              {booking.estimatedDuration ? (
                <span className="flex items-center gap-1 text-muted-foreground">
                  <Clock aria-hidden="true" className="size-4 shrink-0" />
                  {booking.estimatedDuration}
                </span>
              ) : null}
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'mt-1 size-5 shrink-0 text-muted-foreground transition-transform',
              isExpanded && 'rotate-180',
            )}
          />
        </button>
      </h2>
      {note ? (
        <p className="mx-4 mb-4 rounded-md bg-muted px-3 py-2 text-sm" data-testid="contest-note">
          {note}
        </p>
      ) : null}
      {isExpanded ? (
        <div id={panelId} className="border-t border-border p-4">
          <LazyFormPart>
            <BookingDetails booking={booking} />
          </LazyFormPart>
        </div>
      ) : null}
    </article>
  );
}
