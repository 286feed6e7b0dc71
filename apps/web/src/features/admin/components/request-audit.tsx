import {
  ADMIN_DIRECTORY_MESSAGES,
  REQUEST_AUDIT_LIMIT,
  type AuditRecipient,
  type AuditRequest,
} from '@grip/domain';
import { Bell, ClipboardList, RotateCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useRequestAudit } from '../api/audit';
import { StatusBadge } from './delivery-badges';
import { formatDateTime } from './delivery-time';

/**
 * Request Audit (spec 3 Admin dashboard): the latest 50 requests with who posted them and every
 * business told of each — in-app and by email, from the server's delivery records. Cards at every
 * width: each request carries a nested list, which a table cannot show on a phone.
 */
export function RequestAudit() {
  const audit = useRequestAudit();

  if (audit.isPending) return <ListSkeleton rows={4} label="Loading request audit" />;
  if (audit.isError) {
    return (
      <Alert tone="danger" role="alert" className="flex-col items-start">
        <p className="font-semibold">{ADMIN_DIRECTORY_MESSAGES.auditLoadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void audit.refetch()} disabled={audit.isFetching}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </Alert>
    );
  }
  const items = audit.data.items;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={ClipboardList}
        title="No requests yet"
        description="Requests appear here as customers post them, with every business that was told."
      />
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        The latest {REQUEST_AUDIT_LIMIT} requests, newest first, with the businesses notified of each.
      </p>
      <ul className="grid gap-3" aria-label="Request audit">
        {items.map((item) => (
          <AuditCard key={item.id} item={item} />
        ))}
      </ul>
    </div>
  );
}

function AuditCard({ item }: { item: AuditRequest }) {
  const titleId = `audit-${item.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="grid gap-3 rounded-lg border border-border bg-background p-4"
      data-testid="audit-request"
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={titleId} className="min-w-0 font-semibold break-words">
            {item.title}
          </h3>
          <time dateTime={item.createdAt} className="text-xs whitespace-nowrap text-muted-foreground">
            {formatDateTime(item.createdAt)}
          </time>
        </div>
        <p className="text-sm text-muted-foreground">
          {item.serviceType}
          {item.isArchived ? (
            <Badge tone="neutral" className="ml-2">
              Archived
            </Badge>
          ) : null}
        </p>
        <p className="min-w-0 text-sm break-words">
          <span className="text-muted-foreground">Requested by </span>
          <span className="font-medium">{item.requester.name}</span>{' '}
          <span className="text-muted-foreground">({item.requester.email})</span>
        </p>
      </div>
      <div className="grid gap-2">
        <h4 className="text-sm font-medium">Businesses notified ({item.notified.length})</h4>
        {item.notified.length === 0 ? (
          <p className="text-sm text-muted-foreground">No businesses were notified.</p>
        ) : (
          <ul className="grid gap-2" aria-label={`Businesses notified of ${item.title}`}>
            {item.notified.map((recipient) => (
              <RecipientRow
                key={`${recipient.userId ?? ''}:${recipient.email?.recipient ?? ''}`}
                recipient={recipient}
              />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

function RecipientRow({ recipient }: { recipient: AuditRecipient }) {
  const email = recipient.email;
  return (
    <li className="grid gap-1 rounded-md bg-muted/50 p-3 text-sm" data-testid="audit-recipient">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="min-w-0 font-medium break-words">{recipient.businessName ?? 'Deleted account'}</span>
        <time dateTime={recipient.notifiedAt} className="text-xs whitespace-nowrap text-muted-foreground">
          Notified {formatDateTime(recipient.notifiedAt)}
        </time>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        {recipient.isInApp ? (
          <Badge tone="info" className="gap-1">
            <Bell aria-hidden="true" className="size-3.5" />
            In-app
          </Badge>
        ) : null}
        {email ? (
          <>
            <span className="min-w-0 break-all">{email.recipient}</span>
            <StatusBadge status={email.status} />
            {email.sentAt ? (
              <time dateTime={email.sentAt} className="text-xs text-muted-foreground">
                {formatDateTime(email.sentAt)}
              </time>
            ) : null}
          </>
        ) : (
          <span className="text-muted-foreground">No email</span>
        )}
      </div>
    </li>
  );
}
