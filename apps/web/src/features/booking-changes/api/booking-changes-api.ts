import {
  CHANGE_MESSAGES,
  type CancelBookingInput,
  type ProposeRescheduleInput,
  type RescheduleAnswer,
} from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

const ERROR_TOAST_MS = 8000;
const path = (responseId: string) => `/api/bookings/${encodeURIComponent(responseId)}`;

/**
 * After any change of a booking, both sides' views of it refetch: the customer's bookings and
 * requests, the business's jobs and dashboard, the conversations (a cancelled one locks), the
 * upcoming bookings and the badges. The other party's screens refresh through the live stream.
 */
function useRefreshBooking() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      queryKeys.requests,
      queryKeys.business,
      queryKeys.upcomingBookings,
      queryKeys.conversations,
      queryKeys.badges,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

/**
 * A change mutation: on success a toast and `onDone`; a refusal (4xx) says why in the server's words
 * and, for 404/409 (the booking changed under the user), refreshes and closes — asking again cannot
 * succeed; anything else keeps the dialog open to try again.
 */
function useBookingChange<T>(
  send: (input: T) => Promise<void>,
  success: (input: T) => string,
  failed: string,
  onDone: () => void,
) {
  const refresh = useRefreshBooking();
  return useMutation({
    mutationFn: send,
    onSuccess: (_data, input) => {
      toast.success(success(input));
      refresh();
      onDone();
    },
    onError: (error) => {
      const isRefusal = isApiError(error) && error.status >= 400 && error.status < 500;
      toast.error('Error', { description: isRefusal ? error.message : failed, duration: ERROR_TOAST_MS });
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        refresh();
        onDone();
      }
    },
  });
}

export function useCancelBooking(responseId: string, onDone: () => void) {
  return useBookingChange(
    (input: CancelBookingInput) => api.post(`${path(responseId)}/cancel`, input),
    () => CHANGE_MESSAGES.cancelledTitle,
    CHANGE_MESSAGES.cancelFailed,
    onDone,
  );
}

export function useProposeNewTime(responseId: string, onDone: () => void) {
  return useBookingChange(
    (input: ProposeRescheduleInput) => api.post(`${path(responseId)}/reschedule`, input),
    () => CHANGE_MESSAGES.proposalSentTitle,
    CHANGE_MESSAGES.proposalFailed,
    onDone,
  );
}

const ANSWERED: Record<RescheduleAnswer, string> = {
  accept: CHANGE_MESSAGES.proposalAcceptedTitle,
  decline: CHANGE_MESSAGES.proposalDeclinedTitle,
  withdraw: CHANGE_MESSAGES.proposalWithdrawnTitle,
};

export function useAnswerProposal(responseId: string, onDone: () => void = () => undefined) {
  return useBookingChange(
    ({ proposalId, answer }: { proposalId: string; answer: RescheduleAnswer }) =>
      api.post(`${path(responseId)}/reschedule/${encodeURIComponent(proposalId)}/${answer}`),
    ({ answer }) => ANSWERED[answer],
    CHANGE_MESSAGES.proposalFailed,
    onDone,
  );
}

/** Reopen for quotes: the request goes out again (the existing resubmit). */
export function useReopenForQuotes(requestId: string) {
  return useBookingChange(
    () => api.post(`/api/requests/${encodeURIComponent(requestId)}/resubmit`),
    () => CHANGE_MESSAGES.reopenedTitle,
    CHANGE_MESSAGES.reopenFailed,
    () => undefined,
  );
}
