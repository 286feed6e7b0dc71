import { CALENDAR_MESSAGES } from '@grip/domain';
import { CalendarPlus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

interface AddToCalendarButtonProps {
  responseId: string;
  /**
   * False when the booking has no date yet: there is nothing to put in a calendar (the server would
   * refuse the file), so no button. Screens that do not know leave it out.
   */
  isDated?: boolean;
}

/**
 * Add to calendar on a booking (issue 32): a plain link to the booking's .ics file, which the server
 * sends as a download (Content-Disposition), so it needs no script and works with every calendar —
 * a phone offers to open the file in its calendar app.
 */
export function AddToCalendarButton({ responseId, isDated = true }: AddToCalendarButtonProps) {
  if (!isDated) return null;
  return (
    <a
      href={`/api/bookings/${encodeURIComponent(responseId)}/calendar.ics`}
      download
      title={CALENDAR_MESSAGES.addToCalendarHint}
      className={buttonClasses({ variant: 'outline', size: 'sm' })}
    >
      <CalendarPlus aria-hidden="true" className="size-4" />
      {CALENDAR_MESSAGES.addToCalendar}
    </a>
  );
}
