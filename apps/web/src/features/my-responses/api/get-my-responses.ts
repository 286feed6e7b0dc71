import { MyResponsesPageSchema, type MyResponsesGroup } from '@grip/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const MY_RESPONSES_PAGE_SIZE = 20;

/**
 * GET /api/my-responses?group=…: one group of the customer's answered requests, each with its offers,
 * a page at a time. The server decides the groups (creation age) and the order (newest first). The
 * key is under the 'requests' root, so every offer action and the offer dialog's view report refresh it.
 */
export function myResponsesQueryOptions(group: MyResponsesGroup) {
  return infiniteQueryOptions({
    queryKey: queryKeys.myResponseList(group),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      MyResponsesPageSchema.parse(
        await api.get<unknown>(
          `/api/my-responses${queryString({ group, cursor: pageParam, limit: MY_RESPONSES_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}
