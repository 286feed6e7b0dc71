import { PAGE_TITLES, type BusinessFeedCounts, type FeedGroup as FeedGroupName } from '@grip/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { DetailPlaceholder, ListDetail, useIsDesktop } from '@/components/layout/list-detail';
import { Page } from '@/components/layout/page';
import { cn } from '@/lib/utils';
import { useNow } from '@/lib/use-now';
import { businessRequestCountsQueryOptions } from '../api/get-business-request-counts';
import { businessRequestsQueryOptions } from '../api/get-business-requests';
import { FeedGroup } from './feed-group';
import { FeedRequestCard } from './feed-request-card';

const GROUPS: readonly {
  group: FeedGroupName;
  title: string;
  countKey: keyof BusinessFeedCounts;
  emptyText: string;
}[] = [
  { group: 'new', title: 'New Requests', countKey: 'new', emptyText: 'No new requests available' },
  {
    group: 'about_to_expire',
    title: 'Requests about to Expire',
    countKey: 'aboutToExpire',
    emptyText: 'No requests about to expire',
  },
  { group: 'expired', title: 'Expired Requests', countKey: 'expired', emptyText: 'No expired requests' },
];

/** New is open by default; the others are read only once opened. */
const DEFAULT_OPEN: Record<FeedGroupName, boolean> = { new: true, about_to_expire: false, expired: false };

/** The chosen request beside the feed on desktop (app/ supplies it: it is the respond feature's). */
export type RequestPreview = ComponentType<{ requestId: string }>;

/**
 * Service Requests (spec 3 §2): the requests matching this business, in three collapsible groups.
 * On phones a card opens the respond page; from 1024 px, given `RequestPreview`, it shows the
 * request beside the feed (`?request={id}`, so a reload or Back keeps it) to compare before responding.
 */
export function BusinessRequestsView({ RequestPreview }: { RequestPreview?: RequestPreview }) {
  const now = useNow();
  const isDesktop = useIsDesktop() && RequestPreview !== undefined;
  const [params] = useSearchParams();
  const selectedId = isDesktop ? params.get('request') : null;
  const [open, setOpen] = useState(DEFAULT_OPEN);
  const counts = useQuery(businessRequestCountsQueryOptions());
  const pages = {
    new: useInfiniteQuery({ ...businessRequestsQueryOptions('new'), enabled: open.new }),
    about_to_expire: useInfiniteQuery({
      ...businessRequestsQueryOptions('about_to_expire'),
      enabled: open.about_to_expire,
    }),
    expired: useInfiniteQuery({ ...businessRequestsQueryOptions('expired'), enabled: open.expired }),
  };

  const list = (
    <>
      {GROUPS.map(({ group, title, countKey, emptyText }) => (
        <FeedGroup
          key={group}
          title={title}
          count={counts.data?.[countKey] ?? null}
          pages={pages[group]}
          isOpen={open[group]}
          onOpenChange={(isOpen) => setOpen((current) => ({ ...current, [group]: isOpen }))}
          emptyText={emptyText}
          renderItem={(request) =>
            isDesktop ? (
              <div
                data-selected={request.id === selectedId ? 'true' : undefined}
                className={cn('rounded-lg', request.id === selectedId && 'ring-2 ring-primary')}
              >
                <FeedRequestCard
                  request={request}
                  now={now}
                  linkTo={`/business-requests?request=${encodeURIComponent(request.id)}`}
                />
              </div>
            ) : (
              <FeedRequestCard request={request} now={now} />
            )
          }
        />
      ))}
    </>
  );

  return (
    <Page
      title={PAGE_TITLES['/business-requests'] ?? 'Service Requests'}
      subtitle="Opportunities matching your service categories"
    >
      {isDesktop && RequestPreview ? (
        <ListDetail
          list={list}
          detail={selectedId ? <RequestPreview key={selectedId} requestId={selectedId} /> : null}
          placeholder={<DetailPlaceholder icon={Inbox} text="Choose a request to see it in full." />}
          detailLabel="Request"
          selectionKey={selectedId}
        />
      ) : (
        list
      )}
    </Page>
  );
}
