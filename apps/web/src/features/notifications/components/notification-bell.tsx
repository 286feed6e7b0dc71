import { NOTIFICATION_DROPDOWN_LIMIT } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { CountBadge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { useBadgeCounts } from '@/features/badges/api/get-badges';
import { useNow } from '@/lib/use-now';
import { notificationsQueryOptions } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-read';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationContent } from './notification-content';

/** The top-bar bell: unread badge, and a dropdown with the latest notifications (spec 1 §2). */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const countId = useId();
  const badges = useBadgeCounts();
  const list = useQuery({ ...notificationsQueryOptions(NOTIFICATION_DROPDOWN_LIMIT), enabled: open });
  const unread = badges?.unreadNotifications ?? list.data?.unreadCount ?? 0;
  const markAll = useMarkAllNotificationsRead();
  const openNotification = useOpenNotification();
  const now = useNow();

  useEffect(() => {
    // Spec 1 §8: notification fetch errors are only logged.
    if (list.error) console.warn('Could not load notifications', list.error);
  }, [list.error]);

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      {/* Named by its text, not aria-label: a name that leaves out the badge's visible count
          would not match what is on screen (WCAG 2.5.3); the count is its description instead. */}
      <DropdownMenuTrigger
        aria-describedby={unread > 0 ? countId : undefined}
        className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'relative' })}
      >
        <span className="sr-only">Notifications</span>
        <Bell aria-hidden="true" className="size-6" />
        <CountBadge
          count={unread}
          data-testid="bell-badge"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 ring-2 ring-background"
        />
      </DropdownMenuTrigger>
      {unread > 0 ? (
        <span id={countId} className="sr-only">
          {unread} unread
        </span>
      ) : null}
      <DropdownMenuContent className="w-[min(24rem,calc(100vw-1rem))] p-0" aria-label="Notifications">
        <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
          <DropdownMenuLabel className="px-0 text-base">Notifications</DropdownMenuLabel>
          <DropdownMenuItem
            className="w-auto px-2 py-1 text-primary"
            disabled={unread === 0}
            onSelect={(event) => {
              event.preventDefault();
              markAll.mutate();
            }}
          >
            <CheckCheck aria-hidden="true" />
            Mark all read
          </DropdownMenuItem>
        </div>
        <div className="max-h-[min(28rem,70dvh)] overflow-y-auto p-1">
          {list.isPending ? (
            <div className="grid gap-3 p-3" role="status">
              <span className="sr-only">Loading notifications</span>
              {[0, 1, 2].map((i) => (
                <div key={i} className="flex gap-3">
                  <Skeleton className="size-9 rounded-full" />
                  <div className="grid flex-1 gap-2">
                    <Skeleton className="h-3.5 w-1/2" />
                    <Skeleton className="h-3 w-4/5" />
                  </div>
                </div>
              ))}
            </div>
          ) : list.data && list.data.items.length > 0 ? (
            list.data.items.map((notification) => (
              <DropdownMenuItem
                key={notification.id}
                className="items-start px-2 py-2.5"
                onSelect={() => openNotification(notification)}
              >
                <NotificationContent notification={notification} now={now} compact />
              </DropdownMenuItem>
            ))
          ) : (
            <p className="px-3 py-8 text-center text-sm text-muted-foreground">No notifications yet</p>
          )}
        </div>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <DropdownMenuItem asChild className="justify-center rounded-none py-3 font-medium text-primary">
          <Link to="/notifications">View all notifications</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
