import {
  localIsoDate,
  storedPreferredTime,
  TIME_OF_DAY_TIMES,
  type TimeOfDay,
} from '../requests/request-form';
import { normalizeForMatching } from './keywords';
import { timeSlotOf } from './market';
import { isUrgentText } from './parse-budget';

/** Answer parser of the date-and-time step; every rule that depends on time takes `now`. */

/** Weekday names as typed, by day number (0 = Sunday). */
const WEEKDAY_NAMES: readonly string[] = [
  'sun|sunday',
  'mon|monday',
  'tue|tues|tuesday',
  'wed|weds|wednesday',
  'thu|thur|thurs|thursday',
  'fri|friday',
  'sat|saturday',
];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

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
  couple: 2,
  'a couple': 2,
  few: 3,
  'a few': 3,
};

function addDays(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
}

/** The next date falling on `weekday` (0 = Sunday), today included unless `strictlyAfterToday`. */
function nextWeekday(now: Date, weekday: number, strictlyAfterToday: boolean): Date {
  let days = (weekday - now.getDay() + 7) % 7;
  if (days === 0 && strictlyAfterToday) days = 7;
  return addDays(now, days);
}

export interface WhenAnswer {
  /** YYYY-MM-DD in the viewer's calendar, or null when the customer is flexible about the day. */
  preferredDate: string | null;
  timeOfDay: TimeOfDay;
  /** What the request stores (HH:MM:SS), from an explicit time or the time of day; null when flexible. */
  preferredTime: string | null;
  isUrgent: boolean;
}

export type WhenParse = { ok: true; value: WhenAnswer } | { ok: false; reason: 'unknown' | 'past' };

function explicitTimeOf(text: string): string | null {
  if (/\b(noon|midday)\b/.test(text)) return '12:00';
  const ampm = /\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)\b/.exec(text);
  if (ampm) {
    let hour = Number(ampm[1]);
    const minute = Number(ampm[2] ?? '0');
    if (hour < 1 || hour > 12 || minute > 59) return null;
    if (ampm[3] === 'pm' && hour !== 12) hour += 12;
    if (ampm[3] === 'am' && hour === 12) hour = 0;
    return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  }
  const clock = /\b([01]?\d|2[0-3]):([0-5]\d)\b/.exec(text);
  if (clock) return `${clock[1]?.padStart(2, '0')}:${clock[2]}`;
  return null;
}

function timeOfDayOf(text: string, explicit: string | null): TimeOfDay {
  if (/\bmorning\b/.test(text)) return 'morning';
  if (/\bafternoon\b/.test(text)) return 'afternoon';
  if (/\b(evening|night|tonight)\b/.test(text)) return 'evening';
  const slot = explicit ? timeSlotOf(explicit) : null;
  return slot ?? 'flexible';
}

