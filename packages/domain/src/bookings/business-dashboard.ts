import { z } from 'zod';
import { COMPLETED_JOB } from '../lifecycles/job';
import { PENDING_OFFER, WON_OFFERS } from '../lifecycles/named-states';
import { DECLINED_OFFERS } from '../lifecycles/offer';
import {
  COMPLETION_STATUSES,
  REQUEST_STATUSES,
  RESPONSE_STATUSES,
  type CompletionStatus,
  type ResponseStatus,
} from '../shared/statuses';

/**
 * The business dashboard (spec 3 §2, issue 4). The seven metrics are defined here once, as pure
 * predicates over a response row with the timestamp each is dated by; the server mirrors them in SQL
 * aggregates and its tests check both agree. Trends are real (PRODUCT-DECISIONS: "fixed dashboard
 * trends → last 30 days vs the 30 before"), not the spec's fixed percentages.
 *
 * Metrics are history: a response the business archived (Archive Management) still counts, and its
 * drill-down lists what the tile counts. Archiving only tidies the working sections (Confirmed,
 * Completed, Declined) and the business's other lists.
 */
export const METRIC_KEYS = [
  'received',
  'responded',
  'won',
  'pending',
  'earned',
  'potentialLost',
  'completed',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** Tile labels: won is shown as Scheduled (spec 3 §2). */
export const METRIC_LABELS: Record<MetricKey, string> = {
  received: 'Received',
  responded: 'Responded',
  won: 'Scheduled',
  pending: 'Pending',
  earned: 'Earned',
  potentialLost: 'Potential Lost',
  completed: 'Completed',
};

/** Drill-down titles, verbatim from spec 3 §2. */
export const METRIC_TITLES: Record<MetricKey, string> = {
  received: 'Requests Received',
  responded: 'Jobs Responded To',
  won: 'Accepted/Scheduled',
  pending: 'Pending Acceptance',
  earned: 'Money Earned',
  potentialLost: 'Potential Revenue Lost',
  completed: 'Completed Jobs',
};

/** Metrics whose value is a sum of quoted prices rather than a count. */
export const AMOUNT_METRICS: readonly MetricKey[] = ['earned', 'potentialLost'];
export const isAmountMetric = (metric: MetricKey) => AMOUNT_METRICS.includes(metric);

export const TREND_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Drill-down lists and the declined section come a page at a time ('Load more'). */
export const DASHBOARD_PAGE_SIZE = 20;

/** The fields of a business response the metric rules read. */
export interface MetricResponse {
  status: ResponseStatus;
  completionStatus: CompletionStatus;
  quotedPrice: string;
  createdAt: Date;
  updatedAt: Date;
  /** When the customer confirmed it; null on rows older than the column (then updated_at stands in). */
  acceptedAt: Date | null;
  completionDate: Date | null;
}

/** Won: the customer chose it (WON_OFFERS); lost: it ended without a booking (DECLINED_OFFERS). */
const isWon = (r: MetricResponse) => WON_OFFERS.includes(r.status);
const isLost = (r: MetricResponse) => DECLINED_OFFERS.includes(r.status);
const isCompleted = (r: MetricResponse) => r.completionStatus === COMPLETED_JOB && r.completionDate !== null;

/**
 * Whether a response counts towards a response metric, and the time it is dated by: created_at for
 * responded, pending and potentialLost; completion_date for completed; accepted_at for won and earned
 * (so saving notes or completing an old job never moves it into this month). Earned is the quoted
 * value of accepted responses, as spec 3 §9 defines it — work won, done or not. Metrics are history:
 * archiving a response tidies the business's lists but does not undo what happened.
 * `received` counts matching requests, not responses, so it is dated by the request's created_at.
 */
export function metricDate(metric: Exclude<MetricKey, 'received'>, r: MetricResponse): Date | null {
  switch (metric) {
    case 'responded':
      return r.createdAt;
    case 'pending':
      return r.status === PENDING_OFFER ? r.createdAt : null;
    case 'potentialLost':
      return isLost(r) ? r.createdAt : null;
    case 'won':
    case 'earned':
      return isWon(r) ? (r.acceptedAt ?? r.updatedAt) : null;
    case 'completed':
      return isCompleted(r) ? r.completionDate : null;
  }
}

/** The two 30-day windows at `now`: current is (now-30d, now], previous is (now-60d, now-30d]. */
export function trendWindows(now: Date) {
  const currentStart = new Date(now.getTime() - TREND_WINDOW_DAYS * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * TREND_WINDOW_DAYS * DAY_MS);
  return { previousStart, currentStart, end: now };
}

export type TrendWindow = 'current' | 'previous';

/** Which window a date falls in, or null when older than 60 days (or in the future). */
export function trendWindowOf(date: Date, now: Date): TrendWindow | null {
  const { previousStart, currentStart } = trendWindows(now);
  const t = date.getTime();
  if (t > now.getTime()) return null;
  if (t > currentStart.getTime()) return 'current';
  if (t > previousStart.getTime()) return 'previous';
  return null;
}

export const TrendSchema = z.object({
  direction: z.enum(['up', 'down', 'flat']),
  /** Whole percent change, or 'new' when the previous window had nothing and this one has some. */
  percent: z.union([z.number().int(), z.literal('new')]),
});
export type Trend = z.infer<typeof TrendSchema>;

/** Change of the last 30 days against the 30 before, rounded to a whole percent. */
export function trend(current: number, previous: number): Trend {
  if (previous === 0) {
    return current > 0 ? { direction: 'up', percent: 'new' } : { direction: 'flat', percent: 0 };
  }
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { direction: 'flat', percent: 0 };
  return { direction: percent > 0 ? 'up' : 'down', percent };
}

/** Money as the API carries it: a string with two decimals (numeric in the database). */
export function formatMoney(cents: number): string {
  return (cents / 100).toFixed(2);
}
const toCents = (price: string) => Math.round(Number(price) * 100);

export interface MetricTotals {
  /** All time, archived or not: a count, or for amount metrics a sum in cents. */
  total: number;
  current: number;
  previous: number;
}

/** The reference computation of one response metric over rows (the server does the same in SQL). */
export function computeResponseMetric(
  metric: Exclude<MetricKey, 'received'>,
  rows: readonly MetricResponse[],
  now: Date,
): MetricTotals {
  const totals: MetricTotals = { total: 0, current: 0, previous: 0 };
  for (const row of rows) {
    const date = metricDate(metric, row);
    if (date === null) continue;
    const weight = isAmountMetric(metric) ? toCents(row.quotedPrice) : 1;
    totals.total += weight;
    const window = trendWindowOf(date, now);
    if (window) totals[window] += weight;
  }
  return totals;
}

export const DashboardMetricSchema = z.object({
  key: z.enum(METRIC_KEYS),
  /** Count for count metrics; for amounts the sum as a two-decimal string. */
  value: z.union([z.number().int(), z.string()]),
  current: z.union([z.number().int(), z.string()]),
  previous: z.union([z.number().int(), z.string()]),
  trend: TrendSchema,
});
export type DashboardMetric = z.infer<typeof DashboardMetricSchema>;

/** One row of a dashboard section or drill-down: a response (job) or, for received, a request. */
export const DashboardItemSchema = z.object({
  /** The response id for jobs; the request id for received requests. */
  id: z.string(),
  requestId: z.string(),
  title: z.string(),
  serviceType: z.string(),
  areaLabel: z.string().nullable(),
  /** The response's status for a job; the request's for a received request. */
  status: z.union([z.enum(RESPONSE_STATUSES), z.enum(REQUEST_STATUSES)]),
  completionStatus: z.enum(COMPLETION_STATUSES).nullable(),
  /** Quoted price with two decimals; null for a received request. */
  amount: z.string().nullable(),
  /** The timestamp the list is ordered and dated by (ISO). */
  date: z.string(),
});
export type DashboardItem = z.infer<typeof DashboardItemSchema>;

/**
 * The overview: the metrics and the first DASHBOARD_SECTION_LIMIT jobs of Confirmed Bookings and
 * Completed Jobs. Declined Requests (all of them) and the drill-downs are paged lists of their own.
 */
export const BusinessDashboardSchema = z.object({
  metrics: z.array(DashboardMetricSchema),
  confirmed: z.array(DashboardItemSchema),
  completed: z.array(DashboardItemSchema),
});
export type BusinessDashboard = z.infer<typeof BusinessDashboardSchema>;

/** One page of a dashboard list, newest first; nextCursor is the last item's id, or null at the end. */
export const DashboardPageSchema = z.object({
  items: z.array(DashboardItemSchema),
  nextCursor: z.string().nullable(),
});
export type DashboardPage = z.infer<typeof DashboardPageSchema>;

export const DASHBOARD_PAGE_MESSAGES = {
  badCursor: 'This list has changed since it was loaded. Please reload it.',
} as const;

export const DashboardPageQuerySchema = z.object({
  cursor: z.uuid(DASHBOARD_PAGE_MESSAGES.badCursor).optional(),
});

export const MetricParamsSchema = z.object({ metric: z.enum(METRIC_KEYS) });

/** Archive Management: the UI offers ARCHIVE_AGE_DAYS; the API takes any whole number of days (0 = all). */
export const ArchiveResponsesInputSchema = z.object({
  daysOld: z
    .number({ message: 'Choose how old the responses must be.' })
    .int('Choose a whole number of days.')
    .min(0, 'Choose a whole number of days.')
    .max(3650, 'Choose at most 3650 days.'),
});
export type ArchiveResponsesInput = z.infer<typeof ArchiveResponsesInputSchema>;

export const DASHBOARD_MESSAGES = {
  businessOnly: 'Only business accounts have a dashboard.',
} as const;
