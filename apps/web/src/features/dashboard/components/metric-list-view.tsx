import { METRIC_TITLES, type DashboardItem, type MetricKey } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ListX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { metricListQueryOptions } from '../api/get-dashboard';
import { DashboardItemList } from './dashboard-item-list';
import { jobLink } from './job-link';

/** Received requests open the respond page; chosen jobs open their detail; other rows have no page. */
function linkFor(metric: MetricKey) {
  if (metric === 'received') return (item: DashboardItem) => `/respond/${encodeURIComponent(item.requestId)}`;
  if (metric === 'won' || metric === 'completed' || metric === 'earned') return jobLink;
  return undefined;
}

/** The drill-down of one metric, with Back to Dashboard (spec 3 §2). */
export function MetricListView({ metric, onBack }: { metric: MetricKey; onBack: () => void }) {
  const query = useQuery(metricListQueryOptions(metric));
  const title = METRIC_TITLES[metric];
  return (
    <section aria-labelledby="metric-list-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Dashboard
        </Button>
        <h2 id="metric-list-heading" className="text-lg font-semibold">
          {title}
        </h2>
      </div>
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          This list could not be loaded. Please try again.
        </p>
      ) : query.data.items.length === 0 ? (
        <EmptyState icon={ListX} title="Nothing here yet." />
      ) : (
        <>
          <DashboardItemList items={query.data.items} label={title} linkTo={linkFor(metric)} />
          {query.data.capped ? (
            <p className="text-sm text-muted-foreground">Showing the latest {query.data.items.length}.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
