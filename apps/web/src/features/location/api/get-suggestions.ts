import type { GeoPlace } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const SUGGESTION_MIN_LENGTH = 2;
export const SUGGESTION_LIMIT = 5;

/** GET /api/geo/suggest: places matching what was typed so far (the server answers [] below 2 characters). */
export function geoSuggestionsQueryOptions(query: string) {
  const q = query.trim();
  return queryOptions({
    queryKey: queryKeys.geoSuggestions(q),
    queryFn: ({ signal }) =>
      api.get<GeoPlace[]>(`/api/geo/suggest${queryString({ q, limit: SUGGESTION_LIMIT })}`, { signal }),
    enabled: q.length >= SUGGESTION_MIN_LENGTH,
    // Places do not move: keep answers for the session, and do not hammer a real geocoder.
    staleTime: 10 * 60_000,
    retry: false,
  });
}
