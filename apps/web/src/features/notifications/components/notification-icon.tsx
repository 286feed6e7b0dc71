import {
  Bell,
  CalendarCheck,
  CircleCheckBig,
  Inbox,
  MessageCircle,
  MessageSquareQuote,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';

/** Icons for the types that navigate (spec 1 §4); any other type shows the generic bell. */
const ICONS: Record<string, LucideIcon> = {
  new_request: Inbox,
  new_response: MessageSquareQuote,
  response_accepted: CalendarCheck,
  request_completed: CircleCheckBig,
  new_message: MessageCircle,
};

export function NotificationIcon({ type, className }: { type: string; className?: string }) {
  const Icon = ICONS[type] ?? Bell;
  return (
    <span
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground',
        className,
      )}
      data-notification-icon={ICONS[type] ? type : 'generic'}
    >
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
