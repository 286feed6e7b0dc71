import {
  CustomerReviewStateSchema,
  CustomerStandingSchema,
  ReviewEntryListSchema,
  TWO_WAY_MESSAGES,
  type CustomerReviewInput,
} from '@grip/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

const enc = encodeURIComponent;

/** Under `me` (the account's own) and `business` (a job's and a request's): refreshed with them. */
export const myReviewsKey = [...queryKeys.me, 'reviews'] as const;
const customerReviewKey = (jobId: string) => [...queryKeys.businessJob(jobId), 'customer-review'] as const;
const standingKey = (requestId: string) =>
  [...queryKeys.businessRequest(requestId), 'customer-standing'] as const;

export const myReviewsQuery = () =>
  queryOptions({
    queryKey: myReviewsKey,
    queryFn: async () => ReviewEntryListSchema.parse(await api.get<unknown>('/api/reviews/mine')),
  });

export const customerReviewQuery = (jobId: string) =>
  queryOptions({
    queryKey: customerReviewKey(jobId),
    queryFn: async () =>
      CustomerReviewStateSchema.parse(
        await api.get<unknown>(`/api/business/jobs/${enc(jobId)}/customer-review`),
      ),
  });

export const customerStandingQuery = (requestId: string) =>
  queryOptions({
    queryKey: standingKey(requestId),
    queryFn: async () =>
      CustomerStandingSchema.parse(
        await api.get<unknown>(`/api/business/requests/${enc(requestId)}/customer-standing`),
      ),
  });

const refusalOr = (error: unknown, fallback: string) =>
  isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;

export function useReviewCustomer(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerReviewInput) =>
      api.post(`/api/business/jobs/${enc(jobId)}/customer-review`, input),
    onSuccess: () => toast.success(TWO_WAY_MESSAGES.submitted),
    onError: (error) =>
      toast.error('Error', { description: refusalOr(error, TWO_WAY_MESSAGES.reviewFailed) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerReviewKey(jobId) }),
  });
}

export function useReplyToReview(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) =>
      api.post(`/api/reviews/${enc(reviewId)}/reply`, { text }),
    onSuccess: () => {
      toast.success(TWO_WAY_MESSAGES.replied);
      onDone();
    },
    onError: (error) => toast.error('Error', { description: refusalOr(error, TWO_WAY_MESSAGES.replyFailed) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myReviewsKey }),
  });
}
