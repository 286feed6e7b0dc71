import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ChevronDown, RotateCcw } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { ListSkeleton } from './skeleton';
import { LoadMore } from './load-more';

/** A list's load failure in place: the message and a way to try again. */
export function ListLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-danger-border bg-danger-surface px-4 py-6 text-center text-sm text-danger-foreground"
    >
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Retry
      </Button>
    </div>
  );
}

interface PagedSectionProps<T> {
  title: string;
  /** Shown beside the title when known (a number, or e.g. '20+'). */
  count?: number | string | null;
  countTestId?: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Server pages of `{ items }`; read only while the section is open. */
  pages: UseInfiniteQueryResult<InfiniteData<{ items: readonly T[] }>>;
  emptyText: string;
  loadFailedText: string;
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  listClassName?: string;
}

/**
 * A collapsible list loaded from the server a page at a time ('Load more'), with its loading, error
 * and empty states: My Requests, the business feed and the bookings all show their lists this way.
 */
export function PagedSection<T>({
  title,
  count = null,
  countTestId,
  isOpen,
  onOpenChange,
  pages,
  emptyText,
  loadFailedText,
  keyOf,
  renderItem,
  listClassName,
}: PagedSectionProps<T>) {
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
                data-testid={countTestId}
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
            <ListLoadError message={loadFailedText} onRetry={() => void pages.refetch()} />
          ) : items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border bg-background px-4 py-6 text-center text-sm text-muted-foreground">
              {emptyText}
            </p>
          ) : (
            <>
              <ul className={cn('grid gap-3', listClassName)} aria-label={title}>
                {items.map((item) => (
                  <li key={keyOf(item)}>{renderItem(item)}</li>
                ))}
              </ul>
              <LoadMore pages={pages} failedText={loadFailedText} />
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
