import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ERROR_TOAST_MS, failureDescription } from '../failure-description';
import { dropFromSections } from './drop-from-sections';

/** POST /api/requests/:id/restore: the spec's unarchive_request, which the original left "coming soon". */
export function useRestoreRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/requests/${encodeURIComponent(id)}/restore`),
    onSuccess: (_data, id) => {
      dropFromSections(queryClient, id, ['archived']);
      toast.success('Request Restored', { description: 'It is back in your requests.' });
    },
    onError: (error) => {
      console.warn('Could not restore the request', error);
      toast.error('Restore Failed', {
        description: failureDescription(error, 'Failed to restore the request'),
        duration: ERROR_TOAST_MS,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.requests }),
  });
}
