import { z } from 'zod';
import type { BookingParty } from '../shared/statuses';
import { sentenceEnd } from '../shared/text';
import { DAY_MS } from '../shared/time-windows';
import type { AgreedTime } from './cancellation';

/**
 * Calendars (issue 32): a booking as a calendar event — its window worked out from the agreed time
 * and the quote's free-text duration — the words of Add to calendar and of the private feed, and the
 * feed's API shapes.
 *
 * Times are floating local times (RFC 5545 "form #1": no TZID, no Z). Bookings are stored as a date
 * and a clock time without a zone (what the customer asked for and the business agreed to, at the
 * job's place), so any zone we stamped on them would be a guess; a floating time shows as 9:00 on
 * whatever device reads it, which is the time both parties agreed on.
 */

/** A time with no parseable duration lasts this long (the usual call-out). */
export const DEFAULT_EVENT_MINUTES = 120;
/** "half day" and "full day": a working day of 8 hours. */
const WORKING_DAY_MINUTES = 8 * 60;
/** A duration past a month is a slip of the keyboard, not a job: the default stands instead. */
const LONGEST_EVENT_MINUTES = 31 * 24 * 60;

/** How far back the feed goes, and how many events it holds at most (the newest). */
export const CALENDAR_FEED_LOOKBACK_DAYS = 90;
export const CALENDAR_FEED_MAX_EVENTS = 500;

/** A date and a clock time with no zone: 'YYYY-MM-DD', 'HH:MM:SS'. */
export interface LocalDateTime {
  date: string;
  time: string;
}

/**
 * When a booking happens in a calendar: a timed window (floating local times), or whole days
 * (`endDate` exclusive, as DTEND;VALUE=DATE is).
 */
export type CalendarWindow =
  | { isAllDay: false; start: LocalDateTime; end: LocalDateTime }
  | { isAllDay: true; startDate: string; endDate: string };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const DIGITS = '(\\d+(?:[.,]\\d+)?)';
const UNIT = '(minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|wks?|w)';
/**
 * "2 hours", "2-3 hrs", "2 to 3 hours", "1.5h", "90 mins", "a day", "two weeks": a number (a range
 * keeps its upper end), then a unit that ends the word ("2 months" is no "2 m"). A number in words
 * needs a space before its unit, or "9 am" would read as a minute.
 */
const AMOUNT = new RegExp(
  `\\b(?:${DIGITS}(?:\\s*(?:-|to)\\s*${DIGITS})?\\s*|(${Object.keys(NUMBER_WORDS).join('|')})\\s+)${UNIT}(?![a-z])`,
  'g',
);
const HALF_HOUR = /\bhalf(?:\s+an?)?\s+hour\b/g;
const HALF_DAY = /\bhalf[\s-]*(?:a\s+)?day\b/g;
const FULL_DAYS = /\b(?:(\d+)\s+)?(?:full|whole|entire|all)[\s-]*days?\b/g;

/**
 * Days of work as minutes from the start: up to one day is that share of a working day; more run
 * to the same hour on the last day plus its share of a working day (2 days from 9:00 end the next
 * day at 17:00), so a multi-day job covers the days it takes rather than nights on end.
 */
function dayMinutes(days: number): number {
  if (days <= 1) return days * WORKING_DAY_MINUTES;
  const wholeDaysBefore = Math.ceil(days) - 1;
  return wholeDaysBefore * 24 * 60 + (days - wholeDaysBefore) * WORKING_DAY_MINUTES;
}

/**
 * Minutes of work a quote's duration text names, or null when it names none we can read: "2 hours",
 * "45 min", "1 hour 30 minutes", "2-3 hours" (the upper end: the calendar should not end before the
 * job may), "half day" (4 h), "full day" (8 h), "3 days", "1 week". The parts found are added up.
 */
export function durationMinutesOf(text: string | null | undefined): number | null {
  if (!text) return null;
  let rest = ` ${text.toLowerCase().replace(/[\u2013\u2014]/g, '-')} `;
  let minutes = 0;
  let days = 0;
  let isFound = false;
  /** Reads each match of `pattern` with `read` and removes it, so no later pattern reads it again. */
  const take = (pattern: RegExp, read: (groups: (string | undefined)[]) => void) => {
    rest = rest.replace(pattern, (_match: string, ...args: unknown[]) => {
      read(args.slice(0, -2) as (string | undefined)[]);
      isFound = true;
      return ' ';
    });
  };
  take(HALF_HOUR, () => (minutes += 30));
  take(HALF_DAY, () => (days += 0.5));
  take(FULL_DAYS, ([count]) => (days += count ? Number(count) : 1));
  take(AMOUNT, ([low, high, word, unit]) => {
    const amount = word ? NUMBER_WORDS[word]! : Number((high ?? low)!.replace(',', '.'));
    const first = unit!.charAt(0);
    if (first === 'm') minutes += amount;
    else if (first === 'h') minutes += amount * 60;
    else if (first === 'd') days += amount;
    else days += amount * 7;
  });
  if (!isFound) return null;
  const total = Math.round(minutes + (days > 0 ? dayMinutes(days) : 0));
  if (!Number.isFinite(total) || total <= 0 || total > LONGEST_EVENT_MINUTES) return null;
  return total;
}

/** The calendar days a whole-day booking covers: at least its own day. */
function daysCovered(minutes: number | null): number {
  if (minutes === null) return 1;
  return Math.max(1, Math.ceil(minutes / (24 * 60)));
}

