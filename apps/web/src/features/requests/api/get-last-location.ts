import type { LastLocation } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The address of the customer's latest request, to prefill the next one. */
export const lastLocationQueryOptions = queryOptions({
  queryKey: queryKeys.lastLocation,
  queryFn: ({ signal }) => api.get<LastLocation>('/api/requests/last-location', { signal }),
  staleTime: 60_000,
});
