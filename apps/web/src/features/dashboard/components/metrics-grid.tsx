import type { DashboardMetric, MetricKey } from '@grip/domain';
import { MetricTile } from './metric-tile';

/** The seven metrics; each opens its drill-down. */
export function MetricsGrid({
  metrics,
  onOpen,
}: {
  metrics: DashboardMetric[];
  onOpen: (metric: MetricKey) => void;
}) {
  return (
    <section aria-labelledby="metrics-heading" className="grid gap-3">
      <h2 id="metrics-heading" className="sr-only">
        Metrics
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {metrics.map((metric) => (
          <li key={metric.key} className="grid">
            <MetricTile metric={metric} onOpen={() => onOpen(metric.key)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
