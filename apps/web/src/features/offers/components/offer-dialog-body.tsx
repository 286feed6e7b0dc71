import { CUSTOMER_OFFER_MESSAGES, type CustomerOffer } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Mail, Phone, RotateCcw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { offerQueryOptions } from '../api/offers-api';
import { useMarkOfferViewed } from '../api/use-offer-actions';
import { availabilityLabel, contestDeadlineLabel, offerPriceLabel } from '../offer-display';
import { BusinessIdentity } from './business-identity';
import { ImageGallery } from './image-gallery';
import { OfferActions } from './offer-actions';
import { OfferBadges } from './offer-badges';
import { Detail, DetailList, TextSection } from './offer-detail-list';
import { OfferLoading } from './offer-loading';
import { OfferThread } from './offer-thread';

/**
 * The inside of the Response detail dialog, loaded on first opening (see offer-dialog.tsx). It
 * reports the view once per opening, then shows the offer, a skeleton or the load error.
 */
export function OfferDialogBody({ responseId, onClose }: { responseId: string; onClose: () => void }) {
  useMarkOfferViewed(responseId);
  const query = useQuery(offerQueryOptions(responseId));

  if (query.isPending) return <OfferLoading />;

  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <DialogHeader>
          <DialogTitle>Offer details</DialogTitle>
          <DialogDescription className="sr-only">A business's offer on your request.</DialogDescription>
        </DialogHeader>
        <Alert tone="danger" role="alert" className="flex-col">
          <p>{missing ? CUSTOMER_OFFER_MESSAGES.notFound : "We couldn't load this offer."}</p>
          {missing ? null : (
            <div>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Retry
              </Button>
            </div>
          )}
        </Alert>
      </>
    );
  }

  return <OfferDetail offer={query.data} onClose={onClose} />;
}

function OfferDetail({ offer, onClose }: { offer: CustomerOffer; onClose: () => void }) {
  const availability = availabilityLabel(offer.availabilityDate, offer.availabilityTime);
  const { email, phone } = offer.business;
  return (
    <>
      <DialogHeader>
        <BusinessIdentity
          business={offer.business}
          title={<DialogTitle className="break-words">{offer.business.name}</DialogTitle>}
        />
        <DialogDescription>Offer for {offer.request.title}</DialogDescription>
      </DialogHeader>
      <OfferBadges offer={offer} />

      <DetailList label="Offer" className="rounded-lg bg-muted p-3 sm:grid-cols-3">
        <Detail label="Price">
          <span className="tabular text-base font-semibold">
            {offerPriceLabel(offer.quotedPrice, offer.priceType)}
          </span>
        </Detail>
        <Detail label="Availability">{availability ?? 'Not given'}</Detail>
        <Detail label="Duration">{offer.estimatedDuration ?? 'Not given'}</Detail>
      </DetailList>

      <TextSection id="offer-message" title="Message" text={offer.message} />
      {offer.proofImages.length > 0 ? (
        <section className="grid gap-2" aria-labelledby="offer-proof">
          <h3 id="offer-proof" className="text-sm font-semibold">
            Proof of work
          </h3>
          <ImageGallery images={offer.proofImages} title="Proof of work" />
        </section>
      ) : null}
      <TextSection id="offer-terms" title="Terms and conditions" text={offer.termsConditions} />
      <TextSection id="offer-notes" title="Additional notes" text={offer.engagementNotes} />

      {offer.contestDeadline ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
          {contestDeadlineLabel(offer.contestDeadline)}
        </p>
      ) : null}

      {email || phone ? (
        <section className="grid gap-1" aria-labelledby="offer-contact">
          <h3 id="offer-contact" className="text-sm font-semibold">
            Contact
          </h3>
          <ul className="grid gap-1 text-sm">
            {email ? (
              <li>
                <a
                  href={`mailto:${email}`}
                  className="inline-flex items-center gap-2 break-all text-primary underline-offset-4 hover:underline"
                >
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  {email}
                </a>
              </li>
            ) : null}
            {phone ? (
              <li>
                <a
                  href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                  className="inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline"
                >
                  <Phone aria-hidden="true" className="size-4 shrink-0" />
                  {phone}
                </a>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}

      <OfferThread offer={offer} />

      <div className="border-t border-border pt-4">
        <OfferActions offer={offer} onClose={onClose} />
      </div>
    </>
  );
}
