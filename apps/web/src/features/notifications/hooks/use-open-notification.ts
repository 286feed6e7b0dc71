import { notificationAction, type Notification } from '@grip/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { useReviewDialog } from '@/features/reviews/review-dialog-context';
import { useMarkNotificationRead } from '../api/mark-read';

/**
 * Clicking a notification marks it read and acts by its type (spec 1 §4): it navigates, opens 'Rate
 * Your Experience' for a review_request, or stays put.
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const { mutate: markRead } = useMarkNotificationRead();
  const role = useCurrentUser().profile.role;
  const reviews = useReviewDialog();

  return useCallback(
    (notification: Notification) => {
      if (notification.readAt === null) markRead(notification.id);
      const action = notificationAction(notification, role);
      if (action.kind === 'navigate') void navigate(action.to);
      else if (action.kind === 'review') {
        // Outside the shell there is no dialog to open: Job History has the Write Review button.
        if (reviews) void reviews.openReviewForRequest(action.requestId);
        else void navigate('/history');
      }
    },
    [markRead, navigate, role, reviews],
  );
}
