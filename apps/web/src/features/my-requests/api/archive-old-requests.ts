import { ARCHIVE_MESSAGES, ArchiveOldResultSchema, type ARCHIVE_AGE_DAYS } from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ERROR_TOAST_MS, failureDescription } from '../failure-description';

export type ArchiveAgeDays = (typeof ARCHIVE_AGE_DAYS)[number];

/** POST /api/requests/archive-old { daysOld }: the spec's archive_old_requests, returning the count. */
export function useArchiveOldRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (daysOld: ArchiveAgeDays) =>
      ArchiveOldResultSchema.parse(await api.post<unknown>('/api/requests/archive-old', { daysOld })),
    onSuccess: ({ archived }) => {
      toast.success('Archive Complete', {
        description:
          archived === 0 ? ARCHIVE_MESSAGES.noneToArchive : `Successfully archived ${archived} old requests.`,
      });
    },
    onError: (error) => {
      console.warn('Could not archive old requests', error);
      toast.error('Archive Failed', {
        description: failureDescription(error, 'Failed to archive old requests'),
        duration: ERROR_TOAST_MS,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.requests }),
  });
}
