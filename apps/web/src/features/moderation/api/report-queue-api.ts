import {
  HandledReportSchema,
  REPORT_QUEUE_PAGE_SIZE,
  ReportQueuePageSchema,
  type HandleReportInput,
} from '@grip/domain';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';

/** The Reports tab's keys, under the admin root (administrator-only data). */
export const reportQueueKeys = { all: ['admin', 'reports'] as const };

/** GET /api/admin/reports: open reports, oldest first, a page at a time. */
export function reportQueueQueryOptions() {
  return infiniteQueryOptions({
    queryKey: reportQueueKeys.all,
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      ReportQueuePageSchema.parse(
        await api.get<unknown>(
          `/api/admin/reports${queryString({ cursor: pageParam, limit: REPORT_QUEUE_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useReportQueue() {
  return useInfiniteQuery(reportQueueQueryOptions());
}

/**
 * POST /api/admin/reports/:id/handle. A suspension also changes the Users tab and the audit log, so
 * every admin list reads again.
 */
export function useHandleReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: HandleReportInput }) =>
      HandledReportSchema.parse(
        await api.post<unknown>(`/api/admin/reports/${encodeURIComponent(id)}/handle`, input),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
