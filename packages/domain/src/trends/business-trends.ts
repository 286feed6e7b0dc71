import { z } from 'zod';
import { METRIC_TITLES } from '../bookings/business-dashboard';

/**
 * The business dashboard's trends (issue 33): four of its metrics week by week for the last
 * TREND_WEEKS weeks, counted exactly as the tiles count them (business-dashboard.ts): received by the
 * request's creation, responded by the quote's, won and earned by the customer's confirmation.
 */
export const BUSINESS_TREND_KEYS = ['received', 'responded', 'won', 'earned'] as const;
export type BusinessTrendKey = (typeof BUSINESS_TREND_KEYS)[number];

/** The drill-down titles (spec 3 §2), so a chart and its tile name a figure alike. */
export const BUSINESS_TREND_LABELS: Record<BusinessTrendKey, string> = {
  received: METRIC_TITLES.received,
  responded: METRIC_TITLES.responded,
  won: METRIC_TITLES.won,
  earned: METRIC_TITLES.earned,
};

/** A week's key: its Monday's UTC date. */
export const WeekStartSchema = z.iso.date();

export const BusinessTrendWeekSchema = z.object({
  /** Monday 00:00 UTC of the week, 'YYYY-MM-DD'. */
  weekStart: WeekStartSchema,
  received: z.number().int().nonnegative(),
  responded: z.number().int().nonnegative(),
  won: z.number().int().nonnegative(),
  /** The quotes of the jobs won that week, two decimals (money never passes through floats). */
  earned: z.string().regex(/^\d+\.\d{2}$/),
});
export type BusinessTrendWeek = z.infer<typeof BusinessTrendWeekSchema>;

/** GET /api/business/dashboard/trends: oldest week first, the current (partial) week last. */
export const BusinessTrendsSchema = z.object({ weeks: z.array(BusinessTrendWeekSchema) });
export type BusinessTrends = z.infer<typeof BusinessTrendsSchema>;

export const EMPTY_BUSINESS_TREND_WEEK: Omit<BusinessTrendWeek, 'weekStart'> = {
  received: 0,
  responded: 0,
  won: 0,
  earned: '0.00',
};
