import { NOTIFICATION_DROPDOWN_LIMIT, NOTIFICATION_TOAST_MS, type LiveEvent } from '@grip/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import { notificationsQueryOptions } from '../api/get-notifications';
import { useOpenNotification } from './use-open-notification';

/** Older than this, a notification replayed after a reconnect is news no more: no toast. */
const FRESH_MS = 2 * 60_000;

/**
 * Spec 1 §2: a notification arriving live raises a toast for 5000 ms. The live stream only says which
 * notification was created, so the toast reads it through the API (the bell's own list, which the same
 * event refreshes); each is shown once, only while unread and fresh, with View acting as a click.
 */
export function useLiveNotificationToasts(): (event: LiveEvent) => void {
  const queryClient = useQueryClient();
  const openNotification = useOpenNotification();
  const open = useRef(openNotification);
  useEffect(() => {
    open.current = openNotification;
  }, [openNotification]);
  const shown = useRef(new Set<string>());

  return useCallback(
    (event: LiveEvent) => {
      if (event.kind !== 'notification' || event.op !== 'created' || shown.current.has(event.id)) return;
      shown.current.add(event.id);
      void (async () => {
        let list;
        try {
          list = await queryClient.fetchQuery({
            ...notificationsQueryOptions(NOTIFICATION_DROPDOWN_LIMIT),
            staleTime: 0,
          });
        } catch (error) {
          // The bell still has it; a toast is a courtesy.
          console.warn('Could not read the new notification', error);
          return;
        }
        const notification = list.items.find((n) => n.id === event.id);
        if (!notification || notification.readAt !== null) return;
        if (Date.now() - Date.parse(notification.createdAt) > FRESH_MS) return;
        toast(notification.title, {
          id: `notification-${notification.id}`,
          description: notification.message,
          duration: NOTIFICATION_TOAST_MS,
          action: { label: 'View', onClick: () => open.current(notification) },
        });
      })();
    },
    [queryClient],
  );
}
