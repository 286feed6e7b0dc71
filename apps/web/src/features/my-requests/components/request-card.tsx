import { serviceLabel, type MyRequest } from '@grip/domain';
import { CalendarDays, ChevronDown, MapPin, MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatInstant, locationLabel, responseCountLabel } from '@/features/requests/request-display';
import { FROM_LIST_STATE, requestDetailsLink } from '../request-links';
import { RequestExpansion } from './request-expansion';
import { RequestStatusBadge, UrgentBadge } from './request-status-badge';

interface RequestCardProps {
  request: MyRequest;
  now: Date;
  isExpanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}

/**
 * One request: the header opens the details view (the title's link covers it), the chevron expands
 * the card in place.
 */
export function RequestCard({ request, now, isExpanded, onExpandedChange }: RequestCardProps) {
  const panelId = useId();
  return (
    <article className="rounded-lg border border-border bg-background shadow-sm">
      <div className="relative flex items-start gap-3 p-4 hover:bg-muted/40">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <RequestStatusBadge request={request} now={now} />
            {request.isUrgent ? <UrgentBadge /> : null}
          </div>
          <h3 className="text-base font-semibold">
            <Link
              to={requestDetailsLink(request.id)}
              state={FROM_LIST_STATE}
              className="rounded-sm after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
            >
              {request.title}
            </Link>
          </h3>
          {/* The title names the request; the service it is for is the secondary line (issue 33). */}
          <p className="truncate text-sm text-muted-foreground">
            {serviceLabel(request.serviceType, request.serviceSubtype)}
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="flex items-center gap-1">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
              <time dateTime={request.createdAt}>Created {formatInstant(request.createdAt)}</time>
            </span>
            <span className="flex min-w-0 items-center gap-1">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{locationLabel(request)}</span>
            </span>
            <span className="tabular flex items-center gap-1">
              <MessageSquare aria-hidden="true" className="size-4 shrink-0" />
              {responseCountLabel(request.responseCount)}
            </span>
          </div>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="relative z-10 -mr-2 -mt-1"
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? panelId : undefined}
          aria-label={`More about ${request.title}`}
          onClick={() => onExpandedChange(!isExpanded)}
        >
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 transition-transform', isExpanded && 'rotate-180')}
          />
        </Button>
      </div>
      {isExpanded ? (
        <div id={panelId} className="border-t border-border p-4">
          <RequestExpansion request={request} now={now} />
        </div>
      ) : null}
    </article>
  );
}
