import { initialsOf, lateCancellationsLabel, ratingSummary, type CustomerOffer } from '@grip/domain';
import { CalendarX, Star } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The initials avatar, the business name (as the dialog title passed in), its real rating and, when
 * it has any, its late cancellations of the last 12 months (issue 32): where the customer judges it.
 */
export function BusinessIdentity({
  business,
  title,
}: {
  business: CustomerOffer['business'];
  /** The name, wrapped in the dialog's title element by the caller. */
  title: ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
      >
        {initialsOf(business.name)}
      </span>
      <div className="grid min-w-0 gap-0.5">
        {title}
        <RatingLine business={business} />
        <LateCancellationsLine count={business.lateCancellations} />
      </div>
    </div>
  );
}

export function RatingLine({ business }: { business: CustomerOffer['business'] }) {
  const hasReviews = business.ratingAverage !== null && business.reviewCount > 0;
  return (
    <p className="flex items-center gap-1 text-sm text-muted-foreground">
      <Star
        aria-hidden="true"
        className={hasReviews ? 'size-4 fill-amber-400 text-amber-400' : 'size-4 text-muted-foreground'}
      />
      <span>
        {hasReviews ? <span className="sr-only">Rated </span> : null}
        {ratingSummary(business.ratingAverage, business.reviewCount)}
      </span>
    </p>
  );
}

/** "2 late cancellations in 12 months" in the warning colour, or nothing for a business with none. */
export function LateCancellationsLine({ count }: { count: number }) {
  const label = lateCancellationsLabel(count);
  if (!label) return null;
  return (
    <p className="flex items-center gap-1 text-sm text-warning-foreground" data-testid="late-cancellations">
      <CalendarX aria-hidden="true" className="size-4" />
      <span>{label}</span>
    </p>
  );
}
