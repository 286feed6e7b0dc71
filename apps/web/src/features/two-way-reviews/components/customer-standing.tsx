import { customerStandingLabel } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { customerStandingQuery } from '../api/two-way-reviews-api';

/** How other businesses rated this request's customer (issue 32): a rating and count, nothing more. */
export function CustomerStanding({ requestId }: { requestId: string }) {
  const standing = useQuery(customerStandingQuery(requestId));
  if (!standing.data) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="customer-standing">
      <UserRound aria-hidden="true" className="size-4 shrink-0" />
      {customerStandingLabel(standing.data)}
    </p>
  );
}
