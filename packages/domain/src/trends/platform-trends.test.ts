import { describe, expect, it } from 'vitest';
import { EMPTY_PLATFORM_WEEK, PlatformTrendWeekSchema, platformTrendWeek } from './platform-trends';

describe('platformTrendWeek', () => {
  it('derives the completion and contest rates from the counts', () => {
    const week = platformTrendWeek('2026-11-23', {
      ...EMPTY_PLATFORM_WEEK,
      bookings: 5,
      completed: 3,
      cancelled: 1,
      contested: 1,
    });
    expect(week.completionRate).toBe(75);
    expect(week.contestRate).toBe(33.3);
    expect(PlatformTrendWeekSchema.parse(week)).toEqual(week);
  });

  it('leaves a rate empty for a week with no jobs, rather than calling it 0 %', () => {
    const quiet = platformTrendWeek('2026-11-23', EMPTY_PLATFORM_WEEK);
    expect(quiet.completionRate).toBeNull();
    expect(quiet.contestRate).toBeNull();
    const onlyCancelled = platformTrendWeek('2026-11-23', { ...EMPTY_PLATFORM_WEEK, cancelled: 2 });
    expect(onlyCancelled.completionRate).toBe(0);
    expect(onlyCancelled.contestRate).toBeNull();
  });
});
