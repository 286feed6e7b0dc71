import { notificationTarget, type Notification } from '@grip/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/use-current-user';
import { useMarkNotificationRead } from '../api/mark-read';

/** Clicking a notification marks it read and navigates by its type; other types stay put (spec 1 §4). */
export function useOpenNotification() {
  const navigate = useNavigate();
  const { mutate: markRead } = useMarkNotificationRead();
  const role = useCurrentUser().profile.role;
  return useCallback(
    (notification: Notification) => {
      if (notification.readAt === null) markRead(notification.id);
      const target = notificationTarget(notification.type, role);
      if (target) void navigate(target);
    },
    [markRead, navigate, role],
  );
}
