import { useInfiniteQuery } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect } from 'react';
import { CountBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useNow } from '@/lib/use-now';
import { notificationPagesQueryOptions } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-read';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationContent } from './notification-content';

/** The body of /notifications: unread count, Mark all read, the list or its empty state. */
export function NotificationsView() {
  const list = useInfiniteQuery(notificationPagesQueryOptions());
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const markAll = useMarkAllNotificationsRead();
  const openNotification = useOpenNotification();
  const now = useNow();
  const unread = list.data?.pages[0]?.unreadCount ?? 0;

  useEffect(() => {
    if (list.error) console.warn('Could not load notifications', list.error);
  }, [list.error]);

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
          {unread > 0 ? (
            <>
              <CountBadge count={unread} aria-hidden="true" data-testid="notifications-unread-badge" />
              <span>{unread} unread</span>
            </>
          ) : list.data ? (
            <span>All caught up</span>
          ) : null}
        </p>
        <Button variant="outline" size="sm" disabled={unread === 0} onClick={() => markAll.mutate()}>
          <CheckCheck aria-hidden="true" className="size-4" />
          Mark all read
        </Button>
      </div>

      {list.isPending ? (
        <ListSkeleton rows={4} label="Loading notifications" />
      ) : items.length > 0 ? (
        <>
          <ul className="grid gap-2" aria-label="Notifications">
            {items.map((notification) => (
              <li key={notification.id}>
                <button
                  type="button"
                  onClick={() => openNotification(notification)}
                  className="w-full rounded-lg border border-border bg-background p-4 transition-colors hover:bg-muted data-[unread=true]:border-primary/40 data-[unread=true]:bg-accent/60"
                  data-unread={notification.readAt === null}
                >
                  <NotificationContent notification={notification} now={now} />
                </button>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? <Spinner className="size-4" /> : null}
              Load more
            </Button>
          ) : null}
        </>
      ) : (
        <EmptyState
          icon={Bell}
          title="No notifications yet"
          description="We'll let you know here when something happens with your requests, offers and messages."
        />
      )}
    </div>
  );
}
