import { PAGE_TITLES, type BusinessFeedCounts, type FeedGroup as FeedGroupName } from '@grip/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Page } from '@/components/layout/page';
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

/** Service Requests (spec 3 §2): the requests matching this business, in three collapsible groups. */
export function BusinessRequestsView() {
  const now = useNow();
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

  return (
    <Page
      title={PAGE_TITLES['/business-requests'] ?? 'Service Requests'}
      subtitle="Opportunities matching your service categories"
    >
      {GROUPS.map(({ group, title, countKey, emptyText }) => (
        <FeedGroup
          key={group}
          title={title}
          count={counts.data?.[countKey] ?? null}
          pages={pages[group]}
          isOpen={open[group]}
          onOpenChange={(isOpen) => setOpen((current) => ({ ...current, [group]: isOpen }))}
          emptyText={emptyText}
          renderItem={(request) => <FeedRequestCard request={request} now={now} />}
        />
      ))}
    </Page>
  );
}
