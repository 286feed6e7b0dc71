import { formatBudget, formatRelativeTime, type BusinessRequestView, serviceLabel } from '@grip/domain';
import { CalendarDays, CheckCircle2, Clock, DollarSign, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { distanceLabel } from '@/features/requests/business-request-display';
import { ReportButton } from '@/features/moderation/components/report-button';
import { formatDateOnly } from '@/features/requests/request-display';

/** One request of the feed; the whole card leads to the respond page (spec 3 §2). */
export function FeedRequestCard({
  request,
  now,
  linkTo,
}: {
  request: BusinessRequestView;
  now: Date;
  /** Where the card leads instead of the respond page (desktop: the pane beside the list). */
  linkTo?: string;
}) {
  const distance = distanceLabel(request.distanceKm);
  return (
    <article className="@container relative grid gap-2 rounded-lg border border-border bg-background p-4 shadow-sm hover:bg-muted/40">
      <div className="flex flex-wrap items-center gap-2">
        {request.isUrgent ? <Badge tone="danger">URGENT</Badge> : null}
        {request.myResponseId ? (
          <Badge tone="success" className="gap-1">
            <CheckCircle2 aria-hidden="true" className="size-3.5" />
            Responded
          </Badge>
        ) : null}
        <span className="text-xs text-muted-foreground">
          {serviceLabel(request.serviceType, request.serviceSubtype)}
        </span>
        {/* Issue 32: above the card's link (which covers the card), so it opens its own dialog. */}
        <ReportButton targetKind="request" targetId={request.id} className="relative z-10 -my-1 ml-auto" />
      </div>
      <h3 className="text-base font-semibold">
        <Link
          to={linkTo ?? `/respond/${request.id}`}
          className="rounded-sm after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
        >
          {request.title}
        </Link>
      </h3>
      <p className="line-clamp-2 text-sm text-muted-foreground">{request.description}</p>
      {/* Two columns only where the card itself is wide (a phone's full width is not, nor the list
          beside a detail pane on a desktop): the area and its distance are never cut short. */}
      <dl className="grid gap-1 text-sm text-muted-foreground @lg:grid-cols-2">
        <div className="flex min-w-0 items-start gap-1">
          <dt className="sr-only">Area</dt>
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <dd className="min-w-0 break-words">
            {request.areaLabel ?? 'Area not given'}
            {distance ? ` · ${distance}` : null}
          </dd>
        </div>
        <div className="flex items-center gap-1">
          <dt className="sr-only">Budget</dt>
          <DollarSign aria-hidden="true" className="size-4 shrink-0" />
          <dd className="tabular">{formatBudget(request)}</dd>
        </div>
        <div className="flex items-center gap-1">
          <dt className="sr-only">Posted</dt>
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          <dd>
            Posted{' '}
            <time dateTime={request.createdAt}>{formatRelativeTime(new Date(request.createdAt), now)}</time>
          </dd>
        </div>
        {request.preferredDate ? (
          <div className="flex items-center gap-1">
            <dt className="sr-only">Preferred date</dt>
            <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
            <dd>Preferred {formatDateOnly(request.preferredDate)}</dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}
