import { queryKeys } from '@/lib/query-keys';
import {
  CUSTOMER_OFFER_MESSAGES,
  type CustomerOffer,
  type MyResponseOfferActions,
  type RequestResponseSummary,
} from '@grip/domain';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, Info, MessageSquare, Pencil, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useSingleFlight } from '@/lib/use-single-flight';
import { offerQueryOptions } from '@/features/offers/api/offers-api';
import { failureText, useDeclineOffer } from '@/features/offers/api/use-offer-actions';
import { ConfirmOfferDialog } from '@/features/offers/components/confirm-offer-dialog';
import { DeclineOfferDialog } from '@/features/offers/components/decline-offer-dialog';
import {
  ModifiedOfferDialog,
  preloadModifiedOfferForm,
} from '@/features/offers/components/modified-offer-dialog';
import { conversationLink } from '@/features/offers/offer-display';

/** Errors stay until dismissed or 8 s (UI guide). */
const ERROR_TOAST_MS = 8000;
const OFFER_LOAD_FAILED = "We couldn't load this offer. Please try again.";

type Action = 'confirm' | 'counter' | 'decline';

interface OfferButtonsProps {
  requestId: string;
  response: RequestResponseSummary;
  actions: MyResponseOfferActions;
  /** The id of the 'Pending response from business owner' note, when shown. */
  pendingNoteId?: string;
  /** Where focus goes when a dialog closes on a button the action has just disabled. */
  detailsButtonId: string;
}

/** Whether the offer as the server has it now still allows the action. */
function allows(offer: CustomerOffer, action: Action): boolean {
  if (action === 'confirm') return offer.actions.canConfirm;
  if (action === 'counter') return offer.actions.canModify;
  return offer.actions.canDecline;
}

/**
 * Focus back on the button that opened a dialog, or — when that button is now disabled because the
 * action changed the offer — on the offer's always-present View details button.
 */
function focusBack(triggerId: string, fallbackId: string) {
  return (event: Event) => {
    event.preventDefault();
    const trigger = document.getElementById(triggerId);
    if (trigger instanceof HTMLButtonElement && !trigger.disabled) trigger.focus();
    else document.getElementById(fallbackId)?.focus();
  };
}

/**
 * Confirm Offer, Counter Offer, Decline and Message for one offer (spec 2 "My Responses"). The
 * dialogs are those of the Response detail; they need the whole offer, which is read fresh when a
 * button is pressed, so a dialog never opens on an offer that changed meanwhile.
 */
export function OfferButtons({
  requestId,
  response,
  actions,
  pendingNoteId,
  detailsButtonId,
}: OfferButtonsProps) {
  const queryClient = useQueryClient();
  const baseId = useId();
  const ids = { confirm: `${baseId}-confirm`, counter: `${baseId}-counter`, decline: `${baseId}-decline` };
  const messageInfoId = `${baseId}-message-info`;
  const [loading, setLoading] = useState<Action | null>(null);
  const [openDialog, setOpenDialog] = useState<Action | null>(null);
  // Kept after a dialog closes, so it can close (and return focus) before it unmounts.
  const [offer, setOffer] = useState<CustomerOffer | null>(null);
  const decline = useDeclineOffer(response.id);

  const open = useSingleFlight(async (action: Action) => {
    setLoading(action);
    try {
      const fresh = await queryClient.fetchQuery({ ...offerQueryOptions(response.id), staleTime: 0 });
      if (allows(fresh, action)) {
        setOffer(fresh);
        setOpenDialog(action);
        return;
      }
      // The list was behind: say why, and read it again so the buttons match.
      toast.error('Error', {
        description: fresh.actions.hasPendingCounterOffer
          ? CUSTOMER_OFFER_MESSAGES.counterOfferPendingDetail
          : CUSTOMER_OFFER_MESSAGES.notOpen,
        duration: ERROR_TOAST_MS,
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myResponses });
    } catch (error) {
      console.warn('Loading the offer failed', error);
      toast.error('Error', { description: failureText(error, OFFER_LOAD_FAILED), duration: ERROR_TOAST_MS });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myResponses });
    } finally {
      setLoading(null);
    }
  });

  const sendDecline = useSingleFlight(async () => {
    try {
      await decline.mutateAsync();
    } catch {
      return; // the hook's toast explains; the question stays open
    }
    setOpenDialog(null);
  });

  const closeOn = (next: boolean) => {
    if (!next) setOpenDialog(null);
  };
  const busy = loading !== null || decline.isPending;
  // The 'messaging opens once accepted' note: not on a declined offer, which will never be accepted.
  const showMessageInfo = !actions.canMessage && response.stateBadge !== 'DECLINED';
  const describedBy = actions.isPendingFromBusiness ? pendingNoteId : undefined;
  const button = (action: Action) => ({
    id: ids[action],
    disabled: !actions.isOpen || busy,
    isLoading: loading === action,
    'aria-describedby': describedBy,
    onClick: () => void open(action),
  });

  return (
    <div className="grid gap-2">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button size="sm" {...button('confirm')}>
          {loading === 'confirm' ? null : <CalendarCheck aria-hidden="true" className="size-4" />}
          Confirm Offer
        </Button>
        <Button
          size="sm"
          variant="outline"
          {...button('counter')}
          onPointerEnter={preloadModifiedOfferForm}
          onFocus={preloadModifiedOfferForm}
        >
          {loading === 'counter' ? null : <Pencil aria-hidden="true" className="size-4" />}
          Counter Offer
        </Button>
        <Button size="sm" variant="destructive-outline" {...button('decline')}>
          {loading === 'decline' ? null : <X aria-hidden="true" className="size-4" />}
          Decline
        </Button>
        {actions.canMessage ? (
          <Button asChild size="sm" variant="outline">
            <Link to={conversationLink(requestId, response.id)}>
              <MessageSquare aria-hidden="true" className="size-4" />
              Message
            </Link>
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled
            aria-describedby={showMessageInfo ? messageInfoId : undefined}
          >
            <MessageSquare aria-hidden="true" className="size-4" />
            Message
          </Button>
        )}
      </div>
      {showMessageInfo ? (
        <p id={messageInfoId} className="flex items-start gap-1.5 text-xs text-muted-foreground">
          <Info aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          {CUSTOMER_OFFER_MESSAGES.messagingLocked}
        </p>
      ) : null}

      {offer ? (
        <>
          <ConfirmOfferDialog
            offer={offer}
            open={openDialog === 'confirm'}
            onOpenChange={closeOn}
            onConfirmed={() => setOpenDialog(null)}
            onCloseAutoFocus={focusBack(ids.confirm, detailsButtonId)}
          />
          <ModifiedOfferDialog
            offer={offer}
            open={openDialog === 'counter'}
            onOpenChange={closeOn}
            onCloseAutoFocus={focusBack(ids.counter, detailsButtonId)}
          />
        </>
      ) : null}
      <DeclineOfferDialog
        open={openDialog === 'decline'}
        onOpenChange={closeOn}
        onConfirm={() => void sendDecline()}
        isPending={decline.isPending}
        onCloseAutoFocus={focusBack(ids.decline, detailsButtonId)}
      />
    </div>
  );
}
