import {
  BOOKED_OFFER,
  COMPLETED_JOB,
  DECLINED_OFFERS,
  OPEN_REQUEST,
  PENDING_OFFER,
  WON_OFFERS,
  type CompletionStatus,
  type MetricKey,
  type RequestStatus,
  type ResponseStatus,
} from '@grip/domain';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stateLiteral } from '../../db/state-literal';
import { businessResponses, serviceRequests } from '../../db/schema';
import type { GeoPoint } from '@grip/domain';
import { businessSideOf, requestMatchesBusiness } from '../requests/matching.sql';

/** What the dashboard needs to know about the business asking (from its profile). */
export interface DashboardBusiness {
  userId: string;
  categories: readonly string[];
  /** The business's public point (location-privacy.ts), null without a location. */
  point: GeoPoint | null;
  serviceAreaKm: number | null;
}

/** The two trend windows' edges: current is (currentStart, end], previous is (previousStart, currentStart]. */
export interface Windows {
  previousStart: Date;
  currentStart: Date;
  end: Date;
}

/** Per metric: all-time value and the two windows (counts, or numeric sums as two-decimal text). */
export interface MetricSums<T> {
  total: T;
  current: T;
  previous: T;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const inWindow = (column: SQL, after: Date, until: Date) =>
  sql`${column} > ${ts(after)} and ${column} <= ${ts(until)}`;

/** Every response of this business: the metrics are history, archived or not. */
const own = (userId: string) => eq(businessResponses.businessUserId, userId);
/** The business's working lists leave out what it archived. */
const working = (userId: string) => and(own(userId), isNull(businessResponses.archivedAt));

const isWon = inArray(businessResponses.status, [...WON_OFFERS]);
const isLost = inArray(businessResponses.status, [...DECLINED_OFFERS]);
const isCompleted = sql`${businessResponses.completionStatus} = ${COMPLETED_JOB} and ${businessResponses.completionDate} is not null`;

/** When the customer confirmed it; rows from before accepted_at existed are dated by their last change. */
const acceptedAt = sql`coalesce(${businessResponses.acceptedAt}, ${businessResponses.updatedAt})`;

/** The SQL mirror of the domain's metricDate: which rows count and the timestamp each is dated by. */
export const RESPONSE_METRICS: Record<Exclude<MetricKey, 'received'>, { where: SQL; dated: SQL }> = {
  responded: { where: sql`true`, dated: sql`${businessResponses.createdAt}` },
  pending: {
    where: sql`${businessResponses.status} = ${PENDING_OFFER}`,
    dated: sql`${businessResponses.createdAt}`,
  },
  potentialLost: { where: sql`${isLost}`, dated: sql`${businessResponses.createdAt}` },
  won: { where: sql`${isWon}`, dated: acceptedAt },
  completed: { where: isCompleted, dated: sql`${businessResponses.completionDate}` },
  // Spec 3 §9: earned sums the quotes of accepted responses, dated like won.
  earned: { where: sql`${isWon}`, dated: acceptedAt },
};

function countIf(where: SQL) {
  return sql<number>`count(*) filter (where ${where})::int`.mapWith(Number);
}
function sumIf(where: SQL) {
  // numeric all the way, printed with two decimals: money never passes through floating point.
  return sql<string>`coalesce(sum(${businessResponses.quotedPrice}) filter (where ${where}), 0)::numeric(14,2)::text`;
}

function sums(metric: Exclude<MetricKey, 'received'>, w: Windows) {
  const { where, dated } = RESPONSE_METRICS[metric];
  const agg = metric === 'earned' || metric === 'potentialLost' ? sumIf : countIf;
  return {
    total: agg(where),
    current: agg(sql`${where} and ${inWindow(dated, w.currentStart, w.end)}`),
    previous: agg(sql`${where} and ${inWindow(dated, w.previousStart, w.currentStart)}`),
  };
}

/** All six response metrics with both windows, in one aggregate query. */
export async function responseMetrics(db: Db, userId: string, w: Windows) {
  const [row] = await db
    .select({
      respondedTotal: sums('responded', w).total,
      respondedCurrent: sums('responded', w).current,
      respondedPrevious: sums('responded', w).previous,
      pendingTotal: sums('pending', w).total,
      pendingCurrent: sums('pending', w).current,
      pendingPrevious: sums('pending', w).previous,
      wonTotal: sums('won', w).total,
      wonCurrent: sums('won', w).current,
      wonPrevious: sums('won', w).previous,
      completedTotal: sums('completed', w).total,
      completedCurrent: sums('completed', w).current,
      completedPrevious: sums('completed', w).previous,
      earnedTotal: sums('earned', w).total,
      earnedCurrent: sums('earned', w).current,
      earnedPrevious: sums('earned', w).previous,
      potentialLostTotal: sums('potentialLost', w).total,
      potentialLostCurrent: sums('potentialLost', w).current,
      potentialLostPrevious: sums('potentialLost', w).previous,
    })
    .from(businessResponses)
    .where(own(userId));
  if (!row) throw new Error('An aggregate query always returns one row.');
  const pick = <K extends 'responded' | 'pending' | 'won' | 'completed' | 'earned' | 'potentialLost'>(
    key: K,
  ) => ({
    total: row[`${key}Total`],
    current: row[`${key}Current`],
    previous: row[`${key}Previous`],
  });
  return {
    responded: pick('responded') as MetricSums<number>,
    pending: pick('pending') as MetricSums<number>,
    won: pick('won') as MetricSums<number>,
    completed: pick('completed') as MetricSums<number>,
    earned: pick('earned') as MetricSums<string>,
    potentialLost: pick('potentialLost') as MetricSums<string>,
  };
}

/**
 * Requests this business received: the one matching rule of the feed and the badge (matching.sql.ts:
 * categories, both radii, never its own, no block either way) among the requests it may see — open and
 * unarchived, or answered by it (security model: a business never reads requests that closed without it).
 */
export function received(b: DashboardBusiness): SQL | undefined {
  const visible = sql`((${serviceRequests.status} = ${OPEN_REQUEST} and ${serviceRequests.archivedAt} is null)
    or exists (select 1 from ${businessResponses} br
      where br.request_id = ${serviceRequests.id} and br.business_user_id = ${b.userId}))`;
  return and(requestMatchesBusiness(businessSideOf(b)), visible);
}

export async function receivedMetric(db: Db, b: DashboardBusiness, w: Windows): Promise<MetricSums<number>> {
  const dated = sql`${serviceRequests.createdAt}`;
  const [row] = await db
    .select({
      total: countIf(sql`true`),
      current: countIf(inWindow(dated, w.currentStart, w.end)),
      previous: countIf(inWindow(dated, w.previousStart, w.currentStart)),
    })
    .from(serviceRequests)
    .where(received(b));
  return row ?? { total: 0, current: 0, previous: 0 };
}

/** A list row before shaping: a response joined with its request's title, type and area. */
export interface ItemRow {
  id: string;
  requestId: string;
  title: string;
  serviceType: string;
  areaLabel: string | null;
  /** The response's status; the request's for a received request. */
  status: ResponseStatus | RequestStatus;
  completionStatus: CompletionStatus | null;
  amount: string | null;
  date: Date;
}

/**
 * After the row `afterId` in the order (dated desc, id desc). The subquery reads the same table, so
 * `dated` there means the cursor row's own value: timestamps never round-trip through JavaScript.
 */
function after(dated: SQL, id: SQL, table: SQL, afterId: string | null): SQL | undefined {
  if (!afterId) return undefined;
  return sql`(${dated}, ${id}) < (select ${dated}, ${id} from ${table} where ${id} = ${afterId})`;
}

interface ListOptions {
  /** Drill-downs list what the metric counts, archived or not; the working sections do not. */
  includeArchived?: boolean;
  afterId?: string | null;
  limit: number;
}

/** Responses of this business matching `where`, newest `dated` first. */
function listResponses(
  db: Db,
  userId: string,
  where: SQL,
  dated: SQL,
  options: ListOptions,
): Promise<ItemRow[]> {
  return db
    .select({
      id: businessResponses.id,
      requestId: businessResponses.requestId,
      title: serviceRequests.title,
      serviceType: serviceRequests.serviceType,
      areaLabel: serviceRequests.areaLabel,
      status: sql<ResponseStatus>`${businessResponses.status}`,
      completionStatus: sql<CompletionStatus | null>`${businessResponses.completionStatus}`,
      amount: sql<string>`${businessResponses.quotedPrice}::numeric(14,2)::text`,
      date: sql<Date>`${dated}`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .where(
      and(
        options.includeArchived ? own(userId) : working(userId),
        where,
        after(dated, sql`${businessResponses.id}`, sql`${businessResponses}`, options.afterId ?? null),
      ),
    )
    .orderBy(desc(dated), desc(businessResponses.id))
    .limit(options.limit);
}

/** The drill-down of one response metric: the rows it counts, dated as it dates them. */
export function listMetricResponses(
  db: Db,
  userId: string,
  metric: Exclude<MetricKey, 'received'>,
  afterId: string | null,
  limit: number,
): Promise<ItemRow[]> {
  const { where, dated } = RESPONSE_METRICS[metric];
  return listResponses(db, userId, where, dated, { includeArchived: true, afterId, limit });
}

export function listReceived(
  db: Db,
  b: DashboardBusiness,
  afterId: string | null,
  limit: number,
): Promise<ItemRow[]> {
  return db
    .select({
      id: serviceRequests.id,
      requestId: serviceRequests.id,
      title: serviceRequests.title,
      serviceType: serviceRequests.serviceType,
      areaLabel: serviceRequests.areaLabel,
      status: sql<RequestStatus>`${serviceRequests.status}`,
      completionStatus: sql<CompletionStatus | null>`null::text`,
      amount: sql<string | null>`null::text`,
      date: serviceRequests.createdAt,
    })
    .from(serviceRequests)
    .where(
      and(
        received(b),
        after(
          sql`${serviceRequests.createdAt}`,
          sql`${serviceRequests.id}`,
          sql`${serviceRequests}`,
          afterId,
        ),
      ),
    )
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
}

/** Whether a page cursor still names a row of that list (one that left it would end the list silently). */
export async function isInMetricList(
  db: Db,
  b: DashboardBusiness,
  metric: MetricKey,
  id: string,
): Promise<boolean> {
  const rows =
    metric === 'received'
      ? await db
          .select({ id: serviceRequests.id })
          .from(serviceRequests)
          .where(and(received(b), eq(serviceRequests.id, id)))
      : await db
          .select({ id: businessResponses.id })
          .from(businessResponses)
          .where(and(own(b.userId), RESPONSE_METRICS[metric].where, eq(businessResponses.id, id)));
  return rows.length > 0;
}

export async function isInDeclinedList(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: businessResponses.id })
    .from(businessResponses)
    .where(and(working(userId), RESPONSE_METRICS.potentialLost.where, eq(businessResponses.id, id)));
  return rows.length > 0;
}

/**
 * Confirmed Bookings: accepted and not finished yet (contested jobs are still live) — the same rule as
 * the Active list of /business-confirmed (jobs.repository), so the two never disagree. The states are
 * literals so the list walks business_responses_active_jobs_idx, whose predicate names them, in any plan.
 */
const liveJob = sql`${businessResponses.status} = ${stateLiteral(BOOKED_OFFER)} and ${businessResponses.completionStatus} <> ${stateLiteral(COMPLETED_JOB)}`;

export const listConfirmed = (db: Db, userId: string, limit: number) =>
  listResponses(db, userId, liveJob, acceptedAt, { limit });
export const listCompleted = (db: Db, userId: string, limit: number) =>
  listResponses(db, userId, RESPONSE_METRICS.completed.where, RESPONSE_METRICS.completed.dated, { limit });
/** Declined Requests: every lost response not archived, newest first, a page at a time. */
export const listDeclined = (db: Db, userId: string, afterId: string | null, limit: number) =>
  listResponses(db, userId, RESPONSE_METRICS.potentialLost.where, RESPONSE_METRICS.potentialLost.dated, {
    afterId,
    limit,
  });

/**
 * What Archive Management may tidy away: anything but a job still in play, i.e. won and either not
 * completed (accepted, in progress, contested) or completed with its contest window still open.
 */
const archivable = (now: Date) =>
  sql`not (${isWon} and (${businessResponses.completionStatus} <> ${COMPLETED_JOB}
    or ${businessResponses.contestDeadline} is null or ${businessResponses.contestDeadline} > ${ts(now)}))`;

/**
 * Archive Management: the business's own responses created at or before `before` (null = all) that
 * are out of play get archived_at (spec: a business archives its own responses by age). Only the
 * business's lists change: the shared statuses the customer reads are left alone. Returns the count.
 */
export async function archiveResponses(
  db: Db,
  userId: string,
  before: Date | null,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(businessResponses)
    // updated_at is left alone: archiving is the business's housekeeping, not an edit the customer sees.
    .set({ archivedAt: now })
    .where(
      and(
        working(userId),
        before ? sql`${businessResponses.createdAt} <= ${ts(before)}` : undefined,
        archivable(now),
      ),
    )
    .returning({ id: businessResponses.id });
  return rows.length;
}
