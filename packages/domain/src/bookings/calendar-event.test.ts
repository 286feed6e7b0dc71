import { describe, expect, it } from 'vitest';
import {
  bookingEventDescription,
  calendarFeedStartDate,
  calendarSequence,
  calendarWindowOf,
  DEFAULT_EVENT_MINUTES,
  durationMinutesOf,
} from './calendar-event';

describe('durationMinutesOf', () => {
  it.each([
    ['2 hours', 120],
    ['1 hour', 60],
    ['3 hrs', 180],
    ['1 hr', 60],
    ['1.5 hours', 90],
    ['1,5 hours', 90],
    ['2h', 120],
    ['45 minutes', 45],
    ['30 mins', 30],
    ['90 min', 90],
    ['1 hour 30 minutes', 90],
    ['1h 30m', 90],
    ['about 2 hours', 120],
    ['an hour', 60],
    ['two hours', 120],
    ['half an hour', 30],
    ['Half day', 240],
    ['half-day', 240],
    ['half a day', 240],
    ['Full day', 480],
    ['all day', 480],
    ['1 day', 480],
    ['a day', 480],
  ])('reads %j as %i minutes', (text, minutes) => {
    expect(durationMinutesOf(text)).toBe(minutes);
  });

  it('takes the upper end of a range, whatever dash or word joins it', () => {
    expect(durationMinutesOf('2-3 hours')).toBe(180);
    expect(durationMinutesOf('2 - 3 hrs')).toBe(180);
    expect(durationMinutesOf('2–3 hours')).toBe(180);
    expect(durationMinutesOf('2 to 3 hours')).toBe(180);
    expect(durationMinutesOf('30-45 mins')).toBe(45);
  });

  it('runs several days to the same hour on the last day plus a working day', () => {
    // 2 days from 09:00 end the next day at 17:00.
    expect(durationMinutesOf('2 days')).toBe(24 * 60 + 480);
    expect(durationMinutesOf('1-2 days')).toBe(24 * 60 + 480);
    expect(durationMinutesOf('2 full days')).toBe(24 * 60 + 480);
    expect(durationMinutesOf('1 week')).toBe(6 * 24 * 60 + 480);
  });

  it('reads nothing from text without a duration, and refuses what no job takes', () => {
    expect(durationMinutesOf(null)).toBeNull();
    expect(durationMinutesOf('')).toBeNull();
    expect(durationMinutesOf('depends on the job')).toBeNull();
    expect(durationMinutesOf('2 months')).toBeNull();
    expect(durationMinutesOf('from 9 am')).toBeNull();
    expect(durationMinutesOf('0 hours')).toBeNull();
    expect(durationMinutesOf('400 days')).toBeNull();
  });
});

describe('calendarWindowOf', () => {
  it('has no window without a date', () => {
    expect(calendarWindowOf({ date: null, time: null }, '2 hours')).toBeNull();
    expect(calendarWindowOf({ date: null, time: '09:00:00' }, null)).toBeNull();
  });

  it('makes a date without a time an all-day event, over the days the duration takes', () => {
    expect(calendarWindowOf({ date: '2026-12-03', time: null }, null)).toEqual({
      isAllDay: true,
      startDate: '2026-12-03',
      endDate: '2026-12-04',
    });
    expect(calendarWindowOf({ date: '2026-12-03', time: null }, '3 hours')).toMatchObject({
      endDate: '2026-12-04',
    });
    expect(calendarWindowOf({ date: '2026-12-31', time: null }, '3 days')).toEqual({
      isAllDay: true,
      startDate: '2026-12-31',
      endDate: '2027-01-03',
    });
  });

  it('starts a timed window at the agreed time and ends it after the duration', () => {
    expect(calendarWindowOf({ date: '2026-12-03', time: '09:00:00' }, 'Half day')).toEqual({
      isAllDay: false,
      start: { date: '2026-12-03', time: '09:00:00' },
      end: { date: '2026-12-03', time: '13:00:00' },
    });
    expect(calendarWindowOf({ date: '2026-12-03', time: '14:30' }, '2-3 hours')).toMatchObject({
      start: { date: '2026-12-03', time: '14:30:00' },
      end: { date: '2026-12-03', time: '17:30:00' },
    });
  });

  it('lasts two hours when the duration says nothing readable', () => {
    expect(DEFAULT_EVENT_MINUTES).toBe(120);
    expect(calendarWindowOf({ date: '2026-12-03', time: '10:00:00' }, 'as long as it takes')).toMatchObject({
      end: { date: '2026-12-03', time: '12:00:00' },
    });
    expect(calendarWindowOf({ date: '2026-12-03', time: '10:00:00' }, null)).toMatchObject({
      end: { date: '2026-12-03', time: '12:00:00' },
    });
  });

  it('crosses midnight and month ends as plain dates, with no zone to shift them', () => {
    expect(calendarWindowOf({ date: '2026-11-30', time: '23:00:00' }, '2 hours')).toMatchObject({
      end: { date: '2026-12-01', time: '01:00:00' },
    });
    // The night clocks change in Sydney and in Europe: a floating window keeps its length.
    expect(calendarWindowOf({ date: '2026-10-04', time: '01:30:00' }, '1 hour')).toMatchObject({
      end: { date: '2026-10-04', time: '02:30:00' },
    });
    expect(calendarWindowOf({ date: '2026-03-29', time: '01:30:00' }, '1 hour')).toMatchObject({
      end: { date: '2026-03-29', time: '02:30:00' },
    });
  });
});

describe('calendarSequence', () => {
  it('grows with each accepted move and once more on cancellation', () => {
    expect(calendarSequence(0, false)).toBe(0);
    expect(calendarSequence(2, false)).toBe(2);
    expect(calendarSequence(2, true)).toBe(3);
    expect(calendarSequence(0, true)).toBeGreaterThan(calendarSequence(0, false));
  });
});

describe('calendarFeedStartDate', () => {
  it('is 90 days before now', () => {
    expect(calendarFeedStartDate(new Date('2026-12-01T12:00:00Z'))).toBe('2026-09-02');
  });
});

describe('bookingEventDescription', () => {
  it('names the other party, the cancellation and the link', () => {
    expect(
      bookingEventDescription({
        viewer: 'customer',
        otherPartyName: 'Leafy Lawns',
        link: 'https://grip.example/confirmed',
        cancelledBy: null,
      }),
    ).toBe('Booked with Leafy Lawns.\nSee it in Grip: https://grip.example/confirmed');
    expect(
      bookingEventDescription({
        viewer: 'business',
        otherPartyName: 'Omar Reyes',
        link: 'https://grip.example/business-confirmed?job=1',
        cancelledBy: 'customer',
      }),
    ).toBe(
      'Booked by Omar Reyes.\nCancelled by the customer.\nSee it in Grip: https://grip.example/business-confirmed?job=1',
    );
    expect(
      bookingEventDescription({
        viewer: 'business',
        otherPartyName: 'X',
        link: 'l',
        cancelledBy: 'business',
      }),
    ).toContain('Cancelled by you.');
  });
});
