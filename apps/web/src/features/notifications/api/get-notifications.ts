import type { Notification } from '@grip/domain';
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface NotificationList {
  items: Notification[];
  unreadCount: number;
  nextCursor?: string | null;
}

/** A cached notifications query: the dropdown's single list, or the page's list of pages. */
export type CachedNotifications = NotificationList | InfiniteData<NotificationList, string | null>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/notifications?limit=N, newest first: the bell's dropdown. */
export function notificationsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: queryKeys.notificationList(limit),
    queryFn: ({ signal }) => api.get<NotificationList>(`/api/notifications?limit=${limit}`, { signal }),
  });
}

/** The /notifications page: every notification, a page at a time (cursor from the server). */
export function notificationPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.notificationPages,
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      api.get<NotificationList>(
        `/api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}
