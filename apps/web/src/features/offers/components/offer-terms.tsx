import type { OfferTerms } from '@grip/domain';
import { formatDateOnly, timeFlexibilityLabel } from '@/features/requests/request-display';
import { clockLabel, offerPriceLabel } from '../offer-display';

/** The terms a counter offer proposed: the price and, when given, the date, hour and flexibility. */
export function OfferTermsList({ terms, priceType }: { terms: OfferTerms; priceType: string }) {
  const flexibility = timeFlexibilityLabel(terms.timeFlexibility);
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm" aria-label="Proposed terms">
      <dt className="text-muted-foreground">Price</dt>
      <dd className="tabular font-semibold">{offerPriceLabel(terms.quotedPrice, priceType)}</dd>
      {terms.preferredDate ? (
        <>
          <dt className="text-muted-foreground">Date</dt>
          <dd>{formatDateOnly(terms.preferredDate)}</dd>
        </>
      ) : null}
      {terms.preferredTime ? (
        <>
          <dt className="text-muted-foreground">Time</dt>
          <dd>{clockLabel(terms.preferredTime)}</dd>
        </>
      ) : null}
      {flexibility ? (
        <>
          <dt className="text-muted-foreground">Flexibility</dt>
          <dd>{flexibility}</dd>
        </>
      ) : null}
    </dl>
  );
}
