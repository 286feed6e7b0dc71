import { formatCurrency, METRIC_LABELS, type DashboardMetric, type Trend } from '@grip/domain';
import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Value as shown: amounts as dollars, counts as numbers. */
export function metricValue(metric: DashboardMetric): string {
  return typeof metric.value === 'string' ? formatCurrency(metric.value) : String(metric.value);
}

export function trendText(trend: Trend): string {
  if (trend.percent === 'new') return 'New';
  return `${trend.percent > 0 ? '+' : ''}${trend.percent}%`;
}

const ICONS = { up: TrendingUp, down: TrendingDown, flat: Minus } as const;

/** A rise in lost revenue is bad news, so its colours are the other way round. */
function trendTone(metric: DashboardMetric): string {
  const { direction } = metric.trend;
  if (direction === 'flat') return 'text-muted-foreground';
  const good = metric.key === 'potentialLost' ? direction === 'down' : direction === 'up';
  return good ? 'text-success' : 'text-danger';
}

/** One metric of the grid; the whole tile opens its drill-down list. */
export function MetricTile({ metric, onOpen }: { metric: DashboardMetric; onOpen: () => void }) {
  const Icon = ICONS[metric.trend.direction];
  return (
    <button
      type="button"
      onClick={onOpen}
      className="grid gap-1 rounded-lg border border-border bg-background p-4 text-left shadow-sm hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="text-sm text-muted-foreground">{METRIC_LABELS[metric.key]}</span>
      <span className="tabular text-2xl font-semibold">{metricValue(metric)}</span>
      <span className={cn('flex items-center gap-1 text-xs font-medium', trendTone(metric))}>
        <Icon aria-hidden="true" className="size-3.5" />
        {trendText(metric.trend)}
        <span className="font-normal text-muted-foreground">vs previous 30 days</span>
      </span>
    </button>
  );
}
