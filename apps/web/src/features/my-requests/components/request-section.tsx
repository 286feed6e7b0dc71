import type { MyRequest, MyRequestPage } from '@grip/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { LoadError } from './load-error';

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
export function RequestSection({
  title,
  pages,
  isOpen,
  onOpenChange,
  emptyText,
  renderItem,
}: RequestSectionProps) {
  const contentId = useId();
  const items = itemsOf(pages);
  const count = countLabel(pages);

  return (
    <section className="grid gap-3">
      <h2>
        <button
          type="button"
          className="flex w-full items-center justify-between gap-3 rounded-lg border border-border bg-background px-4 py-3 text-left text-base font-semibold shadow-sm hover:bg-muted"
          aria-expanded={isOpen}
          aria-controls={isOpen ? contentId : undefined}
          onClick={() => onOpenChange(!isOpen)}
        >
          <span className="flex items-center gap-2">
            {title}
            {count !== null ? (
              <span className="tabular rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
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
            <LoadError onRetry={() => void pages.refetch()} />
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
                <p className="text-center text-sm text-destructive">Failed to load your requests.</p>
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
