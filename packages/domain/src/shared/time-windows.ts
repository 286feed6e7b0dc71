/** The time windows used everywhere (spec 1 §9): 24 h new, 24-48 h about to expire, > 48 h expired. */
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const NEW_WINDOW_MS = 24 * HOUR_MS;
export const EXPIRY_WINDOW_MS = 48 * HOUR_MS;
export const CONTEST_WINDOW_MS = 24 * HOUR_MS;

export type Freshness = 'new' | 'about_to_expire' | 'expired';

/** Buckets an instant (creation or latest activity) by its age at `now`. */
export function freshness(at: Date, now: Date): Freshness {
  const age = now.getTime() - at.getTime();
  if (age <= NEW_WINDOW_MS) return 'new';
  if (age <= EXPIRY_WINDOW_MS) return 'about_to_expire';
  return 'expired';
}

/**
 * The earliest date (YYYY-MM-DD) any viewer's time zone can call "today" at `now`: yesterday in UTC.
 * The server uses it to accept a preferred date or list a booking without knowing the viewer's zone.
 */
export function earliestLocalToday(now: Date): string {
  return new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
}

/** The latest date any viewer's time zone can call "today" at `now` (UTC+14 is the furthest ahead). */
export function latestLocalToday(now: Date): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The earliest date some time zone (UTC−12 is the furthest behind) still calls today at `now`. */
export function earliestPossibleToday(now: Date): string {
  return new Date(now.getTime() - 12 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Whether some time zone (UTC−12 to UTC+14) calls `isoDay` today at `now`. */
export function isPossibleToday(isoDay: string, now: Date): boolean {
  return isoDay >= earliestPossibleToday(now) && isoDay <= latestLocalToday(now);
}

/** The newest of several instants; ignores missing ones. */
export function latestOf(...instants: (Date | null | undefined)[]): Date | null {
  let latest: Date | null = null;
  for (const d of instants) {
    if (d && (!latest || d.getTime() > latest.getTime())) latest = d;
  }
  return latest;
}

/** True when there has been no activity for more than 48 hours. */
export function isExpired(latestActivity: Date, now: Date): boolean {
  return now.getTime() - latestActivity.getTime() > EXPIRY_WINDOW_MS;
}

/** The deadline for contesting a completed job (whether it is still open: `canContest` in customer-bookings). */
export function contestDeadline(completedAt: Date): Date {
  return new Date(completedAt.getTime() + CONTEST_WINDOW_MS);
}
