import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcStamp, writeCalendar, type IcsEvent } from './ics';

const octets = (s: string) => new TextEncoder().encode(s).length;
/** RFC 5545 §3.1 unfolding: a CRLF followed by one space is removed. */
const unfold = (s: string) => s.replace(/\r\n /g, '');

const EVENT: IcsEvent = {
  uid: 'booking-1@grip.test',
  sequence: 2,
  lastModified: new Date('2026-11-20T08:30:00.000Z'),
  window: {
    isAllDay: false,
    start: { date: '2026-12-03', time: '09:00:00' },
    end: { date: '2026-12-03', time: '11:00:00' },
  },
  isCancelled: false,
  summary: 'Pool cleaning',
  description: 'Booked with Blue Water Pools.\nSee it in Grip: https://grip.test/confirmed',
  location: '1 Ocean St, Bondi NSW 2026',
  url: 'https://grip.test/confirmed',
};
const NOW = new Date('2026-11-28T13:45:07.123Z');

describe('escapeText', () => {
  it('escapes backslash, semicolon and comma, and writes every line break as \\n', () => {
    expect(escapeText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    // The backslash goes first, or the escapes themselves would be escaped again.
    expect(escapeText('\\n')).toBe('\\\\n');
  });

  it('drops control characters a TEXT value may not hold, keeping tabs', () => {
    expect(escapeText('a\u0000b\u0007c\u001bd\u007fe\tf')).toBe('abcde\tf');
  });
});

describe('foldLine', () => {
  it('leaves a line of up to 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds longer lines into lines of at most 75 octets, each continuation led by a space', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(30)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(4);
    expect(octets(lines[0]!)).toBe(75);
    for (const l of lines) expect(octets(l)).toBeLessThanOrEqual(75);
    for (const l of lines.slice(1)) expect(l.startsWith(' ')).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it('never splits a multi-octet character', () => {
    const line = `LOCATION:${'Zürich 北京 🐨 '.repeat(20)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    for (const l of lines) {
      expect(octets(l)).toBeLessThanOrEqual(75);
      // A split sequence would not survive a UTF-8 round trip.
      expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(l))).toBe(l);
      expect(l).not.toMatch(/[\uD800-\uDBFF]$|^ ?[\uDC00-\uDFFF]/);
    }
    expect(unfold(folded)).toBe(line);
  });
});

describe('writeCalendar', () => {
  it('ends every line with CRLF and stamps times in UTC', () => {
    const text = writeCalendar({ now: NOW, events: [EVENT] });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(utcStamp(NOW)).toBe('20261128T134507Z');
    expect(text).toContain('\r\nDTSTAMP:20261128T134507Z\r\n');
    expect(text).toContain('\r\nLAST-MODIFIED:20261120T083000Z\r\n');
    // Floating: no Z and no TZID on the booking's own times.
    expect(text).toContain('\r\nDTSTART:20261203T090000\r\n');
    expect(text).toContain('\r\nDTEND:20261203T110000\r\n');
    expect(text).not.toContain('TZID');
    expect(text).not.toContain('X-WR-CALNAME');
  });

  it('writes whole days as dates, a cancelled event as cancelled and free, and no empty LOCATION', () => {
    const text = writeCalendar({
      now: NOW,
      name: 'Grip bookings',
      events: [
        {
          ...EVENT,
          isCancelled: true,
          location: null,
          window: { isAllDay: true, startDate: '2026-12-03', endDate: '2026-12-04' },
        },
      ],
    });
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20261203\r\nDTEND;VALUE=DATE:20261204\r\n');
    expect(text).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(text).toContain('\r\nTRANSP:TRANSPARENT\r\n');
    expect(text).not.toContain('LOCATION');
    expect(text).toContain('\r\nX-WR-CALNAME:Grip bookings\r\n');
  });

  it('reads back through ical.js exactly as written, long and awkward text included', () => {
    const description = `Booked with Smith, Jones; & Co \\ “Pools”.\nNotes: ${'é'.repeat(80)} 🐨\nSee it in Grip: https://grip.test/confirmed`;
    const text = writeCalendar({
      now: NOW,
      name: 'Grip bookings',
      events: [{ ...EVENT, summary: 'Fix: gate, fence; & \\ latch', description }],
    });
    const calendar = ICAL.Component.fromString(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Grip bookings');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe('Fix: gate, fence; & \\ latch');
    expect(event.description).toBe(description);
    expect(event.location).toBe(EVENT.location);
    expect(event.uid).toBe(EVENT.uid);
    expect(event.sequence).toBe(2);
    expect(event.startDate.toString()).toBe('2026-12-03T09:00:00');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('url')).toBe(EVENT.url);
  });
});
