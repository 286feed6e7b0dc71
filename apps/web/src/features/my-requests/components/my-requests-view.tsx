import { myRequestSection, PAGE_TITLES, type MyRequest } from '@grip/domain';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ListChecks, Plus } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { queryKeys } from '@/lib/query-keys';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { myRequestsQueryOptions, type MyRequestListSection } from '../api/get-my-requests';
import { ERROR_TOAST_MS } from '../failure-description';
import { ArchiveOldRequests } from './archive-old-requests';
import { ArchivedRequestItem } from './archived-request-item';
import { RequestCard } from './request-card';
import { LOAD_FAILED_TEXT, LoadError } from './load-error';
import { itemsOf, RequestSection } from './request-section';

/** Which sections are open and which cards are expanded; kept above the view so Back restores them. */
export interface MyRequestsUiState {
  openSections: Readonly<Record<MyRequestListSection, boolean>>;
  setSectionOpen: (section: MyRequestListSection, open: boolean) => void;
  expandedIds: ReadonlySet<string>;
  setExpanded: (id: string, expanded: boolean) => void;
}

/** Active is open and Expired closed by default (spec 2 §9); Archived waits to be asked for. */
export const DEFAULT_OPEN_SECTIONS: Record<MyRequestListSection, boolean> = {
  active: true,
  expired: false,
  archived: false,
};

/** The spec's load failure, once however many sections fail together. */
function useLoadErrorToast(hasError: boolean) {
  useEffect(() => {
    if (!hasError) return;
    toast.error('Error', {
      id: 'my-requests-load-error',
      description: LOAD_FAILED_TEXT,
      duration: ERROR_TOAST_MS,
    });
  }, [hasError]);
}

/**
 * The server groups by the 48 h rule when it answers; while the page stays open a request can cross
 * into Expired, and then both lists are read again so it moves section.
 */
function useRegroupWhenExpired(activeItems: readonly MyRequest[], now: Date) {
  const queryClient = useQueryClient();
  const hasCrossed = activeItems.some(
    (request) => myRequestSection(new Date(request.latestActivityAt), now) === 'expired',
  );
  useEffect(() => {
    if (!hasCrossed) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.requestList('active') });
    void queryClient.invalidateQueries({ queryKey: queryKeys.requestList('expired') });
  }, [hasCrossed, queryClient]);
}

interface MyRequestsViewProps {
  ui: MyRequestsUiState;
  /** Desktop: the request shown beside the list, marked in it. */
  selectedId?: string | null;
  /** Desktop: places the list (beside the selected request's details); phones show it alone. */
  layout?: (list: ReactNode) => ReactNode;
}

/** My Requests: Active and Expired sections, the archived list and archiving old requests. */
export function MyRequestsView({ ui, selectedId = null, layout }: MyRequestsViewProps) {
  const now = useNow();
  const active = useInfiniteQuery(myRequestsQueryOptions('active'));
  const activeItems = itemsOf(active);
  const isActiveEmpty = active.isSuccess && activeItems.length === 0;
  // Expired is read when opened, or when Active is empty: only then can we tell "no requests at all".
  const expired = useInfiniteQuery({
    ...myRequestsQueryOptions('expired'),
    enabled: ui.openSections.expired || isActiveEmpty,
  });
  const archived = useInfiniteQuery({
    ...myRequestsQueryOptions('archived'),
    enabled: ui.openSections.archived,
  });
  const hasNoRequests = isActiveEmpty && expired.isSuccess && itemsOf(expired).length === 0;

  useLoadErrorToast(active.isError || expired.isError || archived.isError);
  useRegroupWhenExpired(activeItems, now);

  const renderCard = (request: MyRequest) => (
    <div
      data-selected={request.id === selectedId ? 'true' : undefined}
      className={cn('rounded-lg', request.id === selectedId && 'ring-2 ring-primary')}
    >
      <RequestCard
        request={request}
        now={now}
        isExpanded={ui.expandedIds.has(request.id)}
        onExpandedChange={(expanded) => ui.setExpanded(request.id, expanded)}
      />
    </div>
  );

  const list = (
    <>
      {active.isPending || (isActiveEmpty && expired.isPending) ? (
        <ListSkeleton rows={3} label="Loading your requests" />
      ) : active.isError && !active.data ? (
        <LoadError onRetry={() => void active.refetch()} />
      ) : hasNoRequests ? (
        <EmptyState
          icon={ListChecks}
          title="You haven't submitted any requests yet."
          description="Tell us what you need and local businesses will send you quotes."
          action={
            <Button asChild>
              <Link to="/?direct=true">Create a request</Link>
            </Button>
          }
        />
      ) : (
        <>
          <RequestSection
            title="Active Requests"
            pages={active}
            isOpen={ui.openSections.active}
            onOpenChange={(open) => ui.setSectionOpen('active', open)}
            emptyText="No requests with activity in the last 48 hours."
            renderItem={renderCard}
          />
          <RequestSection
            title="Expired Requests"
            pages={expired}
            isOpen={ui.openSections.expired}
            onOpenChange={(open) => ui.setSectionOpen('expired', open)}
            emptyText="No expired requests."
            renderItem={renderCard}
          />
        </>
      )}
      <RequestSection
        title="Archived requests"
        pages={archived}
        isOpen={ui.openSections.archived}
        onOpenChange={(open) => ui.setSectionOpen('archived', open)}
        emptyText="No archived requests."
        renderItem={(request) => <ArchivedRequestItem request={request} />}
      />
      {active.isSuccess && !hasNoRequests ? <ArchiveOldRequests /> : null}
    </>
  );

  return (
    <Page
      title={PAGE_TITLES['/requests'] ?? 'My Requests'}
      actions={
        hasNoRequests ? null : (
          <Button asChild size="sm">
            <Link to="/?direct=true">
              <Plus aria-hidden="true" className="size-4" />
              New request
            </Link>
          </Button>
        )
      }
    >
      {layout && (selectedId !== null || !hasNoRequests) ? layout(list) : list}
    </Page>
  );
}
