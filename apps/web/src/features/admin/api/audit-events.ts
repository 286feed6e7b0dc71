import { AuditEventPageSchema } from '@grip/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';

/** Keys of the audit log (administrator-only data). */
export const auditEventKeys = {
  all: ['admin', 'audit-events'] as const,
};

/** GET /api/admin/audit-events: account changes, newest first, a page at a time. */
export function auditEventsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: auditEventKeys.all,
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      AuditEventPageSchema.parse(
        await api.get<unknown>(`/api/admin/audit-events${queryString({ cursor: pageParam })}`, { signal }),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAuditEvents() {
  return useInfiniteQuery(auditEventsQueryOptions());
}
