import {
  OPPORTUNITY_GROUP_TITLES,
  OPPORTUNITY_GROUPS,
  OPPORTUNITY_MESSAGES,
  PAGE_TITLES,
} from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { Clock, RotateCcw } from 'lucide-react';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useNow } from '@/lib/use-now';
import { opportunitiesQueryOptions } from '../api/opportunities';
import { OpportunityCard } from './opportunity-card';
import { OpportunityGroup } from './opportunity-group';

const EMPTY_TEXT = {
  active: 'No opportunities with activity in the last 24 hours',
  expiring: 'No opportunities expiring soon',
  expired: 'No expired requests',
} as const;

/** Pending Opportunities (spec 3 §2): the business's offers in play, grouped by latest activity. */
export function OpportunitiesView() {
  const now = useNow();
  const query = useQuery(opportunitiesQueryOptions());
  const items = query.data?.items ?? [];

  return (
    <Page
      title={PAGE_TITLES['/business-active'] ?? 'Pending Opportunities'}
      subtitle="Your responses with ongoing conversations and accepted jobs"
    >
      {query.isPending ? (
        <ListSkeleton rows={3} label="Loading pending opportunities" />
      ) : query.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-lg border border-danger-border bg-danger-surface px-4 py-6 text-center text-sm text-danger-foreground"
        >
          <p>Failed to load pending opportunities.</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Retry
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={Clock}
          title={OPPORTUNITY_MESSAGES.empty}
          description="When you respond to a request, it stays here until the customer decides."
        />
      ) : (
        <>
          {query.data.truncated ? (
            <p className="text-sm text-muted-foreground">
              Showing your {items.length} most recent opportunities.
            </p>
          ) : null}
          {OPPORTUNITY_GROUPS.map((group) => {
            const inGroup = items.filter((o) => o.group === group);
            return (
              <OpportunityGroup
                key={group}
                title={OPPORTUNITY_GROUP_TITLES[group]}
                count={inGroup.length}
                defaultOpen={group !== 'expired'}
                emptyText={EMPTY_TEXT[group]}
              >
                {inGroup.map((o) => (
                  <li key={o.id}>
                    <OpportunityCard opportunity={o} now={now} />
                  </li>
                ))}
              </OpportunityGroup>
            );
          })}
        </>
      )}
    </Page>
  );
}
