import { MyRequestDetailSchema } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/requests/:id: one answered request with its offers, for the desktop detail pane (the list
 * row it was chosen from shows meanwhile). The same key as My Requests' read of it, so an offer action
 * that refreshes one refreshes both.
 */
export function answeredRequestQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.request(id),
    queryFn: async ({ signal }) =>
      MyRequestDetailSchema.parse(
        await api.get<unknown>(`/api/requests/${encodeURIComponent(id)}`, { signal }),
      ),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}
