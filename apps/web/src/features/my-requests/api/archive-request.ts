import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ERROR_TOAST_MS, failureDescription } from '../failure-description';
import { dropFromSections } from './drop-from-sections';

/** POST /api/requests/:id/archive: hides the request from the lists (and from businesses). */
export function useArchiveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/requests/${encodeURIComponent(id)}/archive`),
    onSuccess: (_data, id) => {
      dropFromSections(queryClient, id, ['active', 'expired']);
      toast.success('Request Archived', { description: 'You can restore it from Archived requests.' });
    },
    onError: (error) => {
      console.warn('Could not archive the request', error);
      toast.error('Archive Failed', {
        description: failureDescription(error, 'Failed to archive the request'),
        duration: ERROR_TOAST_MS,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.requests }),
  });
}
