import { formatRelativeTime, type Notification } from '@grip/domain';
import { cn } from '@/lib/utils';
import { NotificationIcon } from './notification-icon';

interface NotificationContentProps {
  notification: Notification;
  now: Date;
  /** Clamp the message to two lines (the dropdown). */
  compact?: boolean;
}

/** One notification: icon by type, title, message, relative time and an unread dot. */
export function NotificationContent({ notification, now, compact = false }: NotificationContentProps) {
  const isUnread = notification.readAt === null;
  const createdAt = new Date(notification.createdAt);
  return (
    <span className="flex w-full items-start gap-3 text-left">
      <NotificationIcon type={notification.type} />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={cn('text-sm', isUnread ? 'font-semibold' : 'font-medium')}>
          {notification.title}
        </span>
        <span className={cn('text-sm text-muted-foreground', compact && 'line-clamp-2')}>
          {notification.message}
        </span>
        <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
          {formatRelativeTime(createdAt, now)}
        </time>
      </span>
      {isUnread ? (
        <span className="mt-1.5 flex shrink-0 items-center" data-testid="unread-dot">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-primary" />
          <span className="sr-only">Unread</span>
        </span>
      ) : null}
    </span>
  );
}
