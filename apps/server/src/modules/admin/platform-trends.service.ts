import {
  EMPTY_PLATFORM_WEEK,
  TREND_WEEKS,
  fillWeeks,
  platformTrendWeek,
  weekBuckets,
  type PlatformTrends,
  type PlatformWeekCounts,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { platformTrendRows } from './platform-trends.repository';

/**
 * GET /api/admin/trends: the platform's sign-ups, requests, quotes, bookings, completion and contest
 * rates for the last TREND_WEEKS weeks at `now`, weeks without activity as zeros (rates: null).
 */
export async function getPlatformTrends(db: Db, now: Date): Promise<PlatformTrends> {
  const weeks = weekBuckets(now, TREND_WEEKS);
  const byWeek = new Map<string, PlatformWeekCounts>();
  for (const row of await platformTrendRows(db, weeks[0]!)) {
    const week = byWeek.get(row.week) ?? { ...EMPTY_PLATFORM_WEEK };
    week[row.series] = row.count;
    byWeek.set(row.week, week);
  }
  return {
    weeks: fillWeeks(weeks, byWeek, EMPTY_PLATFORM_WEEK).map(({ weekStart, ...counts }) =>
      platformTrendWeek(weekStart, counts),
    ),
  };
}
