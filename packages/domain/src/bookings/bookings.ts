import { DAY_MS, HOUR_MS } from '../shared/time-windows';

/** Local midnight of the instant's day. */
function startOfLocalDay(at: Date): number {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
}

/** The local instant of a booking's date (YYYY-MM-DD) and optional time (HH:MM[:SS]). */
export function bookingInstant(date: string, time: string | null | undefined): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = (time ?? '00:00').split(':').map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0);
}

/**
 * The Upcoming Bookings label (spec 2 §9): 'In the next 2 hours', 'Today', 'Tomorrow', 'In N days'
 * (up to 7), then 'In N weeks'. Days count calendar days in the viewer's time zone.
 */
export function upcomingBookingLabel(date: string, time: string | null | undefined, now: Date): string {
  const at = bookingInstant(date, time);
  const until = at.getTime() - now.getTime();
  if (time && until >= 0 && until <= 2 * HOUR_MS) return 'In the next 2 hours';
  const days = Math.round((startOfLocalDay(at) - startOfLocalDay(now)) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days <= 7) return `In ${days} days`;
  const weeks = Math.floor(days / 7);
  return weeks === 1 ? 'In 1 week' : `In ${weeks} weeks`;
}

/** Book Now on a directory card opens the form with the business's first service (spec 2, Home). */
export function bookNowService(serviceCategories: readonly string[]): string | null {
  const first = serviceCategories.map((c) => c.trim()).find(Boolean);
  return first ? first.toLowerCase() : null;
}
