import { JOB_MESSAGES, type CompleteJobInput } from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { completeJob } from './jobs-api';

/**
 * Marks a job complete and refreshes every business list (jobs, dashboard, opportunities). A refusal the server explains (already
 * completed, not accepted) is shown in its words; anything else gets the spec's text.
 */
export function useCompleteJob(jobId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompleteJobInput) => completeJob(jobId, input),
    onSuccess: () => {
      toast.success(JOB_MESSAGES.completedTitle, { description: JOB_MESSAGES.contestNote });
      void queryClient.invalidateQueries({ queryKey: queryKeys.business });
      onDone?.();
    },
    onError: (error) => {
      const description =
        isApiError(error) && error.status < 500 ? error.message : JOB_MESSAGES.completionFailed;
      toast.error(JOB_MESSAGES.completionFailedTitle, { description });
      void queryClient.invalidateQueries({ queryKey: queryKeys.business });
    },
  });
}
