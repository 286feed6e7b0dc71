import {
  bookNowService,
  distancePhrase,
  hasRating,
  initialsOf,
  lateCancellationsLabel,
  ratingSummary,
} from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { CalendarX, MapPin, Star, Store } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { discoverBusinessesQueryOptions } from '../api/get-discover-businesses';

/** Distances come in whole kilometres: the same words as every screen (distancePhrase). */
const distanceText = distancePhrase;

/**
 * Real businesses from the directory, nearest then best rated (the spec's six samples made real),
 * each with its late cancellations of the last 12 months when it has any (issue 32). Book Now opens
 * the form with the business's first service.
 */
export function DiscoverBusinesses() {
  const { data, isPending, isError } = useQuery(discoverBusinessesQueryOptions(null, null));
  return (
    <section aria-labelledby="discover-heading" className="grid gap-3">
      <h2 id="discover-heading" className="text-lg font-semibold">
        Discover Local Businesses
      </h2>
      {isPending ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : isError || data.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
          <Store aria-hidden="true" className="size-5 shrink-0" />
          {isError
            ? 'Local businesses could not be loaded right now.'
            : 'No businesses have joined near you yet. Post a request and we will tell them when they do.'}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((b) => {
            const service = bookNowService(b.serviceCategories);
            const late = lateCancellationsLabel(b.lateCancellations);
            return (
              <li key={b.userId} className="grid gap-3 rounded-lg border border-border bg-background p-4">
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
                  >
                    {initialsOf(b.businessName)}
                  </span>
                  <div className="grid min-w-0">
                    <p className="truncate font-semibold">{b.businessName}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {b.serviceCategories.slice(0, 3).join(' · ') || 'All services'}
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                  <span className="flex items-center gap-1" data-testid="business-rating">
                    {/* A filled star means a rating: none beside 'No reviews yet'. */}
                    {hasRating(b.ratingAverage, b.reviewCount) ? (
                      <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
                    ) : null}
                    {ratingSummary(b.ratingAverage, b.reviewCount)}
                  </span>
                  {late ? (
                    <span
                      className="flex items-center gap-1 text-warning-foreground"
                      data-testid="late-cancellations"
                    >
                      <CalendarX aria-hidden="true" className="size-3.5" />
                      {late}
                    </span>
                  ) : null}
                  {b.areaLabel || b.distanceKm !== null ? (
                    <span className="flex items-center gap-1">
                      <MapPin aria-hidden="true" className="size-3.5" />
                      {[b.areaLabel, distanceText(b.distanceKm)].filter(Boolean).join(' · ')}
                    </span>
                  ) : null}
                </div>
                <Link
                  to={service ? `/?service=${encodeURIComponent(service)}` : '/?direct=true'}
                  aria-label={`Book Now with ${b.businessName}`}
                  className={buttonClasses({ size: 'sm', className: 'w-fit' })}
                >
                  Book Now
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