/** Floating arithmetic: the parts are read as UTC only so that no zone's daylight saving moves them. */
function partsToMs(date: string, time: string): number {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0);
}

function msToLocal(ms: number): LocalDateTime {
  const iso = new Date(ms).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/**
 * The booking's window in a calendar, or null when it has no date (nothing to put in one). A date
 * without a time is an all-day event over the days the duration takes; a time starts a window of the
 * duration, or of DEFAULT_EVENT_MINUTES when the duration says nothing readable.
 */
export function calendarWindowOf(
  agreed: AgreedTime,
  estimatedDuration: string | null | undefined,
): CalendarWindow | null {
  if (!agreed.date || !ISO_DATE.test(agreed.date)) return null;
  const minutes = durationMinutesOf(estimatedDuration);
  const clock = agreed.time ? CLOCK.exec(agreed.time) : null;
  if (!clock) {
    const start = partsToMs(agreed.date, '00:00:00');
    return {
      isAllDay: true,
      startDate: agreed.date,
      endDate: msToLocal(start + daysCovered(minutes) * DAY_MS).date,
    };
  }
  const time = `${clock[1]}:${clock[2]}:${clock[3] ?? '00'}`;
  const start = partsToMs(agreed.date, time);
  return {
    isAllDay: false,
    start: { date: agreed.date, time },
    end: msToLocal(start + (minutes ?? DEFAULT_EVENT_MINUTES) * 60_000),
  };
}

/**
 * The event's SEQUENCE (RFC 5545 §3.8.7.4): it must grow whenever the time or status changes so
 * calendar apps take the new version over the one they hold. A booking starts at 0, each accepted
 * move adds one, and a cancellation (after which nothing changes) one more.
 */
export function calendarSequence(acceptedMoves: number, isCancelled: boolean): number {
  return acceptedMoves + (isCancelled ? 1 : 0);
}

/** The first date the feed lists (by the booking's date): CALENDAR_FEED_LOOKBACK_DAYS before `now`. */
export function calendarFeedStartDate(now: Date): string {
  return new Date(now.getTime() - CALENDAR_FEED_LOOKBACK_DAYS * DAY_MS).toISOString().slice(0, 10);
}

export const CALENDAR_MESSAGES = {
  addToCalendar: 'Add to calendar',
  addToCalendarHint: 'Download this booking as a calendar file (.ics)',
  noDate: 'This booking has no date yet, so it cannot be added to a calendar.',
  notFound: 'Booking not found.',
  feedNotFound: 'This calendar feed does not exist or was turned off.',
  calendarName: 'Grip bookings',
  feedTitle: 'Calendar feed',
  feedDescription:
    'A private link your calendar app (Google Calendar, Apple Calendar, Outlook) can subscribe to. It shows your bookings and keeps them up to date when one is moved or cancelled.',
  feedOff: 'Your calendar feed is off.',
  feedOnSince: (date: string) => `Your calendar feed is on. Link created ${date}.`,
  feedPrivate: 'Anyone with the link can see your bookings, so keep it to yourself.',
  createFeed: 'Create feed link',
  resetFeed: 'Reset link',
  turnOffFeed: 'Turn off',
  resetTitle: 'Reset the feed link?',
  resetConsequence:
    'The old link stops working at once: calendars subscribed to it stop updating until you give them the new one.',
  resetConfirm: 'Reset link',
  turnOffTitle: 'Turn off the calendar feed?',
  turnOffConsequence:
    'The link stops working at once and calendars subscribed to it stop updating. You can create a new link later.',
  turnOffConfirm: 'Turn off',
  cancel: 'Cancel',
  urlLabel: 'Your calendar feed link',
  shownOnce: 'This link is shown only once. Copy it now and add it to your calendar app as a subscription.',
  copy: 'Copy',
  copied: 'Link copied',
  copyFailed: 'Could not copy the link. Select it and copy it yourself.',
  created: 'Calendar feed link created',
  reset: 'Calendar feed link reset',
  turnedOff: 'Calendar feed turned off',
  loadFailed: 'Could not load your calendar feed. Please try again.',
  createFailed: 'Could not create the feed link. Please try again.',
  turnOffFailed: 'Could not turn off the calendar feed. Please try again.',
  tryAgain: 'Try again',
  loading: 'Loading your calendar feed',
} as const;

/**
 * An event's DESCRIPTION: who the booking is with, whether it was cancelled and by whom, and where
 * in Grip to see it.
 */
export function bookingEventDescription(input: {
  viewer: BookingParty;
  otherPartyName: string;
  link: string;
  cancelledBy: BookingParty | null;
}): string {
  const withWhom =
    input.viewer === 'customer'
      ? `Booked with ${sentenceEnd(input.otherPartyName)}`
      : `Booked by ${sentenceEnd(input.otherPartyName)}`;
  const cancelled =
    input.cancelledBy === null
      ? []
      : [`Cancelled by ${input.cancelledBy === input.viewer ? 'you' : `the ${input.cancelledBy}`}.`];
  return [withWhom, ...cancelled, `See it in Grip: ${input.link}`].join('\n');
}

/** GET /api/me/calendar-feed: whether the account's feed is on, and since when. */
export const CalendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

/** POST /api/me/calendar-feed: the new feed URL, given this once (only its token's hash is kept). */
export const CalendarFeedCreatedSchema = z.object({ url: z.string() });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreatedSchema>;
