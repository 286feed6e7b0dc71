import type { Coverage } from '@grip/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface CoverageParams {
  serviceType: string;
  serviceSubtype: string | null;
  latitude: number | null;
  longitude: number | null;
  radiusKm: number;
}

/** How many businesses would be told about a request like this one. */
export function coverageQueryOptions(params: CoverageParams) {
  return queryOptions({
    queryKey: queryKeys.coverage({ ...params }),
    queryFn: ({ signal }) =>
      api.get<Coverage>(
        `/api/requests/coverage${queryString({
          serviceType: params.serviceType,
          serviceSubtype: params.serviceSubtype,
          latitude: params.latitude,
          longitude: params.longitude,
          radiusKm: params.radiusKm,
        })}`,
        { signal },
      ),
    enabled: params.serviceType.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
