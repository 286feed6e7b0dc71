import {
  AdminBusinessSearchResponseSchema,
  type AdminBusinessSearchParams,
  type AdminBusinessSearchResponse,
} from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';

/** Keys of the administrators' business search (administrator-only data). */
export const adminSearchKeys = {
  all: ['admin', 'business-search'] as const,
  search: (params: AdminBusinessSearchParams) => [...adminSearchKeys.all, params] as const,
};

/** GET /api/admin/business-search: nearby when the params carry a point, otherwise a text search. */
export async function searchBusinesses(
  params: AdminBusinessSearchParams,
  signal?: AbortSignal,
): Promise<AdminBusinessSearchResponse> {
  const hasPoint =
    params.latitude !== null &&
    params.latitude !== undefined &&
    params.longitude !== null &&
    params.longitude !== undefined;
  const query = queryString({
    q: params.q.trim(),
    latitude: hasPoint ? params.latitude : undefined,
    longitude: hasPoint ? params.longitude : undefined,
    radiusKm: hasPoint ? params.radiusKm : undefined,
  });
  return AdminBusinessSearchResponseSchema.parse(
    await api.get(`/api/admin/business-search${query}`, { signal }),
  );
}

/** The search for a set of params; `null` (nothing to search yet) keeps it idle. */
export function businessSearchQueryOptions(params: AdminBusinessSearchParams | null) {
  return queryOptions({
    queryKey: adminSearchKeys.search(params ?? { q: '' }),
    queryFn: ({ signal }) => searchBusinesses(params!, signal),
    enabled: params !== null && params.q.trim() !== '',
    staleTime: 30_000,
    retry: false,
  });
}
