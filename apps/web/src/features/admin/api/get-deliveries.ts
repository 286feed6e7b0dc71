import {
  DELIVERY_PAGE_SIZE,
  DeliveryPageSchema,
  DeliverySchema,
  type DeliveryChannel,
  type DeliveryStatus,
} from '@grip/domain';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';

export interface DeliveryFilters {
  channel?: DeliveryChannel;
  status?: DeliveryStatus;
}

/** Keys of this feature (administrator-only data, never shared with other features' keys). */
export const deliveryKeys = {
  all: ['admin', 'deliveries'] as const,
  list: (filters: DeliveryFilters) =>
    ['admin', 'deliveries', 'list', filters.channel ?? 'any', filters.status ?? 'any'] as const,
  detail: (id: number) => ['admin', 'deliveries', 'detail', id] as const,
};

/** GET /api/admin/deliveries: the outbox, newest first, a page at a time (cursor from the server). */
export function deliveriesQueryOptions(filters: DeliveryFilters) {
  return infiniteQueryOptions({
    queryKey: deliveryKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      DeliveryPageSchema.parse(
        await api.get<unknown>(
          `/api/admin/deliveries${queryString({
            channel: filters.channel,
            status: filters.status,
            cursor: pageParam,
            limit: DELIVERY_PAGE_SIZE,
          })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useDeliveries(filters: DeliveryFilters) {
  return useInfiniteQuery(deliveriesQueryOptions(filters));
}

/** GET /api/admin/deliveries/:id: one delivery with its whole text (a list item may be shortened). */
export function deliveryQueryOptions(id: number) {
  return queryOptions({
    queryKey: deliveryKeys.detail(id),
    queryFn: async ({ signal }) =>
      DeliverySchema.parse(await api.get<unknown>(`/api/admin/deliveries/${id}`, { signal })),
  });
}
