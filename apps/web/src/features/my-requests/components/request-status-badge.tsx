import type { MyRequest } from '@grip/domain';
import { Badge } from '@/components/ui/badge';
import { displayStatusOf } from '../request-facts';
import { displayStatusTone } from '@/features/requests/request-display';

/** The request's display status (COMPLETED, CONFIRMED, EXPIRED or its status words) as a coloured word. */
export function RequestStatusBadge({ request, now }: { request: MyRequest; now: Date }) {
  const status = displayStatusOf(request, now);
  return (
    <Badge tone={displayStatusTone(status)} data-testid="request-status">
      {status}
    </Badge>
  );
}

/** Urgent requests carry a red outline marker (UI guide). */
export function UrgentBadge() {
  return <Badge className="border border-danger bg-transparent text-danger">URGENT</Badge>;
}
