import { AUDIT_EVENT_MESSAGES, type AuditEvent } from '@grip/domain';
import { History, RotateCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useAuditEvents } from '../api/audit-events';
import { formatDateTime } from './delivery-time';

/**
 * The audit log (decision 018): account changes administrators may need to look back on — today each
 * move of a business's address, with where from and to. Newest first, a page at a time.
 */
export function AuditLog() {
  const log = useAuditEvents();

  if (log.isPending) return <ListSkeleton rows={4} label="Loading the audit log" />;
  if (log.isError) {
    return (
      <Alert tone="danger" role="alert" className="flex-col items-start">
        <p className="font-semibold">{AUDIT_EVENT_MESSAGES.loadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void log.refetch()} disabled={log.isFetching}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </Alert>
    );
  }
  const events = log.data.pages.flatMap((page) => page.items);
  if (events.length === 0) {
    return (
      <EmptyState
        icon={History}
        title={AUDIT_EVENT_MESSAGES.empty}
        description="Each time a business moves its address, a booking is cancelled or moved, a dispute is decided or a report is handled, it is recorded here."
      />
    );
  }
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" aria-label="Audit log">
        {events.map((event) => (
          <AuditRow key={event.id} event={event} />
        ))}
      </ul>
      <LoadMore pages={log} failedText={`Couldn't load more of the audit log.`} />
    </div>
  );
}

const placeText = (place: AuditEvent['from']) => place?.address ?? place?.area ?? 'no address';

function AuditRow({ event }: { event: AuditEvent }) {
  return (
    <li
      className="grid gap-1 rounded-lg border border-border bg-background p-3 text-sm"
      data-testid="audit-event"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium break-words">
          {event.actor ? (
            <>
              {event.actor.name ?? 'Unnamed account'}{' '}
              <span className="font-normal text-muted-foreground">({event.actor.email ?? 'no email'})</span>
            </>
          ) : (
            'Deleted account'
          )}
        </p>
        <time dateTime={event.createdAt} className="text-xs whitespace-nowrap text-muted-foreground">
          {formatDateTime(event.createdAt)}
        </time>
      </div>
      {event.summary ? (
        <p className="min-w-0 break-words">{event.summary}</p>
      ) : (
        <p className="min-w-0 break-words">
          <span className="text-muted-foreground">Moved the business address from </span>
          {placeText(event.from)}
          <span className="text-muted-foreground"> to </span>
          {placeText(event.to)}
        </p>
      )}
    </li>
  );
}
