import type { PendingReview } from '@grip/domain';
import { usePendingReviews } from './api/reviews-api';

export interface ReviewGateState {
  /** True only once the list has loaded with at least one job: loading and errors never gate. */
  isGated: boolean;
  items: PendingReview[];
}

const NONE: PendingReview[] = [];

/**
 * Whether the review gate (spec 2 §4) holds this customer back from new requests. The screen only
 * hides its request buttons; the server refuses new requests on its own, so a failed or slow list
 * shows the home as usual rather than flashing a gate.
 */
export function useReviewGate(enabled: boolean): ReviewGateState {
  const { data } = usePendingReviews(enabled);
  const items = enabled && data ? data.items : NONE;
  return { isGated: items.length > 0, items };
}
