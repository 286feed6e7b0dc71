import { canHireAgain, CONTESTED_JOB, type CustomerBooking } from '@grip/domain';
import { CalendarCheck, RotateCcw, Star, TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatInstant } from '@/features/requests/request-display';
import { bookingPriceLabel, contestDeadlineLabel, contestNote } from '../booking-display';
import { CancellationNotice } from '@/features/booking-changes/components/cancellation-notice';
import { CustomerDisputePanel } from '@/features/disputes/components/customer-dispute-panel';
import { StarDisplay } from './star-display';

interface HistoryJobCardProps {
  booking: CustomerBooking;
  /** Whether the 24-hour contest window is open now. */
  isContestOpen: boolean;
  onWriteReview: (booking: CustomerBooking) => void;
  onHireAgain: (booking: CustomerBooking) => void;
  onContest: (booking: CustomerBooking) => void;
}

/**
 * One completed job: what, who, when and what it cost; the customer's rating; review, hire, contest.
 * Or a cancelled booking, with who cancelled it and why.
 */
export function HistoryJobCard({
  booking,
  isContestOpen,
  onWriteReview,
  onHireAgain,
  onContest,
}: HistoryJobCardProps) {
  const note = contestNote(booking);
  const title = booking.request.title;
  const isContested = booking.completionStatus === CONTESTED_JOB;
  // Job History lists cancelled bookings too (issue 32): who cancelled and why, instead of a completion.
  const cancellation = booking.changes.cancellation;

  return (
    <article className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-base font-semibold break-words">{title}</h2>
          <p className="text-sm text-muted-foreground">{booking.business.name}</p>
        </div>
        {cancellation ? null : isContested ? (
          <Badge tone="danger">CONTESTED</Badge>
        ) : (
          <Badge tone="info">COMPLETED</Badge>
        )}
      </div>

      {cancellation ? (
        <CancellationNotice
          cancellation={cancellation}
          viewer="customer"
          requestId={booking.requestId}
          canReopen={booking.changes.canReopen}
        />
      ) : null}

      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="tabular font-semibold">{bookingPriceLabel(booking)}</span>
        {booking.completionDate ? (
          <span className="flex items-center gap-1 text-muted-foreground">
            <CalendarCheck aria-hidden="true" className="size-4 shrink-0" />
            <time dateTime={booking.completionDate}>Completed {formatInstant(booking.completionDate)}</time>
          </span>
        ) : null}
      </div>

      {booking.myRating !== null ? (
        <p className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Your rating</span>
          <StarDisplay rating={booking.myRating} label={`You rated ${booking.myRating} out of 5 stars`} />
        </p>
      ) : null}

      {/* The dispute a contest opened (issue 32): what was said, the customer's answer to it, the end. */}
      {booking.dispute ? (
        <CustomerDisputePanel dispute={booking.dispute} title={title} />
      ) : note ? (
        <p
          className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm"
          data-testid="contest-note"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          {note}
        </p>
      ) : null}

      {isContestOpen && booking.contestDeadline ? (
        <p className="text-sm text-muted-foreground">{contestDeadlineLabel(booking.contestDeadline)}</p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {booking.canReview ? (
          <Button size="sm" aria-label={`Write Review for ${title}`} onClick={() => onWriteReview(booking)}>
            <Star aria-hidden="true" className="size-4" />
            Write Review
          </Button>
        ) : null}
        {canHireAgain(booking.completionStatus) ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Hire Again for ${title}`}
            onClick={() => onHireAgain(booking)}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Hire Again
          </Button>
        ) : null}
        {isContestOpen ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Contest ${title}`}
            onClick={() => onContest(booking)}
          >
            <TriangleAlert aria-hidden="true" className="size-4" />
            Contest
          </Button>
        ) : null}
      </div>
    </article>
  );
}
