import {
  BusinessJobDetailSchema,
  BusinessJobPageSchema,
  BusinessJobSchema,
  type BusinessJob,
  type CompleteJobInput,
  type JobSection,
} from '@grip/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const JOBS_PAGE_SIZE = 20;

const jobPath = (id: string) => `/api/business/jobs/${encodeURIComponent(id)}`;

/**
 * GET /api/business/jobs?section=…: Active bookings (latest accepted first) or Completed ones (latest
 * completed first), without those the business archived, a page at a time.
 */
export function jobsQueryOptions(section: JobSection) {
  return infiniteQueryOptions({
    queryKey: queryKeys.businessJobList(section),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      BusinessJobPageSchema.parse(
        await api.get<unknown>(
          `/api/business/jobs${queryString({ section, cursor: pageParam, limit: JOBS_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** One job with its conversation (the server answers 404 for another business's job). */
export function jobQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.businessJob(id),
    queryFn: async ({ signal }) =>
      BusinessJobDetailSchema.parse(await api.get<unknown>(jobPath(id), { signal })),
  });
}

export function saveJobNotes(id: string, notes: string): Promise<{ engagementNotes: string | null }> {
  return api.put(`${jobPath(id)}/notes`, { notes });
}

export async function completeJob(id: string, input: CompleteJobInput): Promise<BusinessJob> {
  return BusinessJobSchema.parse(await api.post<unknown>(`${jobPath(id)}/complete`, input));
}

export function emailJobDetails(id: string, email: string): Promise<{ queued: true }> {
  return api.post<{ queued: true }>(`${jobPath(id)}/email`, { email });
}
