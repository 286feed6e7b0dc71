import {
  Bell,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  CircleCheckBig,
  Inbox,
  MessageCircle,
  MessageSquareQuote,
  Star,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * Icons for the types that act when clicked (spec 1 §4, plus review_request, which opens the review
 * dialog, and issue 32's booking changes); any other type shows the generic bell.
 */
const ICONS: Record<string, LucideIcon> = {
  new_request: Inbox,
  new_response: MessageSquareQuote,
  response_accepted: CalendarCheck,
  request_completed: CircleCheckBig,
  new_message: MessageCircle,
  review_request: Star,
  booking_cancelled: CalendarX,
  booking_time_proposed: CalendarClock,
  booking_time_answered: CalendarClock,
};

export function NotificationIcon({ type, className }: { type: string; className?: string }) {
  // Own keys only: a type named like an Object.prototype member must not find a "component".
  const known = Object.hasOwn(ICONS, type);
  const Icon = (known ? ICONS[type] : undefined) ?? Bell;
  return (
    <span
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground',
        className,
      )}
      data-notification-icon={known ? type : 'generic'}
    >
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
