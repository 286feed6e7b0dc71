import {
  DISPUTE_MESSAGES,
  DisputeCaseSchema,
  DisputeQueuePageSchema,
  DisputeViewSchema,
  type DisputeAnswerInput,
  type DisputeCase,
  type DisputeDecisionInput,
  type DisputeStatus,
  type DisputeStep,
  type DisputeView,
} from '@grip/domain';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

const ERROR_TOAST_MS = 8000;
const path = (disputeId: string) => `/api/disputes/${encodeURIComponent(disputeId)}`;
const adminPath = (disputeId: string) => `/api/admin/disputes/${encodeURIComponent(disputeId)}`;

/** Keys of the administrators' queue and cases (administrator-only data, under 'admin'). */
export const disputeKeys = {
  all: ['admin', 'disputes'] as const,
  queue: ['admin', 'disputes', 'queue'] as const,
  case: (id: string) => ['admin', 'disputes', 'case', id] as const,
};

export const DISPUTE_QUEUE_PAGE_SIZE = 20;

/** GET /api/admin/disputes: escalated disputes, the longest waiting first, a page at a time. */
export function disputeQueueQueryOptions() {
  return infiniteQueryOptions({
    queryKey: disputeKeys.queue,
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      DisputeQueuePageSchema.parse(
        await api.get<unknown>(
          `/api/admin/disputes${queryString({ cursor: pageParam, limit: DISPUTE_QUEUE_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** GET /api/admin/disputes/:id: both sides, the job's photos and its conversation. */
export function disputeCaseQueryOptions(id: string) {
  return queryOptions({
    queryKey: disputeKeys.case(id),
    queryFn: async ({ signal }) => DisputeCaseSchema.parse(await api.get<unknown>(adminPath(id), { signal })),
  });
}

/**
 * After a step of a dispute, both sides' views of the job refetch: the customer's bookings (under
 * `requests`), the business's jobs and dashboard, the upcoming bookings and the badges. The other
 * party's screens refresh through the live stream (the job's row changed).
 */
function useRefreshJob() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      queryKeys.requests,
      queryKeys.business,
      queryKeys.upcomingBookings,
      queryKeys.badges,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

/**
 * A step's refusal (4xx) says why in the server's words, and 404/409 — the dispute moved under the
 * user — refreshes and runs `onDone` (asking again cannot succeed); anything else keeps the form as it
 * is to try again.
 */
function reportFailure(error: Error, failed: string, refresh: () => void, onDone: () => void) {
  const isRefusal = isApiError(error) && error.status >= 400 && error.status < 500;
  toast.error('Error', { description: isRefusal ? error.message : failed, duration: ERROR_TOAST_MS });
  if (isApiError(error) && (error.status === 409 || error.status === 404)) {
    refresh();
    onDone();
  }
}

/** The business answers a contest: an offer to fix the work, or an explanation. */
export function useAnswerDispute(disputeId: string, onDone: () => void = () => undefined) {
  const refresh = useRefreshJob();
  return useMutation({
    mutationFn: async (input: DisputeAnswerInput): Promise<DisputeView> =>
      DisputeViewSchema.parse(await api.post<unknown>(`${path(disputeId)}/answer`, input)),
    onSuccess: () => {
      toast.success(DISPUTE_MESSAGES.answerSentTitle);
      refresh();
      onDone();
    },
    onError: (error) => reportFailure(error, DISPUTE_MESSAGES.answerFailed, refresh, onDone),
  });
}

const STEP_DONE: Record<DisputeStep, string> = {
  accept: DISPUTE_MESSAGES.acceptedTitle,
  escalate: DISPUTE_MESSAGES.escalatedTitle,
};

/** A party's step: the customer accepts the answer, or either side escalates to Grip. */
export function useDisputeStep(disputeId: string, onDone: () => void = () => undefined) {
  const refresh = useRefreshJob();
  return useMutation({
    mutationFn: async ({ step, seenStatus }: { step: DisputeStep; seenStatus: DisputeStatus }) =>
      DisputeViewSchema.parse(await api.post<unknown>(`${path(disputeId)}/${step}`, { seenStatus })),
    onSuccess: (_view, { step }) => {
      toast.success(STEP_DONE[step]);
      refresh();
      onDone();
    },
    onError: (error) => reportFailure(error, DISPUTE_MESSAGES.stepFailed, refresh, onDone),
  });
}

/** An administrator decides an escalated dispute; the queue and the case refresh. */
export function useDecideDispute(disputeId: string, onDone: () => void = () => undefined) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: disputeKeys.all });
  return useMutation({
    mutationFn: async (input: DisputeDecisionInput): Promise<DisputeCase> =>
      DisputeCaseSchema.parse(await api.post<unknown>(`${adminPath(disputeId)}/decide`, input)),
    onSuccess: (decided) => {
      queryClient.setQueryData(disputeKeys.case(disputeId), decided);
      toast.success(DISPUTE_MESSAGES.decidedTitle);
      refresh();
      onDone();
    },
    onError: (error) => reportFailure(error, DISPUTE_MESSAGES.decideFailed, refresh, onDone),
  });
}
