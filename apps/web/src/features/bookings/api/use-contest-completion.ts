import { BOOKING_MESSAGES, type ContestInput } from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { contestCompletion } from './bookings-api';

const ERROR_TOAST_MS = 8000;

/**
 * Contests one completed job. `onClosed` runs when the dialog should close: on success, and on a 409
 * (the window has closed or the job was already contested) — asking again cannot succeed. A short
 * reason (400) or a failure of ours keeps the dialog open so the customer can try again.
 */
export function useContestCompletion(responseId: string, onClosed: () => void) {
  const queryClient = useQueryClient();
  // The job stays in Job History with its CONTESTED badge, its review (if any) is withdrawn, and My
  // Requests keeps showing it CONFIRMED (the spec has no CONTESTED status there; requestDisplayStatus).
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.requests });
    void queryClient.invalidateQueries({ queryKey: queryKeys.upcomingBookings });
    // The job leaves Confirmed for Job History: the Confirmed badge drops.
    void queryClient.invalidateQueries({ queryKey: queryKeys.badges });
  };

  return useMutation({
    mutationFn: (input: ContestInput) => contestCompletion(responseId, input),
    onSuccess: () => {
      toast.success(BOOKING_MESSAGES.contestSentTitle, { description: BOOKING_MESSAGES.contestSent });
      refresh();
      onClosed();
    },
    onError: (error) => {
      const isRefusal = isApiError(error) && error.status >= 400 && error.status < 500;
      toast.error('Error', {
        description: isRefusal ? error.message : BOOKING_MESSAGES.contestFailed,
        duration: ERROR_TOAST_MS,
      });
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        refresh();
        onClosed();
      }
    },
  });
}
