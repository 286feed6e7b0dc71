import type { CustomerOffer } from '@grip/domain';
import { Badge } from '@/components/ui/badge';
import { offerKindLabel, STATE_BADGE_TONES, VIEW_BADGE_TONES } from '../offer-display';

/** The state badge (COMPLETED/BOOKED/DECLINED/PENDING), the view badge and Accepted as Is/Counteroffer. */
export function OfferBadges({ offer }: { offer: CustomerOffer }) {
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Offer status">
      {offer.stateBadge ? (
        <Badge tone={STATE_BADGE_TONES[offer.stateBadge]} data-testid="offer-state">
          {offer.stateBadge}
        </Badge>
      ) : null}
      <Badge tone={VIEW_BADGE_TONES[offer.viewStatus]} data-testid="offer-view">
        {offer.viewStatus}
      </Badge>
      {/* A kind of offer, not a state: kept in the quiet neutral tone. */}
      <Badge tone="neutral" className="border border-border bg-background">
        {offerKindLabel(offer.isAcceptedAsIs)}
      </Badge>
    </div>
  );
}
