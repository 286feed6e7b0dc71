import {
  BusinessDashboardSchema,
  DASHBOARD_REFRESH_MS,
  MetricListSchema,
  type MetricKey,
} from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Under the business root: every business action invalidates it, so the dashboard refreshes with
 * them. The 30 s interval is the fallback for changes made elsewhere (spec 3 §7).
 */
export const dashboardQueryOptions = queryOptions({
  queryKey: queryKeys.businessDashboard,
  queryFn: async ({ signal }) =>
    BusinessDashboardSchema.parse(await api.get<unknown>('/api/business/dashboard', { signal })),
  refetchInterval: DASHBOARD_REFRESH_MS,
  refetchOnWindowFocus: true,
});

export function metricListQueryOptions(metric: MetricKey) {
  return queryOptions({
    queryKey: queryKeys.businessMetric(metric),
    queryFn: async ({ signal }) =>
      MetricListSchema.parse(
        await api.get<unknown>(`/api/business/dashboard/metrics/${encodeURIComponent(metric)}`, { signal }),
      ),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
