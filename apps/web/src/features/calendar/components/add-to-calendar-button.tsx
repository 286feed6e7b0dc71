import { CALENDAR_MESSAGES } from '@grip/domain';
import { CalendarPlus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

/**
 * Add to calendar on a booking (issue 32): a plain link to the booking's .ics file, which the server
 * sends as a download (Content-Disposition), so it works without script and on every platform's
 * calendar — the phone offers to open the file in its calendar app.
 */
export function AddToCalendarButton({ responseId }: { responseId: string }) {
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
