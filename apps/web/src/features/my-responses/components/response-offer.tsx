import { CUSTOMER_OFFER_MESSAGES, myResponseOfferActions, type RequestResponseSummary } from '@grip/domain';
import { CalendarDays, Clock, Eye, Store } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { OfferDialog } from '@/features/offers/components/offer-dialog';
import { availabilityLabel, offerPriceLabel } from '@/features/offers/offer-display';
import { OfferButtons } from './offer-buttons';
import { ResponseBadges } from '@/features/offers/components/response-badges';

interface ResponseOfferProps {
  requestId: string;
  requestStatus: string;
  response: RequestResponseSummary;
}

/** One business's offer on a My Responses card: who, how much, its badges and what can be done. */
export function ResponseOffer({ requestId, requestStatus, response }: ResponseOfferProps) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const baseId = useId();
  const headingId = `${baseId}-name`;
  const pendingNoteId = `${baseId}-pending`;
  const detailsButtonId = `${baseId}-details`;
  const actions = myResponseOfferActions(response, requestStatus);
  const availability = availabilityLabel(response.availabilityDate, response.availabilityTime);

  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-md border border-border bg-surface p-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h4 id={headingId} className="flex min-w-0 items-center gap-2 font-medium">
          <Store aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 break-words">{response.businessName}</span>
        </h4>
        <span className="tabular font-semibold">
          {response.quotedPrice === null
            ? 'No price quoted'
            : offerPriceLabel(response.quotedPrice, response.priceType)}
        </span>
      </div>
      <ResponseBadges response={response} />
      {availability ? (
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          Available {availability}
        </p>
      ) : null}
      {response.message ? (
        <p className="line-clamp-2 text-sm break-words whitespace-pre-line text-muted-foreground">
          {response.message}
        </p>
      ) : null}
      {actions.isPendingFromBusiness ? (
        <p
          id={pendingNoteId}
          className="flex items-center gap-2 rounded-md bg-warning px-3 py-2 text-sm text-warning-foreground"
        >
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {CUSTOMER_OFFER_MESSAGES.pendingFromBusiness}
        </p>
      ) : null}
      <OfferButtons
        requestId={requestId}
        response={response}
        actions={actions}
        pendingNoteId={pendingNoteId}
        detailsButtonId={detailsButtonId}
      />
      <OfferDialog
        responseId={response.id}
        open={detailsOpen}
        onOpenChange={setDetailsOpen}
        trigger={
          <Button id={detailsButtonId} variant="ghost" size="sm" className="justify-self-start">
            <Eye aria-hidden="true" className="size-4" />
            View details
          </Button>
        }
      />
    </article>
  );
}
