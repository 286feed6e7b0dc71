import { describe, expect, it } from 'vitest';
import { fillWeeks, percentOf, TREND_WEEKS, weekBuckets, weekEnd, weekKey, weekStart } from './weeks';

const at = (iso: string) => new Date(iso);

describe('weekStart', () => {
  it('is Monday 00:00 UTC of the ISO week, whatever the day and hour', () => {
    // 2026-11-23 is a Monday.
    expect(weekStart(at('2026-11-23T00:00:00.000Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStart(at('2026-11-25T13:45:00.000Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // Sunday's last millisecond still belongs to the week that began six days before.
    expect(weekStart(at('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStart(at('2026-11-30T00:00:00.000Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('crosses months and years', () => {
    // 2027-01-01 is a Friday: its week began on Monday 2026-12-28.
    expect(weekKey(weekStart(at('2027-01-01T08:00:00.000Z')))).toBe('2026-12-28');
    expect(weekKey(weekEnd(at('2026-12-28T00:00:00.000Z')))).toBe('2027-01-04');
  });
});

describe('weekBuckets', () => {
  it('gives twelve week starts by default, oldest first, ending with the current week', () => {
    const weeks = weekBuckets(at('2026-11-25T13:45:00.000Z'));
    expect(weeks).toHaveLength(TREND_WEEKS);
    expect(weekKey(weeks[11]!)).toBe('2026-11-23');
    expect(weekKey(weeks[10]!)).toBe('2026-11-16');
    expect(weekKey(weeks[0]!)).toBe('2026-09-07');
    for (let i = 1; i < weeks.length; i++) {
      expect(weeks[i]!.getTime() - weeks[i - 1]!.getTime()).toBe(7 * 24 * 3600 * 1000);
    }
  });

  it('takes any positive count and refuses none', () => {
    expect(weekBuckets(at('2026-11-25T00:00:00.000Z'), 1).map(weekKey)).toEqual(['2026-11-23']);
    expect(() => weekBuckets(new Date(), 0)).toThrow(RangeError);
  });
});

describe('fillWeeks', () => {
  it('fills weeks without activity with zeros and drops keys outside the weeks', () => {
    const weeks = weekBuckets(at('2026-11-25T00:00:00.000Z'), 3);
    const grouped = new Map([
      ['2026-11-16', { n: 4 }],
      ['2026-10-05', { n: 9 }], // older than the window
      ['2026-11-30', { n: 1 }], // after now
    ]);
    expect(fillWeeks(weeks, grouped, { n: 0 })).toEqual([
      { weekStart: '2026-11-09', n: 0 },
      { weekStart: '2026-11-16', n: 4 },
      { weekStart: '2026-11-23', n: 0 },
    ]);
  });
});

describe('percentOf', () => {
  it('is one decimal, and null with nothing to divide', () => {
    expect(percentOf(3, 8)).toBe(37.5);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(0, 5)).toBe(0);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(0, 0)).toBeNull();
  });
});
