import type { CalendarWindow, LocalDateTime } from '@grip/domain';

/**
 * An iCalendar (RFC 5545) writer for Grip's bookings: just what an event needs, written by the
 * rules calendar apps are strict about — CRLF line ends, lines folded at 75 octets without splitting
 * a character, TEXT values escaped.
 */

export interface IcsEvent {
  uid: string;
  /** Grows with every change calendar apps must take over the copy they hold (RFC 5545 §3.8.7.4). */
  sequence: number;
  /** When the booking last changed. */
  lastModified: Date;
  window: CalendarWindow;
  isCancelled: boolean;
  summary: string;
  description: string;
  location: string | null;
  url: string;
}

export interface IcsCalendar {
  /** When this copy was made: each event's DTSTAMP (the calendar says METHOD:PUBLISH). */
  now: Date;
  events: readonly IcsEvent[];
  /** X-WR-CALNAME: the name a subscribed calendar shows (a feed; a single file has none). */
  name?: string;
}

const PRODID = '-//Grip//Bookings//EN';
const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;
/** How often a subscribed app should ask again (honoured by Apple Calendar and Outlook). */
const REFRESH = 'PT1H';

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break as \n;
 * other control characters, which a TEXT value may not hold, are dropped.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

const encoder = new TextEncoder();

/**
 * One content line folded (RFC 5545 §3.1): no line longer than 75 octets, each continuation starting
 * with a space; a character is never split across lines (UTF-8 sequences stay whole).
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; each continuation 74 after its leading space.
    const limit = out.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

const compact = (date: string) => date.replace(/-/g, '');

/** A UTC time: 20261203T090000Z. */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A floating local time (no Z, no TZID): the booking's own clock time, wherever it is read. */
function floating(at: LocalDateTime): string {
  return `${compact(at.date)}T${at.time.replace(/:/g, '')}`;
}

function windowLines(window: CalendarWindow): string[] {
  if (window.isAllDay) {
    return [`DTSTART;VALUE=DATE:${compact(window.startDate)}`, `DTEND;VALUE=DATE:${compact(window.endDate)}`];
  }
  return [`DTSTART:${floating(window.start)}`, `DTEND:${floating(window.end)}`];
}

function eventLines(event: IcsEvent, now: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `LAST-MODIFIED:${utcStamp(event.lastModified)}`,
    `SEQUENCE:${event.sequence}`,
    ...windowLines(event.window),
    `STATUS:${event.isCancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `URL:${event.url}`,
    // A cancelled booking no longer holds the time in the person's calendar.
    `TRANSP:${event.isCancelled ? 'TRANSPARENT' : 'OPAQUE'}`,
    'END:VEVENT',
  ];
}

/** A whole VCALENDAR, every line folded and ended with CRLF. */
export function writeCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(calendar.name
      ? [
          `X-WR-CALNAME:${escapeText(calendar.name)}`,
          `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
          `X-PUBLISHED-TTL:${REFRESH}`,
        ]
      : []),
    ...calendar.events.flatMap((event) => eventLines(event, calendar.now)),
    'END:VCALENDAR',
  ];
  return lines.map((line) => foldLine(line) + CRLF).join('');
}
