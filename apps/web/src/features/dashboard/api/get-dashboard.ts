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
 * Under the business-requests key on purpose: everything that changes this business's responses or
 * its feed (submitting a quote, accepting, completing) already invalidates that key, so the dashboard
 * refreshes with it. The 30 s interval is the fallback for changes made elsewhere (spec 3 §7).
 */
export const dashboardQueryKey = [...queryKeys.businessRequests, 'dashboard'] as const;

export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardQueryKey,
  queryFn: async ({ signal }) =>
    BusinessDashboardSchema.parse(await api.get<unknown>('/api/business/dashboard', { signal })),
  refetchInterval: DASHBOARD_REFRESH_MS,
  refetchOnWindowFocus: true,
});

export function metricListQueryOptions(metric: MetricKey) {
  return queryOptions({
    queryKey: [...dashboardQueryKey, 'metric', metric] as const,
    queryFn: async ({ signal }) =>
      MetricListSchema.parse(
        await api.get<unknown>(`/api/business/dashboard/metrics/${encodeURIComponent(metric)}`, { signal }),
      ),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
