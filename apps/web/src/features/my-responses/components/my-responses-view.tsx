import { queryKeys } from '@/lib/query-keys';
import {
  MY_RESPONSES_DEFAULT_OPEN,
  MY_RESPONSES_EMPTY_TEXTS,
  MY_RESPONSES_GROUP_TITLES,
  MY_RESPONSES_GROUPS,
  MY_RESPONSES_MESSAGES,
  myResponsesGroupOf,
  PAGE_TITLES,
  type MyRequestDetail,
  type MyResponsesGroup,
  type MyResponsesPage,
} from '@grip/domain';
import {
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { MessageSquareQuote } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DetailPlaceholder, ListDetail, useIsDesktop } from '@/components/layout/list-detail';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedSection } from '@/components/ui/paged-section';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useNow } from '@/lib/use-now';
import { myResponsesQueryOptions } from '../api/get-my-responses';
import { ResponseRequestCard } from './response-request-card';
import { ResponseRequestPane } from './response-request-pane';

type GroupPages = UseInfiniteQueryResult<InfiniteData<MyResponsesPage>>;

const itemsOf = (pages: GroupPages): MyRequestDetail[] => pages.data?.pages.flatMap((p) => p.items) ?? [];

/** The count once every page is loaded; before that, what is loaded so far with a '+'. */
function countLabel(pages: GroupPages): string | null {
  if (!pages.data) return null;
  const count = itemsOf(pages).length;
  return pages.hasNextPage ? `${count}+` : String(count);
}

/**
 * The server groups by creation age when it answers; while the page stays open a request grows
 * older, and then every group is read again so it moves to its new group.
 */
function useRegroupWhenOlder(groups: Record<MyResponsesGroup, GroupPages>, now: Date) {
  const queryClient = useQueryClient();
  const hasMoved = MY_RESPONSES_GROUPS.some((group) =>
    itemsOf(groups[group]).some(
      (request) => myResponsesGroupOf(new Date(request.createdAt), request.status, now) !== group,
    ),
  );
  useEffect(() => {
    if (hasMoved) void queryClient.invalidateQueries({ queryKey: queryKeys.myResponses });
  }, [hasMoved, queryClient]);
}

/**
 * My Responses (spec 2): the customer's answered requests in New, about to Expire and Expired
 * groups; New is open at first, the other two are read when opened (or when New is empty, to tell
 * "nothing at all" apart). Phones expand a request in place; from 1024 px its offers show beside
 * the list (`?request={id}`, so a reload or Back keeps the choice).
 */
export function MyResponsesView() {
  const now = useNow();
  const isDesktop = useIsDesktop();
  const [params] = useSearchParams();
  const selectedId = isDesktop ? params.get('request') : null;
  const [open, setOpen] = useState(MY_RESPONSES_DEFAULT_OPEN);
  const fresh = useInfiniteQuery(myResponsesQueryOptions('new'));
  const isNewEmpty = fresh.isSuccess && itemsOf(fresh).length === 0;
  const aboutToExpire = useInfiniteQuery({
    ...myResponsesQueryOptions('about_to_expire'),
    enabled: open.about_to_expire || isNewEmpty,
  });
  const expired = useInfiniteQuery({
    ...myResponsesQueryOptions('expired'),
    enabled: open.expired || isNewEmpty,
  });
  const groups: Record<MyResponsesGroup, GroupPages> = {
    new: fresh,
    about_to_expire: aboutToExpire,
    expired,
  };
  useRegroupWhenOlder(groups, now);

  const isWorkingOutEmpty = isNewEmpty && (aboutToExpire.isPending || expired.isPending);
  const hasNoResponses =
    isNewEmpty &&
    aboutToExpire.isSuccess &&
    expired.isSuccess &&
    itemsOf(aboutToExpire).length === 0 &&
    itemsOf(expired).length === 0;

  const list = (
    <>
      {isWorkingOutEmpty ? (
        <ListSkeleton rows={3} label="Loading your responses" />
      ) : hasNoResponses ? (
        <EmptyState
          icon={MessageSquareQuote}
          title={MY_RESPONSES_MESSAGES.noResponsesTitle}
          description={MY_RESPONSES_MESSAGES.noResponses}
          action={
            <Button asChild variant="outline">
              <Link to="/requests">View my requests</Link>
            </Button>
          }
        />
      ) : (
        MY_RESPONSES_GROUPS.map((group) => (
          <PagedSection
            key={group}
            title={MY_RESPONSES_GROUP_TITLES[group]}
            count={countLabel(groups[group])}
            isOpen={open[group]}
            onOpenChange={(isOpen) => setOpen((current) => ({ ...current, [group]: isOpen }))}
            pages={groups[group]}
            emptyText={MY_RESPONSES_EMPTY_TEXTS[group]}
            loadFailedText={MY_RESPONSES_MESSAGES.loadFailed}
            keyOf={(request) => request.id}
            renderItem={(request) => (
              <ResponseRequestCard
                request={request}
                isSelected={isDesktop ? request.id === selectedId : undefined}
              />
            )}
          />
        ))
      )}
    </>
  );
  if (!isDesktop || (hasNoResponses && selectedId === null)) {
    return <Page title={PAGE_TITLES['/responses'] ?? 'My Responses'}>{list}</Page>;
  }
  const listed = MY_RESPONSES_GROUPS.flatMap((group) => itemsOf(groups[group])).find(
    (request) => request.id === selectedId,
  );
  return (
    <Page title={PAGE_TITLES['/responses'] ?? 'My Responses'}>
      <ListDetail
        list={list}
        detail={selectedId ? <ResponseRequestPane key={selectedId} id={selectedId} listed={listed} /> : null}
        placeholder={
          <DetailPlaceholder icon={MessageSquareQuote} text="Choose a request to compare its offers." />
        }
        detailLabel="Offers"
        selectionKey={selectedId}
      />
    </Page>
  );
}
