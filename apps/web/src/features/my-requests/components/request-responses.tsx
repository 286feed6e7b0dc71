import { CUSTOMER_OFFER_MESSAGES, hasRating, ratingSummary, type RequestResponseSummary } from '@grip/domain';
import { CalendarDays, ChevronRight, Clock, Star, Store } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ResponseBadges } from '@/features/offers/components/response-badges';
import { OfferDialog } from '@/features/offers/components/offer-dialog';
import {
  formatDateOnly,
  quotedPriceLabel,
  responseStatusLabel,
  responseStatusTone,
} from '@/features/requests/request-display';

/**
 * The businesses' answers to a request: name, quote, status and when they are available. Each one
 * opens its offer (Response detail): the business name is the button, stretched over the whole
 * summary so a tap anywhere on it works, while the rest is still read as plain text.
 */
export function RequestResponses({ responses }: { responses: readonly RequestResponseSummary[] }) {
  return (
    <ul className="grid gap-2" aria-label="Business responses">
      {responses.map((response) => (
        <ResponseItem key={response.id} response={response} />
      ))}
    </ul>
  );
}

function ResponseItem({ response }: { response: RequestResponseSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="relative grid gap-1.5 rounded-md border border-border bg-surface p-3 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-muted">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 items-center gap-2 font-medium">
          <Store aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <OfferDialog
            responseId={response.id}
            open={open}
            onOpenChange={setOpen}
            trigger={
              <button
                type="button"
                className="min-w-0 truncate text-left outline-none after:absolute after:inset-0 after:rounded-md"
              >
                <span>{response.businessName}</span>
                <span className="sr-only"> (view offer)</span>
              </button>
            }
          />
        </span>
        <span className="flex items-center gap-1">
          <Badge tone={responseStatusTone(response.status)}>{responseStatusLabel(response)}</Badge>
          <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
        </span>
      </div>
      {/* The status badge above already says where the offer stands; these add what is new to the customer. */}
      <ResponseBadges response={response} showState={false} />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="tabular font-semibold">{quotedPriceLabel(response)}</span>
        <span className="flex items-center gap-1 text-muted-foreground">
          {hasRating(response.ratingAverage, response.reviewCount) ? (
            <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
          ) : null}
          {ratingSummary(response.ratingAverage, response.reviewCount)}
        </span>
        {response.availabilityDate ? (
          <span className="flex items-center gap-1 text-muted-foreground">
            <CalendarDays aria-hidden="true" className="size-4" />
            Available {formatDateOnly(response.availabilityDate)}
            {response.availabilityTime ? ` at ${response.availabilityTime.slice(0, 5)}` : ''}
          </span>
        ) : null}
      </div>
      {response.stateBadge === 'PENDING' ? (
        <p className="flex items-center gap-1.5 text-sm text-warning-foreground">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {CUSTOMER_OFFER_MESSAGES.pendingFromBusiness}
        </p>
      ) : null}
      {response.message ? (
        <p className="line-clamp-2 text-sm whitespace-pre-line text-muted-foreground">{response.message}</p>
      ) : null}
    </li>
  );
}
