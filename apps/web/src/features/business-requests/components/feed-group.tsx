import type { BusinessFeedPage, BusinessRequestView } from '@grip/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PagedSection } from '@/components/ui/paged-section';

export type FeedPages = UseInfiniteQueryResult<InfiniteData<BusinessFeedPage>>;

interface FeedGroupProps {
  title: string;
  /** From the counts call; null while it loads or when it failed. */
  count: number | null;
  pages: FeedPages;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  emptyText: string;
  renderItem: (request: BusinessRequestView) => ReactNode;
}

const LOAD_FAILED = 'Failed to load service requests.';

/** A collapsible group of the feed, a page at a time ('Load more'). */
export function FeedGroup(props: FeedGroupProps) {
  return (
    <PagedSection
      {...props}
      countTestId="group-count"
      loadFailedText={LOAD_FAILED}
      keyOf={(request) => request.id}
    />
  );
}
