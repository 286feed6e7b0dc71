import { BusinessFeedPageSchema, type FeedGroup } from '@grip/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const BUSINESS_REQUESTS_PAGE_SIZE = 20;

/**
 * GET /api/business/requests?group=…: one group of the business's matching feed, a page at a time.
 * The server decides the grouping (spec 3 §4) and the order, newest first.
 */
export function businessRequestsQueryOptions(group: FeedGroup) {
  return infiniteQueryOptions({
    queryKey: queryKeys.businessRequestList(group),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      BusinessFeedPageSchema.parse(
        await api.get<unknown>(
          `/api/business/requests${queryString({ group, cursor: pageParam, limit: BUSINESS_REQUESTS_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}
