import { cancellationSummary, CHANGE_MESSAGES, type BookingParty, type Cancellation } from '@grip/domain';
import { CalendarX, RotateCcw } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatInstant } from '@/features/requests/request-display';
import { useReopenForQuotes } from '../api/booking-changes-api';

interface CancellationNoticeProps {
  cancellation: Cancellation;
  viewer: BookingParty;
  requestId: string;
  /** The customer may send the request out again (the business cancelled, its date is ahead). */
  canReopen: boolean;
}

/** A cancelled booking on either side: CANCELLED, who and why, when; the customer's Reopen for quotes. */
export function CancellationNotice({ cancellation, viewer, requestId, canReopen }: CancellationNoticeProps) {
  const reopen = useReopenForQuotes(requestId);
  return (
    <div
      className="grid gap-2 rounded-md border border-danger-border bg-danger-surface px-3 py-3 text-sm"
      data-testid="cancellation-notice"
    >
      <p className="flex flex-wrap items-center gap-2">
        <CalendarX aria-hidden="true" className="size-4 shrink-0 text-danger" />
        <Badge tone="danger">CANCELLED</Badge>
        <span className="text-muted-foreground">
          <time dateTime={cancellation.cancelledAt}>{formatInstant(cancellation.cancelledAt)}</time>
        </span>
      </p>
      <p className="break-words">{cancellationSummary(cancellation, viewer)}</p>
      {cancellation.isLate && viewer === 'business' ? (
        <p className="text-muted-foreground">Recorded as a late cancellation on your profile.</p>
      ) : null}
      {canReopen ? (
        <div className="grid justify-items-start gap-1">
          <p className="text-muted-foreground">
            The job is still ahead: send the request out again and other businesses can quote.
          </p>
          <Button size="sm" isLoading={reopen.isPending} onClick={() => reopen.mutate(undefined)}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {CHANGE_MESSAGES.reopenButton}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
