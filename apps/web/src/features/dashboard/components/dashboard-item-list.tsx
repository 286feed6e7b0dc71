import { COMPLETED_JOB, formatCurrency, formatDate, type DashboardItem } from '@grip/domain';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';

/** Status word for a job row: completion wins over the response status. */
function statusLabel(item: DashboardItem): string {
  if (item.completionStatus === COMPLETED_JOB) return 'COMPLETED';
  return item.status.replace(/_/g, ' ').toUpperCase();
}

const TONES: Record<string, 'info' | 'success' | 'danger' | 'warning' | 'neutral'> = {
  COMPLETED: 'info',
  ACCEPTED: 'success',
  REJECTED: 'danger',
  DECLINED: 'danger',
  PENDING: 'warning',
};

/** Where a row leads: a path, or a path with navigation state (the dashboard's own views). */
export type ItemTarget = string | { to: string; state: unknown };

/** A list of dashboard rows (jobs or received requests); `linkTo` makes each title a link. */
export function DashboardItemList({
  items,
  label,
  linkTo,
}: {
  items: readonly DashboardItem[];
  label: string;
  linkTo?: (item: DashboardItem) => ItemTarget | undefined;
}) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => {
        const status = statusLabel(item);
        const target = linkTo?.(item);
        return (
          <li
            key={item.id}
            className="relative grid gap-1 rounded-lg border border-border bg-background p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={TONES[status] ?? 'neutral'}>{status}</Badge>
              <span className="text-xs text-muted-foreground">{item.serviceType}</span>
            </div>
            <h3 className="font-semibold">
              {target ? (
                <Link
                  to={typeof target === 'string' ? target : target.to}
                  state={typeof target === 'string' ? undefined : target.state}
                  className="rounded-sm after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
                >
                  {item.title}
                </Link>
              ) : (
                item.title
              )}
            </h3>
            <p className="flex flex-wrap justify-between gap-2 text-sm text-muted-foreground">
              <span>{item.areaLabel ?? 'Area not given'}</span>
              {item.amount !== null ? <span className="tabular">{formatCurrency(item.amount)}</span> : null}
            </p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={item.date}>{formatDate(new Date(item.date))}</time>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
