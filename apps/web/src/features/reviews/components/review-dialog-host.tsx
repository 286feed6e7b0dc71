import { pendingReviewForRequest, REVIEW_MESSAGES, type PendingReview } from '@grip/domain';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ReviewDialogContext, type ReviewDialogControls } from '../review-dialog-context';

// Loaded on first use: most pages never open it, and the shell should stay small.
const ReviewDialog = lazy(() => import('./review-dialog').then((m) => ({ default: m.ReviewDialog })));

/**
 * The review dialog of every signed-in page (spec 1 §2 "Other global elements"): 'Rate Your
 * Experience' for one job, opened from anywhere in the shell, e.g. a review_request notification.
 */
export function ReviewDialogHost({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [job, setJob] = useState<PendingReview | null>(null);
  // Only the latest click counts when several lookups are under way.
  const lookup = useRef(0);

  const openReviewForRequest = useCallback(
    async (requestId: string) => {
      const ticket = ++lookup.current;
      let items: PendingReview[];
      try {
        // Loaded on use, with the schemas it checks the answer with: the shell stays free of Zod.
        const { pendingReviewsQueryOptions } = await import('../api/reviews-api');
        // Fresh, not cached: the job may have been reviewed in another tab or contested since.
        items = (await queryClient.fetchQuery({ ...pendingReviewsQueryOptions, staleTime: 0 })).items;
      } catch (error) {
        console.warn('Could not load the pending reviews', error);
        // Job History has the job and its own Write Review button (and its own error state).
        if (ticket === lookup.current) void navigate('/history');
        return;
      }
      if (ticket !== lookup.current) return;
      const pending = pendingReviewForRequest(items, requestId);
      if (pending) {
        setJob(pending);
        return;
      }
      // Reviewed already, contested, or back in progress: Job History shows where it stands.
      toast.info(REVIEW_MESSAGES.notAwaitingReview);
      void navigate('/history');
    },
    [queryClient, navigate],
  );

  const controls = useMemo<ReviewDialogControls>(
    () => ({
      openReview: (next) => {
        lookup.current++;
        setJob(next);
      },
      openReviewForRequest,
    }),
    [openReviewForRequest],
  );

  return (
    <ReviewDialogContext.Provider value={controls}>
      {children}
      {job ? (
        <Suspense fallback={null}>
          <ReviewDialog
            job={job}
            open
            onOpenChange={(open) => {
              if (!open) setJob(null);
            }}
          />
        </Suspense>
      ) : null}
    </ReviewDialogContext.Provider>
  );
}
