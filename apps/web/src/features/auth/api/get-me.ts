import type { Me } from '@grip/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/me: the signed-in user and profile, or null when signed out. `optional=true` makes the
 * server answer a visitor with null rather than a 401 the browser logs as an error on every visit.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me | null>('/api/me?optional=true', { signal, expectUnauthorized: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: 60_000,
});

/** The session behind every guard. `me` is undefined while loading, null when signed out. */
export function useSession() {
  const query = useQuery(meQueryOptions);
  return { me: query.data, isPending: query.isPending, isError: query.isError, refetch: query.refetch };
}
