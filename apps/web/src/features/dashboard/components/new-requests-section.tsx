import { formatBudget, formatRelativeTime, type BusinessRequestView } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { newRequestsQueryOptions } from '../api/get-new-requests';
import { DashboardSection } from './dashboard-section';
import { useNow } from '@/lib/use-now';

/** New Requests (spec 3 §2): up to 6 new matching requests; a click opens the respond view. */
export function NewRequestsSection({ onRespond }: { onRespond: (requestId: string) => void }) {
  const query = useQuery(newRequestsQueryOptions);
  const now = useNow();
  return (
    <DashboardSection id="new-requests" title="New Requests">
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          New requests could not be loaded. They will be tried again shortly.
        </p>
      ) : query.data.items.length === 0 ? (
        <EmptyState icon={Inbox} title="No new requests available" />
      ) : (
        <ul aria-label="New Requests" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {query.data.items.map((request) => (
            <li key={request.id}>
              <NewRequestCard request={request} now={now} onRespond={onRespond} />
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

function NewRequestCard({
  request,
  now,
  onRespond,
}: {
  request: BusinessRequestView;
  now: Date;
  onRespond: (requestId: string) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onRespond(request.id)}
      className="grid h-full w-full gap-1 rounded-lg border border-border bg-background p-4 text-left shadow-sm hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone="primary">New</Badge>
        {request.isUrgent ? <Badge tone="danger">URGENT</Badge> : null}
        <span className="text-xs text-muted-foreground">{request.serviceType}</span>
      </span>
      <span className="font-semibold">{request.title}</span>
      <span className="line-clamp-2 text-sm text-muted-foreground">{request.description}</span>
      <span className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
        <span>{request.areaLabel ?? 'Area not given'}</span>
        <span className="tabular">{formatBudget(request)}</span>
        <time dateTime={request.createdAt}>{formatRelativeTime(new Date(request.createdAt), now)}</time>
      </span>
    </button>
  );
}
