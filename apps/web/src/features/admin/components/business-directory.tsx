import {
  ADMIN_ACTIVE_REQUESTS_HINT,
  ADMIN_ACTIVE_REQUESTS_LABEL,
  ADMIN_DIRECTORY_MESSAGES,
  type AdminBusiness,
} from '@grip/domain';
import { Pencil, RotateCw, Store } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { SearchInput } from '@/components/ui/search-input';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/features/location/hooks/use-debounced-value';
import { useBusinessDirectory } from '../api/directory';
import { BusinessEditDialog } from './business-edit-dialog';

const SEARCH_DELAY_MS = 300;

export const businessLabel = (b: AdminBusiness) => b.businessName || b.displayName || b.accountEmail;

/**
 * Business Directory (spec 3 Admin dashboard): every business owner with its categories, active
 * requests and an edit button that opens the business-profile edit dialog. Columns from 768 px,
 * stacked cards on phones.
 */
export function BusinessDirectory() {
  const [search, setSearch] = useState('');
  // One request per pause in typing, not one per key.
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [editing, setEditing] = useState<AdminBusiness | null>(null);
  const list = useBusinessDirectory(q);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="grid gap-4">
      <SearchInput
        className="sm:max-w-sm"
        aria-label="Search businesses"
        placeholder="Search by name or email"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />

      {list.isPending ? (
        <ListSkeleton rows={4} label="Loading businesses" />
      ) : list.isError && items.length === 0 ? (
        <Alert tone="danger" role="alert" className="flex-col items-start">
          <p className="font-semibold">{ADMIN_DIRECTORY_MESSAGES.directoryLoadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            <RotateCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        q ? (
          <EmptyState
            icon={Store}
            title={ADMIN_DIRECTORY_MESSAGES.noMatches}
            action={
              <Button variant="outline" size="sm" onClick={() => setSearch('')}>
                Show all businesses
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Store}
            title={ADMIN_DIRECTORY_MESSAGES.noBusinesses}
            description="Businesses appear here when they register or are imported with Bulk Upload."
          />
        )
      ) : (
        <>
          <div
            aria-hidden="true"
            className="hidden px-3 text-xs font-medium text-muted-foreground md:grid md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_8rem_2.5rem] md:gap-3"
          >
            <span>Business</span>
            <span>Categories</span>
            <span className="text-right" title={ADMIN_ACTIVE_REQUESTS_HINT}>
              {ADMIN_ACTIVE_REQUESTS_LABEL}
            </span>
            <span />
          </div>
          <ul className="grid gap-2" aria-label="Business directory">
            {items.map((business) => (
              <li
                key={business.userId}
                data-testid="directory-business"
                className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 rounded-lg border border-border bg-background p-3 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_8rem_2.5rem] md:items-center"
              >
                <div className="grid min-w-0 gap-0.5">
                  <span className="font-medium break-words">{businessLabel(business)}</span>
                  <span className="truncate text-xs text-muted-foreground">{business.accountEmail}</span>
                  <span className="text-xs text-muted-foreground">
                    {[
                      business.serviceAreaKm === null ? 'No service area' : `${business.serviceAreaKm} km`,
                      business.areaLabel,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="md:order-4"
                  aria-label={`Edit ${businessLabel(business)}`}
                  onClick={() => setEditing(business)}
                >
                  <Pencil aria-hidden="true" className="size-5" />
                </Button>
                <ul
                  className="col-span-2 flex flex-wrap gap-1 md:order-2 md:col-span-1"
                  aria-label={`Categories of ${businessLabel(business)}`}
                >
                  {business.serviceCategories.length === 0 ? (
                    <li className="text-sm text-muted-foreground">No categories</li>
                  ) : (
                    business.serviceCategories.map((category) => (
                      <li key={category}>
                        <Badge tone="neutral">{category}</Badge>
                      </li>
                    ))
                  )}
                </ul>
                <p
                  className="col-span-2 text-sm md:order-3 md:col-span-1 md:text-right"
                  data-testid="active-requests"
                >
                  <span className="font-semibold tabular-nums">{business.activeRequests}</span>
                  <span className="text-muted-foreground md:sr-only">
                    {' '}
                    {ADMIN_ACTIVE_REQUESTS_LABEL.toLowerCase()}
                  </span>
                </p>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">
            {ADMIN_ACTIVE_REQUESTS_LABEL}: {ADMIN_ACTIVE_REQUESTS_HINT}
          </p>
          <LoadMore pages={list} failedText={ADMIN_DIRECTORY_MESSAGES.directoryLoadFailed} />
        </>
      )}
      <BusinessEditDialog business={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