/** An explicit calendar date in the text: ISO, '12 May', 'May 12th'; the year rolls over when needed. */
function explicitDateOf(text: string, now: Date): { date: Date; hadYear: boolean } | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) {
    const date = new Date(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
    if (date.getMonth() !== Number(iso[2]) - 1) return null;
    return { date, hadYear: true };
  }
  const month = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*';
  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${month}\\b`).exec(text);
  const monthFirst = new RegExp(`\\b${month}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b`).exec(text);
  const parts = dayFirst
    ? { day: Number(dayFirst[1]), month: dayFirst[2] ?? '' }
    : monthFirst
      ? { day: Number(monthFirst[2]), month: monthFirst[1] ?? '' }
      : null;
  if (!parts) return null;
  const monthIndex = MONTHS.indexOf(parts.month.slice(0, 3));
  if (monthIndex < 0 || parts.day < 1 || parts.day > 31) return null;
  let date = new Date(now.getFullYear(), monthIndex, parts.day);
  if (date.getMonth() !== monthIndex) return null;
  if (localIsoDate(date) < localIsoDate(now)) date = new Date(now.getFullYear() + 1, monthIndex, parts.day);
  return { date, hadYear: false };
}

function relativeDateOf(text: string, now: Date): Date | null | 'flexible' {
  const inDays =
    /\bin\s+(\d+|a couple|a few|couple|few|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(day|days|week|weeks)\b/.exec(
      text,
    );
  if (inDays) {
    const n = /^\d+$/.test(inDays[1] ?? '') ? Number(inDays[1]) : (NUMBER_WORDS[inDays[1] ?? ''] ?? 1);
    return addDays(now, inDays[2]?.startsWith('week') ? n * 7 : n);
  }
  if (/\bday after tomorrow\b/.test(text)) return addDays(now, 2);
  if (/\b(tomorrow|tmrw|tmr|tomorow)\b/.test(text)) return addDays(now, 1);
  if (
    /\b(asap|a s a p|urgent|urgently|emergency|immediately|right away|straight away|today|tonight|now|this (morning|afternoon|evening))\b/.test(
      text,
    )
  ) {
    return addDays(now, 0);
  }
  if (/\bnext weekend\b/.test(text)) {
    // On a Sunday the coming Saturday is already "next weekend".
    const coming = nextWeekday(now, 6, false);
    return now.getDay() === 0 ? coming : addDays(coming, 7);
  }
  if (/\b(this )?weekend\b/.test(text))
    return now.getDay() === 0 ? addDays(now, 0) : nextWeekday(now, 6, false);
  if (/\bnext week\b/.test(text)) return nextWeekday(now, 1, true);
  if (/\b(this week|end of the week|later this week)\b/.test(text)) {
    return now.getDay() === 6 || now.getDay() === 0 ? addDays(now, 0) : nextWeekday(now, 5, false);
  }
  if (/\bnext month\b/.test(text)) return new Date(now.getFullYear(), now.getMonth() + 1, 1);
  for (const [weekday, names] of WEEKDAY_NAMES.entries()) {
    const named = new RegExp(`\\b(next\\s+)?(${names})\\b`).exec(text);
    if (named) return nextWeekday(now, weekday, Boolean(named[1]));
  }
  if (
    /\b(flexible|any ?time|any day|whenever|no rush|not fussed|no preference|dont mind|do not mind|doesnt matter)\b/.test(
      text,
    )
  ) {
    return 'flexible';
  }
  return null;
}

function hasPassedToday(time: string | null, now: Date): boolean {
  const match = /^(\d{2}):(\d{2})/.exec(time ?? '');
  if (!match) return false;
  return now.getHours() * 60 + now.getMinutes() >= Number(match[1]) * 60 + Number(match[2]);
}

/**
 * A date/time answer: 'tomorrow morning', 'Saturday', 'next week', 'asap', 'in 3 days', '12 May at
 * 2pm', 'flexible'. Dates are in the viewer's calendar relative to `now` and never in the past: an
 * explicit past date is refused ('past'), anything not understood is 'unknown'. 'asap', 'urgent' and
 * 'emergency' also mark the request urgent.
 */
export function parseWhen(text: string, now: Date): WhenParse {
  const normalized = normalizeForMatching(text).trim();
  // The clock is read from the raw lower-cased text, where '2:30pm' keeps its colon.
  const raw = text.toLowerCase();
  const explicitTime = explicitTimeOf(raw);
  const timeOfDay = timeOfDayOf(normalized, explicitTime);
  const isUrgent = isUrgentText(text);

  const explicit = explicitDateOf(raw, now);
  let date: Date | null = null;
  if (explicit) {
    if (explicit.hadYear && localIsoDate(explicit.date) < localIsoDate(now))
      return { ok: false, reason: 'past' };
    date = explicit.date;
  } else {
    const relative = relativeDateOf(normalized, now);
    if (relative === null && !explicitTime && timeOfDay === 'flexible')
      return { ok: false, reason: 'unknown' };
    date = relative === 'flexible' ? null : relative;
    // A bare time of day ('evening', '3pm') means the next one: today, or tomorrow once it has passed.
    if (relative === null)
      date = addDays(now, hasPassedToday(explicitTime ?? TIME_OF_DAY_TIMES[timeOfDay], now) ? 1 : 0);
  }
  return {
    ok: true,
    value: {
      preferredDate: date ? localIsoDate(date) : null,
      timeOfDay,
      preferredTime: storedPreferredTime(timeOfDay, explicitTime),
      isUrgent,
    },
  };
}
