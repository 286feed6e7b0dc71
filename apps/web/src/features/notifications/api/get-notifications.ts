import type { Notification } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface NotificationList {
  items: Notification[];
  unreadCount: number;
}

/**
 * GET /api/notifications, newest first. The dropdown asks for the latest N; the page asks without a
 * limit and shows everything the server returns (spec 1 §7: "all on the page").
 */
export function notificationsQueryOptions(limit: number | 'all') {
  return queryOptions({
    queryKey: queryKeys.notificationList(limit),
    queryFn: ({ signal }) =>
      api.get<NotificationList>(
        limit === 'all' ? '/api/notifications' : `/api/notifications?limit=${limit}`,
        {
          signal,
        },
      ),
  });
}
