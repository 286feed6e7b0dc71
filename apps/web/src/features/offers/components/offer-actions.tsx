import { CUSTOMER_OFFER_MESSAGES, type CustomerOffer } from '@grip/domain';
import { CalendarCheck, Clock, EyeOff, MessageSquare, Pencil, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useDeclineOffer, useIgnoreOffer } from '../api/use-offer-actions';
import { conversationLink, STATE_BADGE_TONES } from '../offer-display';
import { returnFocusTo } from '../return-focus';
import { ConfirmOfferDialog } from './confirm-offer-dialog';
import { DeclineOfferDialog } from './decline-offer-dialog';
import { ModifiedOfferDialog, preloadModifiedOfferForm } from './modified-offer-dialog';

interface OfferActionsProps {
  offer: CustomerOffer;
  /** Closes the Response detail (after a confirmed booking or an ignore). */
  onClose: () => void;
}

/** Spec 2 §4 "Response dialog actions", as the server's `actions` decides them. */
export function OfferActions({ offer, onClose }: OfferActionsProps) {
  const { actions } = offer;
  switch (actions.kind) {
    case 'completed':
      return <StateBadge label="COMPLETED" />;
    case 'declined':
      return <StateBadge label="DECLINED" />;
    case 'booked':
      return (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <StateBadge label="BOOKED" />
          {actions.canMessage ? (
            <Button asChild>
              <Link to={conversationLink(offer.request.id, offer.id)}>
                <MessageSquare aria-hidden="true" className="size-4" />
                Message Business
              </Link>
            </Button>
          ) : null}
        </div>
      );
    case 'open':
      return <OpenOfferActions offer={offer} onClose={onClose} />;
  }
}

function StateBadge({ label }: { label: 'COMPLETED' | 'DECLINED' | 'BOOKED' }) {
  return (
    <div className="flex items-center">
      <Badge tone={STATE_BADGE_TONES[label]} className="px-3 py-1 text-sm">
        {label}
      </Badge>
    </div>
  );
}

type Open = 'confirm' | 'modify' | 'decline' | null;

/** Confirm Booking, Modify Request, Decline and Ignore, each on or off as the server says. */
function OpenOfferActions({ offer, onClose }: OfferActionsProps) {
  const { actions } = offer;
  const [open, setOpen] = useState<Open>(null);
  const baseId = useId();
  const ids = { confirm: `${baseId}-confirm`, modify: `${baseId}-modify`, decline: `${baseId}-decline` };
  const decline = useDeclineOffer(offer.id);
  const ignore = useIgnoreOffer(offer.id);
  const busy = decline.isPending || ignore.isPending;
  const noteId = `offer-pending-${offer.id}`;
  const describedBy = actions.hasPendingCounterOffer ? noteId : undefined;
  const waitingId = `offer-waiting-${offer.id}`;
  const closeOn = (next: boolean) => {
    if (!next) setOpen(null);
  };

  const sendDecline = useSingleFlight(async () => {
    try {
      await decline.mutateAsync();
    } catch {
      return; // the hook's toast explains; the question stays open
    }
    setOpen(null);
  });
  const sendIgnore = useSingleFlight(async () => {
    try {
      await ignore.mutateAsync();
    } catch {
      return;
    }
    onClose();
  });

  return (
    <div className="grid gap-3">
      {actions.hasPendingCounterOffer ? (
        <p
          id={noteId}
          role="status"
          className="flex items-center gap-2 rounded-md bg-warning px-3 py-2 text-sm text-warning-foreground"
        >
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {CUSTOMER_OFFER_MESSAGES.pendingFromBusiness}
        </p>
      ) : null}
      {offer.requestChangedSinceQuote ? (
        // Decision 019: the business quoted on the request as it was; Confirm waits for its answer.
        <p
          id={waitingId}
          role="status"
          className="flex items-center gap-2 rounded-md bg-warning px-3 py-2 text-sm text-warning-foreground"
        >
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          Waiting for {offer.business.name} to check the changes you made to this request.
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          id={ids.confirm}
          disabled={!actions.canConfirm || busy}
          aria-describedby={offer.requestChangedSinceQuote ? waitingId : describedBy}
          onClick={() => setOpen('confirm')}
        >
          <CalendarCheck aria-hidden="true" className="size-4" />
          Confirm Booking
        </Button>
        <Button
          id={ids.modify}
          variant="outline"
          disabled={!actions.canModify || busy}
          aria-describedby={describedBy}
          onClick={() => setOpen('modify')}
          onPointerEnter={preloadModifiedOfferForm}
          onFocus={preloadModifiedOfferForm}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Modify Request
        </Button>
        <Button
          id={ids.decline}
          variant="destructive-outline"
          disabled={!actions.canDecline || busy}
          aria-describedby={describedBy}
          onClick={() => setOpen('decline')}
        >
          <X aria-hidden="true" className="size-4" />
          Decline
        </Button>
        <Button
          variant="ghost"
          disabled={!actions.canIgnore || busy}
          isLoading={ignore.isPending}
          onClick={() => void sendIgnore()}
        >
          {ignore.isPending ? null : <EyeOff aria-hidden="true" className="size-4" />}
          Ignore
        </Button>
      </div>

      <ConfirmOfferDialog
        offer={offer}
        open={open === 'confirm'}
        onOpenChange={closeOn}
        onConfirmed={onClose}
        onCloseAutoFocus={returnFocusTo(ids.confirm)}
      />
      <ModifiedOfferDialog
        offer={offer}
        open={open === 'modify'}
        onOpenChange={closeOn}
        onCloseAutoFocus={returnFocusTo(ids.modify)}
      />
      <DeclineOfferDialog
        open={open === 'decline'}
        onOpenChange={closeOn}
        onConfirm={() => void sendDecline()}
        isPending={decline.isPending}
        onCloseAutoFocus={returnFocusTo(ids.decline)}
      />
    </div>
  );
}
