import type { Opportunity } from '@grip/domain';
import { statusLabel } from '@grip/domain';
import { Badge } from '@/components/ui/badge';

const STATUS_TONE: Record<string, 'success' | 'warning' | 'info' | 'danger'> = {
  accepted: 'success',
  in_progress: 'info',
  pending: 'warning',
  declined: 'danger',
  rejected: 'danger',
};

/** The response's status, the expired badge (spec 3 §4) and the counter-offer state, in words. */
export function OpportunityBadges({ opportunity }: { opportunity: Opportunity }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge tone={STATUS_TONE[opportunity.status] ?? 'warning'}>{statusLabel(opportunity.status)}</Badge>
      {opportunity.expiredBadge ? (
        <Badge tone={opportunity.expiredBadge === 'Declined' ? 'danger' : 'neutral'}>
          {opportunity.expiredBadge}
        </Badge>
      ) : null}
      {opportunity.hasPendingCounterOffer ? <Badge tone="info">Counter offer sent</Badge> : null}
      {opportunity.canAccept ? <Badge tone="primary">Customer counter offer</Badge> : null}
      {opportunity.request.isUrgent ? <Badge tone="danger">URGENT</Badge> : null}
    </span>
  );
}
