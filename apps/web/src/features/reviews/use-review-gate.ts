import type { PendingReview } from '@grip/domain';
import { usePendingReviews } from './api/reviews-api';

export interface ReviewGateState {
  /** True only once the list has loaded with at least one job: loading and errors never gate. */
  isGated: boolean;
  /**
   * False only while the first answer is on its way: the home keeps the gate's place (or the
   * assistant's) empty until then, so neither arrives by pushing the page about (docs/performance.md).
   * A list that failed once (its retries are not waited for), is paused offline, or is not asked for
   * counts as known.
   */
  isKnown: boolean;
  items: PendingReview[];
}

const NONE: PendingReview[] = [];

/**
 * Whether the review gate (spec 2 §4) holds this customer back from new requests. The screen only
 * hides its request buttons; the server refuses new requests on its own, so a failed or slow list
 * shows the home as usual rather than flashing a gate.
 */
export function useReviewGate(enabled: boolean): ReviewGateState {
  const { data, isPending, fetchStatus, failureCount } = usePendingReviews(enabled);
  const items = enabled && data ? data.items : NONE;
  const isKnown = !enabled || !isPending || fetchStatus !== 'fetching' || failureCount > 0;
  return { isGated: items.length > 0, isKnown, items };
}
