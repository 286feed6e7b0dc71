import {
  formatDistanceKm,
  hasRating,
  isHttpUrl,
  ratingSummary,
  type AdminBusinessResult,
} from '@grip/domain';
import { ChevronDown, MapPin, Navigation, Star } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

const NOT_GIVEN = <span className="text-muted-foreground">Not given</span>;

/**
 * One business found (spec 3: 'Results are expandable cards'). Collapsed: name, distance, area and
 * rating; the header is a button (Enter/Space, aria-expanded) that opens the address, phone,
 * website, services and service area.
 */
export function BusinessResultCard({ business }: { business: AdminBusinessResult }) {
  const [isOpen, setIsOpen] = useState(false);
  const detailsId = useId();
  const rated = hasRating(business.ratingAverage, business.reviewCount);
  const website = business.website && isHttpUrl(business.website) ? business.website : null;

  return (
    <li className="rounded-lg border border-border bg-background">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={detailsId}
        onClick={() => setIsOpen((open) => !open)}
        className={cn(
          'flex w-full items-start gap-3 rounded-lg p-4 text-left transition-colors hover:bg-muted/60',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        )}
      >
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="font-semibold">{business.businessName}</span>
          <span className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            {business.distanceKm !== null ? (
              <span className="flex items-center gap-1 tabular-nums">
                <Navigation aria-hidden="true" className="size-3.5" />
                {formatDistanceKm(business.distanceKm)} away
              </span>
            ) : null}
            {business.areaLabel ? (
              <span className="flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5" />
                {business.areaLabel}
              </span>
            ) : null}
            <span className="flex items-center gap-1 tabular-nums">
              {rated ? <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" /> : null}
              {ratingSummary(business.ratingAverage, business.reviewCount)}
            </span>
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn(
            'mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform',
            isOpen && 'rotate-180',
          )}
        />
      </button>
      <div id={detailsId} hidden={!isOpen} className="border-t border-border px-4 py-3 text-sm">
        <dl className="grid gap-2">
          <Detail label="Address">{business.address ?? business.areaLabel ?? NOT_GIVEN}</Detail>
          <Detail label="Phone">
            {business.phone ? (
              <a href={`tel:${business.phone.replace(/[^\d+]/g, '')}`} className="text-primary underline">
                {business.phone}
              </a>
            ) : (
              NOT_GIVEN
            )}
          </Detail>
          <Detail label="Website">
            {website ? (
              <a href={website} target="_blank" rel="noreferrer noopener" className="text-primary underline">
                {website}
              </a>
            ) : (
              (business.website ?? NOT_GIVEN)
            )}
          </Detail>
          <Detail label="Services">
            {business.serviceCategories.length > 0 ? business.serviceCategories.join(' · ') : 'All services'}
          </Detail>
          <Detail label="Service area">
            {business.serviceAreaKm !== null ? `Within ${business.serviceAreaKm} km` : NOT_GIVEN}
          </Detail>
        </dl>
      </div>
    </li>
  );
}

/** The shape of a result list while it loads. */
export function ResultsSkeleton({ label = 'Searching businesses' }: { label?: string }) {
  return (
    <div role="status" className="grid gap-2">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-2 rounded-lg border border-border p-4">
          <Skeleton className="h-4 w-2/5" />
          <Skeleton className="h-3 w-3/5" />
        </div>
      ))}
    </div>
  );
}

export function BusinessResultList({ results, label }: { results: AdminBusinessResult[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-2">
      {results.map((business) => (
        <BusinessResultCard key={business.userId} business={business} />
      ))}
    </ul>
  );
}
