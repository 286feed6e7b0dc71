import {
  BusinessDashboardSchema,
  DASHBOARD_REFRESH_MS,
  DashboardPageSchema,
  type MetricKey,
} from '@grip/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Under the business root: every business action invalidates it, and live events refresh it when the
 * business's responses or matching requests change. The 30 s interval is only the fallback (spec 3 §9).
 */
export const dashboardQueryOptions = queryOptions({
  queryKey: queryKeys.businessDashboard,
  queryFn: async ({ signal }) =>
    BusinessDashboardSchema.parse(await api.get<unknown>('/api/business/dashboard', { signal })),
  refetchInterval: DASHBOARD_REFRESH_MS,
  refetchOnWindowFocus: true,
});

/** A dashboard list read a page at a time from `path` (newest first; the cursor is the last id). */
function pagedListOptions(queryKey: readonly unknown[], path: string) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      DashboardPageSchema.parse(
        await api.get<unknown>(`${path}${queryString({ cursor: pageParam })}`, { signal }),
      ),
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/** The drill-down of one metric. */
export const metricListQueryOptions = (metric: MetricKey) =>
  pagedListOptions(
    queryKeys.businessMetric(metric),
    `/api/business/dashboard/metrics/${encodeURIComponent(metric)}`,
  );

/** Declined Requests: every rejected or declined response (spec 3 §2), a page at a time. */
export const declinedListQueryOptions = pagedListOptions(
  queryKeys.businessDeclined,
  '/api/business/dashboard/declined',
);
