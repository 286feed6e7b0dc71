import { CUSTOMER_OFFER_MESSAGES, type CustomerOffer } from '@grip/domain';
import { Info } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
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
import { useSingleFlight } from '@/features/auth/hooks/use-single-flight';
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
  const submit = useSingleFlight(async () => {
    try {
      await confirm.mutateAsync();
    } catch {
      // The failure toast is the hook's; the dialog stays open to try again.
      return;
    }
    onConfirmed();
  });
  const { request } = offer;
  const availability = availabilityLabel(offer.availabilityDate, offer.availabilityTime);

  return (
    <Dialog open={open} onOpenChange={(next) => (confirm.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Confirm Service Offer</DialogTitle>
          <DialogDescription>
            Book {offer.business.name} for {request.title}.
          </DialogDescription>
        </DialogHeader>

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
          <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
            {request.description}
          </p>
        </section>

        <section className="grid gap-2" aria-labelledby="confirm-offer">
          <h3 id="confirm-offer" className="text-sm font-semibold">
            Offer details
          </h3>
          <div className="grid gap-0.5">
            <p className="text-sm font-medium">{offer.business.name}</p>
            <RatingLine business={offer.business} />
          </div>
          <DetailList>
            <Detail label="Quoted price">
              <span className="tabular font-semibold">
                {offerPriceLabel(offer.quotedPrice, offer.priceType)}
              </span>
            </Detail>
            <Detail label="Availability">{availability ?? 'Not given'}</Detail>
            <Detail label="Duration">{offer.estimatedDuration ?? 'Not given'}</Detail>
          </DetailList>
          {offer.message || offer.termsConditions ? (
            <DetailList className="sm:grid-cols-1">
              {offer.message ? (
                <Detail label="Message">
                  <span className="whitespace-pre-line">{offer.message}</span>
                </Detail>
              ) : null}
              {offer.termsConditions ? (
                <Detail label="Terms and conditions">
                  <span className="whitespace-pre-line">{offer.termsConditions}</span>
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
          <Button isLoading={confirm.isPending} onClick={() => void submit()}>
            Confirm &amp; Proceed
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
