import { JOB_MESSAGES, type CompleteJobInput } from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { completeJob, jobQueryOptions } from './jobs-api';

interface CompleteJobOptions {
  /** The success toast's title: each way of completing has its own in the spec (§8). */
  successTitle: string;
  onDone?: () => void;
}

/**
 * Marks a job complete and refreshes every business list (jobs, dashboard, opportunities). The
 * completed job goes straight into the detail cache, so the view shows it before the refetch. A
 * refusal the server explains (already completed, not accepted) is shown in its words; anything else
 * (a server failure, no connection) gets the spec's text.
 */
export function useCompleteJob(jobId: string, { successTitle, onDone }: CompleteJobOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CompleteJobInput) => completeJob(jobId, input),
    onSuccess: (job) => {
      toast.success(successTitle, { description: JOB_MESSAGES.contestNote });
      queryClient.setQueryData(jobQueryOptions(jobId).queryKey, job);
      void queryClient.invalidateQueries({ queryKey: queryKeys.business });
      onDone?.();
    },
    onError: (error) => {
      const description =
        isApiError(error) && error.status >= 400 && error.status < 500
          ? error.message
          : JOB_MESSAGES.completionFailed;
      toast.error(JOB_MESSAGES.completionFailedTitle, { description });
      void queryClient.invalidateQueries({ queryKey: queryKeys.business });
    },
  });
}
