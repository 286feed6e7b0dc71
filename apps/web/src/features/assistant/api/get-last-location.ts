import type { LastLocation } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/requests/last-location: where the customer's latest request was, to count providers near it. */
export const lastLocationQueryOptions = queryOptions({
  queryKey: queryKeys.lastLocation,
  queryFn: ({ signal }) => api.get<LastLocation>('/api/requests/last-location', { signal }),
  staleTime: 5 * 60_000,
});
