import { REVIEW_MESSAGES, type PendingReviewList, type ReviewInput } from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { submitReview } from './reviews-api';

const ERROR_TOAST_MS = 8000;

/**
 * Sends one review (spec 2 §5, §8). `onDone` runs when the job leaves the customer's queue: on success,
 * and when the server says it can no longer take this review (409 already reviewed, contested or not
 * completed; 404 not theirs) — staying on such a job would trap the gate. A 400 or a failure of ours
 * keeps the dialog open so the customer can try again.
 */
export function useSubmitReview(onDone: (responseId: string) => void) {
  const queryClient = useQueryClient();

  const leaveQueue = (responseId: string) => {
    // Drop it from the cached list at once so the gate clears without waiting for the refetch.
    queryClient.setQueryData<PendingReviewList>(queryKeys.pendingReviews, (old) =>
      old ? { items: old.items.filter((item) => item.responseId !== responseId) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.pendingReviews });
    // A review changes what My Requests and Job History show about the request.
    void queryClient.invalidateQueries({ queryKey: queryKeys.requests });
    onDone(responseId);
  };

  return useMutation({
    mutationFn: (input: ReviewInput) => submitReview(input),
    onSuccess: (_created, input) => {
      toast.success(REVIEW_MESSAGES.submittedTitle, { description: REVIEW_MESSAGES.submitted });
      leaveQueue(input.responseId);
    },
    onError: (error, input) => {
      if (isApiError(error) && error.status === 409 && error.message === REVIEW_MESSAGES.alreadyReviewed) {
        // Sent from another tab or twice: the review is there, which is all the customer wanted.
        toast.info(error.message);
        leaveQueue(input.responseId);
        return;
      }
      const isRefusal = isApiError(error) && error.status >= 400 && error.status < 500;
      toast.error('Error', {
        description: isRefusal ? error.message : REVIEW_MESSAGES.submitFailed,
        duration: ERROR_TOAST_MS,
      });
      if (isApiError(error) && (error.status === 409 || error.status === 404)) leaveQueue(input.responseId);
    },
  });
}
