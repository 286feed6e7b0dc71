import { BusinessFeedCountsSchema } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/business/requests/counts: how many requests each group holds, for the group headers. */
export function businessRequestCountsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.businessRequestCounts,
    queryFn: async ({ signal }) =>
      BusinessFeedCountsSchema.parse(await api.get<unknown>('/api/business/requests/counts', { signal })),
  });
}
