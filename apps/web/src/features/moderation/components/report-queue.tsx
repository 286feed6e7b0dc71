import {
  MODERATION_MESSAGES,
  REPORT_ACTION_TEXTS,
  REPORT_ACTIONS,
  REPORT_REASON_LABELS,
  REPORT_TARGET_LABELS,
  ROLE_LABELS,
  type ReportAction,
  type ReportQueueItem,
  formatDateTime,
} from '@grip/domain';
import { Flag, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useReportQueue } from '../api/report-queue-api';
import { LazyDialogBody } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';

/** The handling form's code (and react-hook-form's) loads when its dialog first opens. */
const HandleForm = preloadable('handle-report-form', () =>
  import('./handle-report-form').then((m) => ({ default: m.HandleForm })),
);

const reportedOn = { format: (at: Date) => formatDateTime(at) };

/** A handling waiting for the administrator's confirmation. */
export interface Pending {
  report: ReportQueueItem;
  action: ReportAction;
}

/**
 * /admin Reports (issue 32): the open moderation queue, oldest first, each report with who sent it,
 * whom it is about and the reported content as it is now; Dismiss, Warn (with the words the account
 * reads) or Suspend (the Users tab's suspension), each confirmed first.
 */
export function ReportQueue() {
  const list = useReportQueue();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [pending, setPending] = useState<Pending | null>(null);

  if (list.isPending) return <ListSkeleton rows={3} label="Loading reports" />;
  if (list.isError && items.length === 0) {
    return (
      <Alert tone="danger" role="alert" className="flex-col items-start">
        <p className="font-semibold">{MODERATION_MESSAGES.queueLoadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Flag}
        title={MODERATION_MESSAGES.queueEmpty}
        description={MODERATION_MESSAGES.queueEmptyDescription}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-label="Open reports">
        {items.map((report) => (
          <ReportCard key={report.id} report={report} onAction={(action) => setPending({ report, action })} />
        ))}
      </ul>
      <LoadMore pages={list} failedText={MODERATION_MESSAGES.queueLoadFailed} />
      <HandleDialog pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}

function ReportCard({
  report,
  onAction,
}: {
  report: ReportQueueItem;
  onAction: (action: ReportAction) => void;
}) {
  const reported = report.reportedUser;
  // Warning or suspending needs an account to act on.
  const accountGone = !reported || reported.deletedAt !== null;
  const kind = REPORT_TARGET_LABELS[report.targetKind];
  return (
    <li
      data-testid="report"
      aria-label={`Report of a ${kind}`}
      className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="warning">{kind.toUpperCase()}</Badge>
        <span className="font-semibold">{REPORT_REASON_LABELS[report.reason]}</span>
        <time dateTime={report.createdAt} className="ml-auto text-xs text-muted-foreground">
          {reportedOn.format(new Date(report.createdAt))}
        </time>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-xs font-medium text-muted-foreground">Reported account</dt>
          <dd className="min-w-0">
            {reported ? (
              <span className="grid gap-0.5">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-words">{reported.name}</span>
                  <Badge tone="neutral">{ROLE_LABELS[reported.role]}</Badge>
                  {reported.suspendedAt ? <Badge tone="danger">Suspended</Badge> : null}
                  {reported.deletedAt ? <Badge tone="neutral">Deleted</Badge> : null}
                </span>
                <span className="truncate text-xs text-muted-foreground">{reported.email}</span>
                {reported.reportCount > 1 ? (
                  <span className="text-xs text-muted-foreground">{`${reported.reportCount} reports about this account`}</span>
                ) : null}
              </span>
            ) : (
              MODERATION_MESSAGES.reportedAccountGone
            )}
          </dd>
        </div>
        <div className="grid min-w-0 gap-0.5">
          <dt className="text-xs font-medium text-muted-foreground">Reported by</dt>
          <dd className="min-w-0">
            {report.reporter ? (
              <span className="grid gap-0.5">
                <span className="font-medium break-words">{report.reporter.name}</span>
                <span className="truncate text-xs text-muted-foreground">{report.reporter.email}</span>
              </span>
            ) : (
              'Deleted account'
            )}
          </dd>
        </div>
      </dl>
      {report.note ? (
        <p className="text-sm break-words whitespace-pre-wrap">
          <span className="font-medium">Reporter’s note: </span>
          {report.note}
        </p>
      ) : null}
      <ReportedContentBox report={report} />
      <div className="flex flex-wrap gap-2">
        {REPORT_ACTIONS.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'suspend' ? 'destructive-outline' : 'outline'}
            disabled={action !== 'dismiss' && accountGone}
            title={action !== 'dismiss' && accountGone ? MODERATION_MESSAGES.reportedAccountGone : undefined}
            onClick={() => onAction(action)}
          >
            {REPORT_ACTION_TEXTS[action].button} <span className="sr-only">{`the report of a ${kind}`}</span>
          </Button>
        ))}
      </div>
    </li>
  );
}

/** The reported content as it is now, quoted; an account report shows the account above only. */
function ReportedContentBox({ report }: { report: ReportQueueItem }) {
  const { content } = report;
  if (report.targetKind === 'user') return null;
  return (
    <figure
      className="grid gap-2 rounded-md border border-border bg-muted/50 p-3 text-sm"
      data-testid="reported-content"
    >
      {content.isGone ? (
        <p className="text-muted-foreground italic">{MODERATION_MESSAGES.contentGone}</p>
      ) : (
        <>
          {content.context ? (
            <figcaption className="text-xs font-medium text-muted-foreground">{content.context}</figcaption>
          ) : null}
          {content.rating !== null ? <p className="font-medium">{`Rated ${content.rating} of 5`}</p> : null}
          {content.text ? (
            <blockquote className="break-words whitespace-pre-wrap">{content.text}</blockquote>
          ) : null}
          {content.images.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {content.images.map((url, i) => (
                <a
                  key={`${i}-${url}`}
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open reported image ${i + 1} in a new tab`}
                  className="block overflow-hidden rounded-md border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <img
                    src={url}
                    alt=""
                    loading="lazy"
                    width={64}
                    height={64}
                    className="size-16 object-cover"
                  />
                </a>
              ))}
            </div>
          ) : null}
          {content.reply ? (
            <p className="border-l-2 border-border pl-3 break-words whitespace-pre-wrap">
              <span className="font-medium">Reply: </span>
              {content.reply}
            </p>
          ) : null}
        </>
      )}
    </figure>
  );
}

function HandleDialog({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {pending ? (
          <LazyDialogBody title={REPORT_ACTION_TEXTS[pending.action].title}>
            <HandleForm pending={pending} onClose={onClose} />
          </LazyDialogBody>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
