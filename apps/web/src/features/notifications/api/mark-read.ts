import type { BadgeCounts } from '@grip/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CachedNotifications, NotificationList } from './get-notifications';

type Snapshot = {
  lists: [readonly unknown[], CachedNotifications | undefined][];
  badges: BadgeCounts | undefined;
};

const pagesOf = (cached: CachedNotifications | undefined): NotificationList[] =>
  !cached ? [] : 'pages' in cached ? cached.pages : [cached];

/** Marks one or all notifications read in every cached list and in the bell count at once (optimistic). */
async function applyRead(queryClient: QueryClient, target: { id: string } | 'all'): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: queryKeys.notifications });
  await queryClient.cancelQueries({ queryKey: queryKeys.badges });
  const snapshot: Snapshot = {
    lists: queryClient.getQueriesData<CachedNotifications>({ queryKey: queryKeys.notifications }),
    badges: queryClient.getQueryData<BadgeCounts>(queryKeys.badges),
  };
  const isTarget = (id: string) => target === 'all' || target.id === id;
  const readAt = new Date().toISOString();

  const newlyRead = new Set<string>();
  for (const [, cached] of snapshot.lists) {
    for (const page of pagesOf(cached))
      for (const item of page.items) if (item.readAt === null && isTarget(item.id)) newlyRead.add(item.id);
  }

  // Every page of a list carries the same unread total, so each loses all that was newly read.
  const markPage = (page: NotificationList): NotificationList => ({
    ...page,
    items: page.items.map((item) => (item.readAt === null && isTarget(item.id) ? { ...item, readAt } : item)),
    unreadCount: target === 'all' ? 0 : Math.max(0, page.unreadCount - newlyRead.size),
  });
  queryClient.setQueriesData<CachedNotifications>({ queryKey: queryKeys.notifications }, (cached) => {
    if (!cached) return cached;
    return 'pages' in cached ? { ...cached, pages: cached.pages.map(markPage) } : markPage(cached);
  });
  if (snapshot.badges) {
    const unreadNotifications =
      target === 'all' ? 0 : Math.max(0, snapshot.badges.unreadNotifications - newlyRead.size);
    queryClient.setQueryData<BadgeCounts>(queryKeys.badges, { ...snapshot.badges, unreadNotifications });
  }
  return snapshot;
}

function restore(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  if (!snapshot) return;
  for (const [key, list] of snapshot.lists) queryClient.setQueryData(key, list);
  if (snapshot.badges) queryClient.setQueryData(queryKeys.badges, snapshot.badges);
}

function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
    queryClient.invalidateQueries({ queryKey: queryKeys.badges }),
  ]);
}

/** POST /api/notifications/{id}/read */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/notifications/${encodeURIComponent(id)}/read`),
    onMutate: (id) => applyRead(queryClient, { id }),
    onError: (error, _id, snapshot) => {
      // Spec 1 §8: notification failures are only logged.
      console.warn('Could not mark the notification read', error);
      restore(queryClient, snapshot);
    },
    onSettled: () => refresh(queryClient),
  });
}

/** POST /api/notifications/read-all */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/notifications/read-all'),
    onMutate: () => applyRead(queryClient, 'all'),
    onError: (error, _vars, snapshot) => {
      console.warn('Could not mark all notifications read', error);
      restore(queryClient, snapshot);
    },
    onSettled: () => refresh(queryClient),
  });
}
