import { METRIC_TITLES, type MetricKey } from '@grip/domain';
import { ArrowLeft, ListX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { metricListQueryOptions } from '../api/get-dashboard';
import { jobLink, respondLink } from './job-link';
import { PagedItemList } from './paged-item-list';

const EMPTY_TEXTS: Record<MetricKey, string> = {
  received: 'No requests received yet.',
  responded: "You haven't responded to any requests yet.",
  won: 'No accepted jobs yet.',
  pending: 'No responses are waiting for acceptance.',
  earned: 'Nothing earned yet.',
  potentialLost: 'No quotes lost.',
  completed: 'No completed jobs yet.',
};

/** Received requests open the respond view; chosen jobs open their detail; other rows have no page. */
function linkFor(metric: MetricKey) {
  if (metric === 'received') return respondLink;
  if (metric === 'won' || metric === 'completed' || metric === 'earned') return jobLink;
  return undefined;
}

/** The drill-down of one metric, a page at a time, with Back to Dashboard (spec 3 §2). */
export function MetricListView({ metric, onBack }: { metric: MetricKey; onBack: () => void }) {
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
      <PagedItemList
        options={metricListQueryOptions(metric)}
        label={title}
        emptyIcon={ListX}
        emptyText={EMPTY_TEXTS[metric]}
        linkTo={linkFor(metric)}
      />
    </section>
  );
}
