import type { BusinessFeedPage, BusinessRequestView } from '@grip/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ChevronDown, RotateCcw } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

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
export function FeedGroup({
  title,
  count,
  pages,
  isOpen,
  onOpenChange,
  emptyText,
  renderItem,
}: FeedGroupProps) {
  const contentId = useId();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="grid gap-3">
      <h2>
        <button
          type="button"
          className="flex w-full items-center justify-between gap-3 rounded-lg border border-border bg-background px-4 py-3 text-left text-base font-semibold shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-expanded={isOpen}
          aria-controls={isOpen ? contentId : undefined}
          onClick={() => onOpenChange(!isOpen)}
        >
          <span className="flex items-center gap-2">
            {title}
            {count !== null ? (
              <span
                data-testid="group-count"
                className="tabular rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground"
              >
                {count}
              </span>
            ) : null}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 text-muted-foreground transition-transform', isOpen && 'rotate-180')}
          />
        </button>
      </h2>
      {isOpen ? (
        <div id={contentId} className="grid gap-3">
          {pages.isPending ? (
            <ListSkeleton rows={2} label={`Loading ${title.toLowerCase()}`} />
          ) : pages.isError && items.length === 0 ? (
            <div
              role="alert"
              className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-6 text-center text-sm text-red-900"
            >
              <p>{LOAD_FAILED}</p>
              <Button variant="outline" size="sm" onClick={() => void pages.refetch()}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Retry
              </Button>
            </div>
          ) : items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border bg-background px-4 py-6 text-center text-sm text-muted-foreground">
              {emptyText}
            </p>
          ) : (
            <>
              <ul className="grid gap-3" aria-label={title}>
                {items.map((request) => (
                  <li key={request.id}>{renderItem(request)}</li>
                ))}
              </ul>
              {pages.isFetchNextPageError ? (
                <p role="alert" className="text-center text-sm text-destructive">
                  {LOAD_FAILED}
                </p>
              ) : null}
              {pages.hasNextPage ? (
                <Button
                  variant="outline"
                  className="justify-self-center"
                  disabled={pages.isFetchingNextPage}
                  onClick={() => void pages.fetchNextPage()}
                >
                  {pages.isFetchingNextPage ? <Spinner className="size-4" /> : null}
                  Load more
                </Button>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
