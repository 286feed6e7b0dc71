import { MyRequestDetailSchema } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/requests/:id: one of the customer's requests with the businesses' responses. */
export function myRequestQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.request(id),
    queryFn: async ({ signal }) =>
      MyRequestDetailSchema.parse(
        await api.get<unknown>(`/api/requests/${encodeURIComponent(id)}`, { signal }),
      ),
    // A missing (or someone else's) request will not appear by asking again.
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });
}
