import type { PendingReview } from '@grip/domain';
import { createContext, useContext } from 'react';

/** The shell's 'Rate Your Experience' dialog, which any page of the signed-in shell can open. */
export interface ReviewDialogControls {
  /** Opens the dialog for a job already known to be waiting for the customer's review. */
  openReview: (job: PendingReview) => void;
  /**
   * Opens it for the job of a request (a review_request notification names the request): looks the
   * job up in the customer's fresh pending list, and says so when it is no longer waiting for review.
   */
  openReviewForRequest: (requestId: string) => Promise<void>;
}

export const ReviewDialogContext = createContext<ReviewDialogControls | null>(null);

/** The shell's review dialog controls, or null outside the signed-in shell. */
export function useReviewDialog(): ReviewDialogControls | null {
  return useContext(ReviewDialogContext);
}
