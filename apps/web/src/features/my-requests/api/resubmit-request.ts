import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ERROR_TOAST_MS, failureDescription } from '../failure-description';

/** POST /api/requests/:id/resubmit answers how many businesses were told again. */
const ResubmitResultSchema = z.object({ matchedBusinesses: z.number().int().nonnegative() });

/** The spec says business owners have been notified; we say how many. */
export function resubmittedDescription(matchedBusinesses: number): string {
  if (matchedBusinesses === 0) {
    return 'Your request is open again. No business owners offer this service in your area yet.';
  }
  return matchedBusinesses === 1
    ? 'Your request is open again and 1 business owner has been notified.'
    : `Your request is open again and ${matchedBusinesses} business owners have been notified.`;
}

/** Sets the request open again and notifies the matching businesses (spec 2 §4). */
export function useResubmitRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      ResubmitResultSchema.parse(await api.post<unknown>(`/api/requests/${encodeURIComponent(id)}/resubmit`)),
    onSuccess: ({ matchedBusinesses }) => {
      toast.success('Request Resubmitted', { description: resubmittedDescription(matchedBusinesses) });
    },
    onError: (error) => {
      console.warn('Could not resubmit the request', error);
      toast.error('Error', {
        description: failureDescription(error, 'Failed to resubmit request.'),
        duration: ERROR_TOAST_MS,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.requests }),
  });
}
