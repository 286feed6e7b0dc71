import type { DirectoryBusiness } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Real businesses near the customer (their last request's place when none is given), best rated next. */
export function discoverBusinessesQueryOptions(latitude: number | null, longitude: number | null) {
  return queryOptions({
    queryKey: queryKeys.discoverBusinesses(latitude, longitude),
    queryFn: ({ signal }) =>
      api.get<DirectoryBusiness[]>(`/api/businesses/discover${queryString({ latitude, longitude })}`, {
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}
