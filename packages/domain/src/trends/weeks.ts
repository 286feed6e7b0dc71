import { DAY_MS } from '../shared/time-windows';

/** How many weeks the trend charts show: the current one and the eleven before it. */
export const TREND_WEEKS = 12;

const WEEK_MS = 7 * DAY_MS;

/**
 * Monday 00:00 UTC of the week holding `at` (ISO weeks, as PostgreSQL's date_trunc('week') counts them).
 * Weeks are UTC everywhere: the server groups by them and every viewer sees the same buckets.
 */
export function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** The first instant after the week that starts at `start`. */
export function weekEnd(start: Date): Date {
  return new Date(start.getTime() + WEEK_MS);
}

/** The starts of the last `count` weeks at `now`, oldest first, ending with the current (partial) week. */
export function weekBuckets(now: Date, count: number = TREND_WEEKS): Date[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('A trend has at least one week.');
  const current = weekStart(now).getTime();
  return Array.from({ length: count }, (_, i) => new Date(current - (count - 1 - i) * WEEK_MS));
}

/** A week's key as the API and the SQL write it: its start's UTC date, 'YYYY-MM-DD'. */
export function weekKey(start: Date): string {
  return start.toISOString().slice(0, 10);
}

/**
 * One entry per week of `weeks`, in order: the values grouped under its key, or `zero` for a week
 * with no activity. Keys outside the weeks (older, or after `now`) are left out.
 */
export function fillWeeks<V extends object>(
  weeks: readonly Date[],
  byWeek: ReadonlyMap<string, V>,
  zero: V,
): ({ weekStart: string } & V)[] {
  return weeks.map((start) => {
    const key = weekKey(start);
    return { weekStart: key, ...(byWeek.get(key) ?? zero) };
  });
}

/** A share as a percent with one decimal (3 of 8 -> 37.5), or null when there is nothing to divide. */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}
