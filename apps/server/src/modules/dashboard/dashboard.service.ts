import {
  DASHBOARD_MESSAGES,
  DASHBOARD_PAGE_MESSAGES,
  DASHBOARD_PAGE_SIZE,
  DASHBOARD_SECTION_LIMIT,
  METRIC_KEYS,
  normalizeRole,
  trend,
  trendWindows,
  type BusinessDashboard,
  type DashboardItem,
  type DashboardMetric,
  type DashboardPage,
  type MetricKey,
} from '@grip/domain';
import { storedPublicPoint } from '../privacy/location-privacy';
import type { Db } from '../../db/client';
import { Forbidden, Invalid } from '../../lib/errors';
import type { ProfileRow } from '../profiles/profiles.repository';
import {
  archiveResponses,
  isInDeclinedList,
  isInMetricList,
  listCompleted,
  listConfirmed,
  listDeclined,
  listMetricResponses,
  listReceived,
  receivedMetric,
  responseMetrics,
  type DashboardBusiness,
  type ItemRow,
  type MetricSums,
} from './dashboard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only business owners have a dashboard; customers and administrators are refused (403). */
export function businessOf(profile: ProfileRow): DashboardBusiness {
  if (normalizeRole(profile.role) !== 'business_owner') throw new Forbidden(DASHBOARD_MESSAGES.businessOnly);
  return {
    userId: profile.userId,
    categories: profile.serviceCategories,
    point: storedPublicPoint(profile),
    serviceAreaKm: profile.serviceAreaKm,
  };
}

const toItem = (row: ItemRow): DashboardItem => ({ ...row, date: row.date.toISOString() });

function countMetric(key: MetricKey, sums: MetricSums<number>): DashboardMetric {
  return { key, value: sums.total, ...sums, trend: trend(sums.current, sums.previous) };
}
function amountMetric(key: MetricKey, sums: MetricSums<string>): DashboardMetric {
  // The trend compares the exact decimals in cents, never floats of money.
  const cents = (v: string) => Math.round(Number(v) * 100);
  return {
    key,
    value: sums.total,
    current: sums.current,
    previous: sums.previous,
    trend: trend(cents(sums.current), cents(sums.previous)),
  };
}

/** GET /api/business/dashboard: the seven metrics and the two job sections, in four queries. */
export async function getDashboard(db: Db, profile: ProfileRow, now: Date): Promise<BusinessDashboard> {
  const business = businessOf(profile);
  const windows = trendWindows(now);
  const [responses, received, confirmed, completed] = await Promise.all([
    responseMetrics(db, business.userId, windows),
    receivedMetric(db, business, windows),
    listConfirmed(db, business.userId, DASHBOARD_SECTION_LIMIT),
    listCompleted(db, business.userId, DASHBOARD_SECTION_LIMIT),
  ]);
  const metrics: Record<MetricKey, DashboardMetric> = {
    received: countMetric('received', received),
    responded: countMetric('responded', responses.responded),
    won: countMetric('won', responses.won),
    pending: countMetric('pending', responses.pending),
    earned: amountMetric('earned', responses.earned),
    potentialLost: amountMetric('potentialLost', responses.potentialLost),
    completed: countMetric('completed', responses.completed),
  };
  return {
    metrics: METRIC_KEYS.map((key) => metrics[key]),
    confirmed: confirmed.map(toItem),
    completed: completed.map(toItem),
  };
}

/** A page of rows fetched one over the page size: the extra row only says there is more. */
function toPage(rows: ItemRow[]): DashboardPage {
  const items = rows.slice(0, DASHBOARD_PAGE_SIZE).map(toItem);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > DASHBOARD_PAGE_SIZE && last ? last.id : null };
}

function refuseCursor(): never {
  throw new Invalid(DASHBOARD_PAGE_MESSAGES.badCursor);
}

/** The drill-down list of one metric, a page at a time: the rows it counts, newest first. */
export async function getMetricPage(
  db: Db,
  profile: ProfileRow,
  metric: MetricKey,
  cursor: string | undefined,
): Promise<DashboardPage> {
  const business = businessOf(profile);
  if (cursor && !(await isInMetricList(db, business, metric, cursor))) refuseCursor();
  const rows =
    metric === 'received'
      ? await listReceived(db, business, cursor ?? null, DASHBOARD_PAGE_SIZE + 1)
      : await listMetricResponses(db, business.userId, metric, cursor ?? null, DASHBOARD_PAGE_SIZE + 1);
  return toPage(rows);
}

/** Declined Requests: all the business's rejected and declined responses, a page at a time. */
export async function getDeclinedPage(
  db: Db,
  profile: ProfileRow,
  cursor: string | undefined,
): Promise<DashboardPage> {
  const business = businessOf(profile);
  if (cursor && !(await isInDeclinedList(db, business.userId, cursor))) refuseCursor();
  return toPage(await listDeclined(db, business.userId, cursor ?? null, DASHBOARD_PAGE_SIZE + 1));
}

/** Archive Management: archives the business's responses at least `daysOld` days old (0 = all). */
export async function archiveOld(db: Db, profile: ProfileRow, daysOld: number, now: Date) {
  const business = businessOf(profile);
  const before = daysOld === 0 ? null : new Date(now.getTime() - daysOld * DAY_MS);
  return { archived: await archiveResponses(db, business.userId, before, now) };
}
