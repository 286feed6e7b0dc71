import {
  CUSTOMER_OFFER_MESSAGES,
  requestChangedSinceQuoteMessage,
  sentenceEnd,
  type CustomerOffer,
} from '@grip/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { Alert, ChangeAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useSingleFlight } from '@/lib/use-single-flight';
import { isRequestChanged, isTermsChanged } from '@/lib/terms-changed';
import { offerQueryOptions } from '../api/offers-api';
import { useConfirmOffer } from '../api/use-offer-actions';
import { availabilityLabel, budgetLabel, offerPriceLabel, preferredWhenLabel } from '../offer-display';
import { RatingLine } from './business-identity';
import { Detail, DetailList } from './offer-detail-list';

interface ConfirmOfferDialogProps {
  offer: CustomerOffer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a confirmed booking: the caller closes the Response detail too. */
  onConfirmed: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Confirm Service Offer (spec 2): the request, the offer, the business's real rating and the payment
 * notice, then Confirm & Proceed. A double click sends one confirmation.
 */
export function ConfirmOfferDialog({
  offer,
  open,
  onOpenChange,
  onConfirmed,
  onCloseAutoFocus,
}: ConfirmOfferDialogProps) {
  const confirm = useConfirmOffer(offer.id);
  return (
    <Dialog open={open} onOpenChange={(next) => (confirm.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        {/* Mounted per opening, so every opening starts from the offer as the caller has it. */}
        <ConfirmOfferBody offer={offer} confirm={confirm} onConfirmed={onConfirmed} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * What the customer agrees to is what this shows: the offer is held as it was when the dialog opened
 * and its terms version is what Confirm sends (decision 019). When the business changed the offer
 * meanwhile, the server refuses and nothing is booked; the dialog then reads the offer again, shows the
 * new terms (with what they were) and the server's words, and Confirm agrees to the new ones.
 *
 * When the customer changed the request after this business quoted, the business has not agreed to
 * it yet: the dialog says so (before any press when the offer already says it, else on the server's
 * 409 request_changed) and offers nothing to book until the business keeps or updates its quote.
 */
function ConfirmOfferBody({
  offer,
  confirm,
  onConfirmed,
}: {
  offer: CustomerOffer;
  confirm: ReturnType<typeof useConfirmOffer>;
  onConfirmed: () => void;
}) {
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(offer);
  const [change, setChange] = useState<{ message: string; before: CustomerOffer } | null>(null);
  // The server's words when it refused because the business has not yet seen the changed request.
  const [requestRefusal, setRequestRefusal] = useState<string | null>(null);
  // `offer` is the live one (live events refresh it): it says when the business has answered.
  const waiting = offer.requestChangedSinceQuote;
  const [hasWaited, setHasWaited] = useState(waiting);
  if (waiting && !hasWaited) setHasWaited(true);
  const submit = useSingleFlight(async () => {
    try {
      await confirm.mutateAsync(shown.termsVersion);
    } catch (error) {
      if (isRequestChanged(error)) {
        // Nothing to show anew: the offer is as it was. Read it again so the dialog waits for the
        // business's answer (the live offer then says when it came).
        setRequestRefusal(error.message);
        await queryClient
          .fetchQuery({ ...offerQueryOptions(offer.id), staleTime: 0 })
          .catch((loadError: unknown) => console.warn('Reading the offer again failed', loadError));
        return;
      }
      // Other failures are the hook's toast; the dialog stays open to try again.
      if (!isTermsChanged(error)) return;
      const before = shown;
      try {
        setShown(await queryClient.fetchQuery({ ...offerQueryOptions(offer.id), staleTime: 0 }));
      } catch (loadError) {
        console.warn('Reading the changed offer failed', loadError);
      }
      setChange({ message: error.message, before });
      return;
    }
    onConfirmed();
  });
  const { request } = shown;
  const availability = availabilityLabel(shown.availabilityDate, shown.availabilityTime);
  const was = (now: string | null, then: string | null) =>
    change && now !== then ? (
      <span className="text-muted-foreground"> (was {then ?? 'not given'})</span>
    ) : null;
  const before = change?.before;

  return (
    <>
      <DialogHeader>
        <DialogTitle>Confirm Service Offer</DialogTitle>
        <DialogDescription>
          Book {shown.business.name} for {sentenceEnd(request.title)}
        </DialogDescription>
      </DialogHeader>

      {waiting ? (
        <ChangeAlert message={requestRefusal ?? requestChangedSinceQuoteMessage(offer.business.name)} />
      ) : change ? (
        <ChangeAlert message={change.message} />
      ) : hasWaited ? (
        <Alert tone="info" role="status">
          <Info aria-hidden="true" className="size-5 shrink-0 text-primary" />
          <p>{offer.business.name} has checked the new details of your request. You can confirm now.</p>
        </Alert>
      ) : null}

      <section className="grid gap-2" aria-labelledby="confirm-request">
        <h3 id="confirm-request" className="text-sm font-semibold">
          Request details
        </h3>
        <DetailList>
          <Detail label="Title">{request.title}</Detail>
          <Detail label="Preferred date and time">
            {preferredWhenLabel(request.preferredDate, request.preferredTime)}
          </Detail>
          <Detail label="Budget">{budgetLabel(request.budgetMin, request.budgetMax)}</Detail>
          <Detail label="Address">{request.locationAddress ?? 'No address given'}</Detail>
        </DetailList>
        <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{request.description}</p>
      </section>

      <section className="grid gap-2" aria-labelledby="confirm-offer">
        <h3 id="confirm-offer" className="text-sm font-semibold">
          Offer details
        </h3>
        <div className="grid gap-0.5">
          <p className="text-sm font-medium">{shown.business.name}</p>
          <RatingLine business={shown.business} />
        </div>
        <DetailList>
          <Detail label="Quoted price">
            <span className="tabular font-semibold">
              {offerPriceLabel(shown.quotedPrice, shown.priceType)}
            </span>
            {before
              ? was(
                  offerPriceLabel(shown.quotedPrice, shown.priceType),
                  offerPriceLabel(before.quotedPrice, before.priceType),
                )
              : null}
          </Detail>
          <Detail label="Availability">
            {availability ?? 'Not given'}
            {before
              ? was(availability, availabilityLabel(before.availabilityDate, before.availabilityTime))
              : null}
          </Detail>
          <Detail label="Duration">
            {shown.estimatedDuration ?? 'Not given'}
            {before ? was(shown.estimatedDuration, before.estimatedDuration) : null}
          </Detail>
        </DetailList>
        {shown.message || shown.termsConditions ? (
          <DetailList className="sm:grid-cols-1">
            {shown.message ? (
              <Detail label="Message">
                <span className="whitespace-pre-line">{shown.message}</span>
              </Detail>
            ) : null}
            {shown.termsConditions ? (
              <Detail label="Terms and conditions">
                <span className="whitespace-pre-line">{shown.termsConditions}</span>
              </Detail>
            ) : null}
          </DetailList>
        ) : null}
      </section>

      <Alert tone="info">
        <Info aria-hidden="true" className="size-5 shrink-0 text-primary" />
        <p>{CUSTOMER_OFFER_MESSAGES.paymentNotice}</p>
      </Alert>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={confirm.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          isLoading={confirm.isPending}
          // An offer that can no longer be booked (the business withdrew it meanwhile) stays on view
          // only; one whose business has not answered the customer's changed request waits for it.
          disabled={!shown.actions.canConfirm || waiting}
          onClick={() => void submit()}
        >
          Confirm &amp; Proceed
        </Button>
      </DialogFooter>
    </>
  );
}
