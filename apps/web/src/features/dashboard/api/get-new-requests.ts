import { BusinessFeedPageSchema, DASHBOARD_REFRESH_MS, DASHBOARD_SECTION_LIMIT } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The dashboard's New Requests: the first cards of the feed's New group (new matching requests not
 * answered, under 24 h). Keyed under the feed's New list so a submitted quote refreshes it too.
 */
export const newRequestsQueryOptions = queryOptions({
  queryKey: [...queryKeys.businessRequestList('new'), 'dashboard', DASHBOARD_SECTION_LIMIT] as const,
  queryFn: async ({ signal }) =>
    BusinessFeedPageSchema.parse(
      await api.get<unknown>(
        `/api/business/requests${queryString({ group: 'new', limit: DASHBOARD_SECTION_LIMIT })}`,
        { signal },
      ),
    ),
  refetchInterval: DASHBOARD_REFRESH_MS,
  refetchOnWindowFocus: true,
});
