import { z } from 'zod';
import { WeekStartSchema } from './business-trends';
import { percentOf } from './weeks';

/**
 * The administrators' platform trends (issue 33), week by week for the last TREND_WEEKS weeks (UTC):
 * - signups: accounts created;
 * - requests: service requests posted;
 * - quotes: responses sent by businesses;
 * - bookings: offers a customer confirmed (dated by the confirmation), including ones cancelled since;
 * - completionRate: of the jobs that ended that week, the share completed rather than cancelled —
 *   completed (finished: completed or contested, by completion date) / (completed + cancelled bookings,
 *   by cancellation date);
 * - contestRate: of the jobs completed that week, the share its customer contested.
 * A rate is null for a week with nothing to divide: no jobs is not 0 %.
 */
export const PLATFORM_COUNT_KEYS = ['signups', 'requests', 'quotes', 'bookings'] as const;
export type PlatformCountKey = (typeof PLATFORM_COUNT_KEYS)[number];
export const PLATFORM_RATE_KEYS = ['completionRate', 'contestRate'] as const;
export type PlatformRateKey = (typeof PLATFORM_RATE_KEYS)[number];

export const PLATFORM_TREND_LABELS: Record<PlatformCountKey | PlatformRateKey, string> = {
  signups: 'Sign-ups',
  requests: 'Requests',
  quotes: 'Quotes',
  bookings: 'Bookings',
  completionRate: 'Completion rate',
  contestRate: 'Contest rate',
};

/** What the server counts per week; the rates follow from them (platformTrendWeek). */
export interface PlatformWeekCounts {
  signups: number;
  requests: number;
  quotes: number;
  bookings: number;
  /** Jobs finished that week (completed or contested). */
  completed: number;
  /** Bookings cancelled that week. */
  cancelled: number;
  /** Of `completed`, the ones contested. */
  contested: number;
}

export const EMPTY_PLATFORM_WEEK: PlatformWeekCounts = {
  signups: 0,
  requests: 0,
  quotes: 0,
  bookings: 0,
  completed: 0,
  cancelled: 0,
  contested: 0,
};

const count = z.number().int().nonnegative();
const rate = z.number().min(0).max(100).nullable();

export const PlatformTrendWeekSchema = z.object({
  weekStart: WeekStartSchema,
  signups: count,
  requests: count,
  quotes: count,
  bookings: count,
  completed: count,
  cancelled: count,
  contested: count,
  /** Percent, one decimal; null when no job ended that week. */
  completionRate: rate,
  /** Percent, one decimal; null when no job was completed that week. */
  contestRate: rate,
});
export type PlatformTrendWeek = z.infer<typeof PlatformTrendWeekSchema>;

/** GET /api/admin/trends: oldest week first, the current (partial) week last. */
export const PlatformTrendsSchema = z.object({ weeks: z.array(PlatformTrendWeekSchema) });
export type PlatformTrends = z.infer<typeof PlatformTrendsSchema>;

/** A week's counts with its two rates. */
export function platformTrendWeek(weekStart: string, c: PlatformWeekCounts): PlatformTrendWeek {
  return {
    weekStart,
    ...c,
    completionRate: percentOf(c.completed, c.completed + c.cancelled),
    contestRate: percentOf(c.contested, c.completed),
  };
}
