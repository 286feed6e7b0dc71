import { describe, expect, it } from 'vitest';
import { parseWhen, type WhenAnswer } from '.';

/** Wednesday 6 May 2026, 09:30 in the test's local time zone. */
const NOW = new Date(2026, 4, 6, 9, 30);

function when(text: string, now = NOW): WhenAnswer {
  const parsed = parseWhen(text, now);
  if (!parsed.ok) throw new Error(`'${text}' was not understood: ${parsed.reason}`);
  return parsed.value;
}

describe('parseWhen (now: Wednesday 6 May 2026, 09:30)', () => {
  it('reads tomorrow morning', () => {
    expect(when('tomorrow morning')).toEqual({
      preferredDate: '2026-05-07',
      timeOfDay: 'morning',
      preferredTime: '10:00:00',
      isUrgent: false,
    });
  });

  it('reads weekdays as the next one, today included unless "next"', () => {
    expect(when('Saturday').preferredDate).toBe('2026-05-09');
    expect(when('sat afternoon')).toMatchObject({ preferredDate: '2026-05-09', preferredTime: '14:00:00' });
    expect(when('Monday').preferredDate).toBe('2026-05-11');
    expect(when('Wednesday').preferredDate).toBe('2026-05-06');
    expect(when('next Wednesday').preferredDate).toBe('2026-05-13');
  });

  it('reads next week as its Monday, the weekend as its Saturday', () => {
    expect(when('next week')).toMatchObject({
      preferredDate: '2026-05-11',
      timeOfDay: 'flexible',
      preferredTime: null,
    });
    expect(when('this weekend').preferredDate).toBe('2026-05-09');
    expect(when('next weekend').preferredDate).toBe('2026-05-16');
    // On a Sunday, the weekend is today and next weekend is the coming Saturday.
    const sunday = new Date(2026, 4, 10, 8, 0);
    expect(when('weekend', sunday).preferredDate).toBe('2026-05-10');
    expect(when('next weekend', sunday).preferredDate).toBe('2026-05-16');
  });

  it('reads asap as today and urgent', () => {
    expect(when('ASAP please')).toEqual({
      preferredDate: '2026-05-06',
      timeOfDay: 'flexible',
      preferredTime: null,
      isUrgent: true,
    });
    expect(when("It's an emergency").isUrgent).toBe(true);
    expect(when('today').isUrgent).toBe(false);
  });

  it('reads relative days and explicit dates, rolling a passed month-day into next year', () => {
    expect(when('in 3 days').preferredDate).toBe('2026-05-09');
    expect(when('in two weeks').preferredDate).toBe('2026-05-20');
    expect(when('day after tomorrow').preferredDate).toBe('2026-05-08');
    expect(when('12 May').preferredDate).toBe('2026-05-12');
    expect(when('June 3rd at 2:30pm')).toMatchObject({
      preferredDate: '2026-06-03',
      timeOfDay: 'afternoon',
      preferredTime: '14:30:00',
    });
    expect(when('2 January').preferredDate).toBe('2027-01-02');
    expect(when('2026-05-20').preferredDate).toBe('2026-05-20');
    expect(when('next month').preferredDate).toBe('2026-06-01');
  });

  it('reads explicit times into the stored time', () => {
    expect(when('tomorrow at 9am').preferredTime).toBe('09:00:00');
    expect(when('Friday 12pm').preferredTime).toBe('12:00:00');
    expect(when('Friday at noon').preferredTime).toBe('12:00:00');
    expect(when('tomorrow 18:15').preferredTime).toBe('18:15:00');
  });

  it('puts a bare time of day on the next one: today, or tomorrow once it has passed', () => {
    expect(when('evening')).toMatchObject({ preferredDate: '2026-05-06', preferredTime: '18:00:00' });
    // Mornings are stored as 10:00, still ahead at 09:30.
    expect(when('morning')).toMatchObject({ preferredDate: '2026-05-06', preferredTime: '10:00:00' });
    expect(when('morning', new Date(2026, 4, 6, 10, 0)).preferredDate).toBe('2026-05-07');
    expect(when('at 9am').preferredDate).toBe('2026-05-07');
    expect(when('at 9:45am').preferredDate).toBe('2026-05-06');
  });

  it('reads flexible answers as no date and no time', () => {
    expect(when("I'm flexible")).toEqual({
      preferredDate: null,
      timeOfDay: 'flexible',
      preferredTime: null,
      isUrgent: false,
    });
    expect(when('whenever').preferredDate).toBeNull();
    expect(when('anytime').preferredDate).toBeNull();
  });

  it('never answers a date in the past', () => {
    expect(parseWhen('2026-05-01', NOW)).toEqual({ ok: false, reason: 'past' });
    expect(parseWhen('2026-02-30', NOW)).toEqual({ ok: false, reason: 'unknown' });
    const late = new Date(2026, 11, 31, 23, 0);
    expect(when('tomorrow', late).preferredDate).toBe('2027-01-01');
    for (const text of ['Saturday', 'next week', '3 May', 'weekend', 'in 1 day', 'this week']) {
      const date = when(text).preferredDate;
      expect(date && date >= '2026-05-06', text).toBe(true);
    }
  });

  it('says when it does not understand', () => {
    expect(parseWhen('purple', NOW)).toEqual({ ok: false, reason: 'unknown' });
    expect(parseWhen('', NOW)).toEqual({ ok: false, reason: 'unknown' });
  });
});
