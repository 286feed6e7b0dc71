import type { BadgeCounts } from '@grip/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Live events refresh the counts at once; this poll is only the fallback for a stream that cannot connect. */
export const BADGE_POLL_MS = 30_000;

export const badgesQueryOptions = queryOptions({
  queryKey: queryKeys.badges,
  queryFn: ({ signal }) => api.get<BadgeCounts>('/api/badges', { signal }),
  refetchInterval: BADGE_POLL_MS,
  staleTime: 10_000,
});

/** Counts behind the bell and navigation badges; only fetched while signed in. */
export function useBadgeCounts(enabled = true): BadgeCounts | undefined {
  return useQuery({ ...badgesQueryOptions, enabled }).data;
}
