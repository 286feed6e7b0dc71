import {
  EMPTY_BUSINESS_TREND_WEEK,
  TREND_WEEKS,
  fillWeeks,
  weekBuckets,
  type BusinessTrendWeek,
  type BusinessTrends,
} from '@grip/domain';
import type { Db } from '../../db/client';
import type { ProfileRow } from '../profiles/profiles.repository';
import { businessOf } from './dashboard.service';
import { businessTrendRows } from './trends.repository';

type WeekValues = Omit<BusinessTrendWeek, 'weekStart'>;

/**
 * GET /api/business/dashboard/trends: the business's received, responded, won and earned for the last
 * TREND_WEEKS weeks at `now`, weeks without activity as zeros. Business owners only, their own figures.
 */
export async function getBusinessTrends(db: Db, profile: ProfileRow, now: Date): Promise<BusinessTrends> {
  const business = businessOf(profile);
  const weeks = weekBuckets(now, TREND_WEEKS);
  const rows = await businessTrendRows(db, business, weeks[0]!);
  const byWeek = new Map<string, WeekValues>();
  for (const row of rows) {
    const week = byWeek.get(row.week) ?? { ...EMPTY_BUSINESS_TREND_WEEK };
    if (row.series === 'won') {
      week.won = row.count;
      week.earned = row.amount;
    } else {
      week[row.series] = row.count;
    }
    byWeek.set(row.week, week);
  }
  return { weeks: fillWeeks(weeks, byWeek, EMPTY_BUSINESS_TREND_WEEK) };
}
