import {
  CreatedReviewSchema,
  PendingReviewListSchema,
  type CreatedReview,
  type PendingReviewList,
  type ReviewInput,
} from '@grip/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

/** The customer's completed jobs still waiting for their review. */
export const pendingReviewsQueryOptions = queryOptions({
  queryKey: queryKeys.pendingReviews,
  queryFn: async ({ signal }): Promise<PendingReviewList> =>
    PendingReviewListSchema.parse(await api.get<unknown>('/api/reviews/pending', { signal })),
  // A job completed by the business while the customer sits on the home should gate soon enough.
  staleTime: 60_000,
});

/** The pending list, only asked for when the viewer is a customer (administrators are never gated). */
export function usePendingReviews(enabled: boolean) {
  return useQuery({ ...pendingReviewsQueryOptions, enabled });
}

export async function submitReview(input: ReviewInput): Promise<CreatedReview> {
  return CreatedReviewSchema.parse(await api.post<unknown>('/api/reviews', input));
}
