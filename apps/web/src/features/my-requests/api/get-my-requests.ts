import { MyRequestPageSchema, type MyRequestListQuerySchema } from '@grip/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type MyRequestListSection = z.output<typeof MyRequestListQuerySchema>['section'];

export const MY_REQUESTS_PAGE_SIZE = 20;

/**
 * GET /api/requests?section=…: one section of the customer's requests, a page at a time. The server
 * decides the sections (active/expired by the 48 h rule, archived newest archive first) and the order.
 */
export function myRequestsQueryOptions(section: MyRequestListSection) {
  return infiniteQueryOptions({
    queryKey: queryKeys.requestList(section),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      MyRequestPageSchema.parse(
        await api.get<unknown>(
          `/api/requests${queryString({ section, cursor: pageParam, limit: MY_REQUESTS_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}
