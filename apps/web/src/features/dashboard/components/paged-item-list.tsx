import type { DashboardItem, DashboardPage } from '@grip/domain';
import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListLoadError } from '@/components/ui/paged-section';
import { ListSkeleton } from '@/components/ui/skeleton';
import { DashboardItemList, type ItemTarget } from './dashboard-item-list';

type PageOptions = UseInfiniteQueryOptions<
  DashboardPage,
  Error,
  InfiniteData<DashboardPage>,
  readonly unknown[],
  string | null
>;

/** A dashboard list read from the server a page at a time, with 'Load more' and its states. */
export function PagedItemList({
  options,
  label,
  emptyIcon,
  emptyText,
  linkTo,
}: {
  options: PageOptions;
  label: string;
  emptyIcon: LucideIcon;
  emptyText: string;
  linkTo?: (item: DashboardItem) => ItemTarget | undefined;
}) {
  const query = useInfiniteQuery(options);
  if (query.isPending) return <ListSkeleton rows={2} label={`Loading ${label}`} />;
  if (query.isError) {
    return <ListLoadError message="This list could not be loaded." onRetry={() => void query.refetch()} />;
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState icon={emptyIcon} title={emptyText} />;
  return (
    <div className="grid gap-3">
      <DashboardItemList items={items} label={label} linkTo={linkTo} />
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          isLoading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}
