import { MY_RESPONSES_MESSAGES, type RequestResponseSummary } from '@grip/domain';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { STATE_BADGE_TONES, VIEW_BADGE_TONES } from '../offer-display';

interface ResponseBadgesProps {
  response: Pick<RequestResponseSummary, 'stateBadge' | 'viewStatus' | 'customerSentModifiedOffer'>;
  /** My Requests shows the response's status in its own badge, so it leaves the state badge out. */
  showState?: boolean;
  className?: string;
}

/**
 * Spec 2 §4 "Response badges" on an offer in a list: the state (COMPLETED, BOOKED, DECLINED,
 * PENDING), NEW / EDITED / VIEWED, and 'Customer sent modified request' once the customer countered.
 */
export function ResponseBadges({ response, showState = true, className }: ResponseBadgesProps) {
  return (
    <span className={cn('flex flex-wrap items-center gap-1.5', className)}>
      {showState && response.stateBadge ? (
        <Badge tone={STATE_BADGE_TONES[response.stateBadge]} data-testid="response-state">
          {response.stateBadge}
        </Badge>
      ) : null}
      <Badge tone={VIEW_BADGE_TONES[response.viewStatus]} data-testid="response-view">
        {response.viewStatus}
      </Badge>
      {response.customerSentModifiedOffer ? (
        // A fact about the negotiation, not a state: the quiet outlined tone.
        <Badge tone="neutral" className="border border-border bg-background">
          {MY_RESPONSES_MESSAGES.modifiedRequestBadge}
        </Badge>
      ) : null}
    </span>
  );
}
