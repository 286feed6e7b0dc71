import { BusinessTrendsSchema } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/business/dashboard/trends: the last 12 weeks of received, responded, won and earned. Under
 * the dashboard's key, so whatever refreshes the dashboard refreshes its trends; weeks change slowly,
 * so no polling of its own.
 */
export const trendsQueryOptions = queryOptions({
  queryKey: [...queryKeys.businessDashboard, 'trends'] as const,
  queryFn: async ({ signal }) =>
    BusinessTrendsSchema.parse(await api.get<unknown>('/api/business/dashboard/trends', { signal })),
  staleTime: 60_000,
});
