import type { MyRequest, MyRequestPage } from '@grip/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PagedSection } from '@/components/ui/paged-section';
import { LOAD_FAILED_TEXT } from './load-error';

export type MyRequestPages = UseInfiniteQueryResult<InfiniteData<MyRequestPage>>;

interface RequestSectionProps {
  title: string;
  pages: MyRequestPages;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown when the section has loaded and holds nothing. */
  emptyText: string;
  renderItem: (request: MyRequest) => ReactNode;
}

export function itemsOf(pages: MyRequestPages): MyRequest[] {
  return pages.data?.pages.flatMap((page) => page.items) ?? [];
}

/** The count once every page is loaded; before that, what is loaded so far with a '+'. */
function countLabel(pages: MyRequestPages): string | null {
  if (!pages.data) return null;
  const count = itemsOf(pages).length;
  return pages.hasNextPage ? `${count}+` : String(count);
}

/** A collapsible list of requests, a page at a time ('Load more'). */
export function RequestSection(props: RequestSectionProps) {
  return (
    <PagedSection
      {...props}
      count={countLabel(props.pages)}
      loadFailedText={LOAD_FAILED_TEXT}
      keyOf={(request) => request.id}
    />
  );
}
