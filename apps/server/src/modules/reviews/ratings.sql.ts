import { LATE_CANCELLATION_LOOKBACK_DAYS, DAY_MS } from '@grip/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { shownReview } from '../../db/shown-review';
import { businessResponses, reviews } from '../../db/schema';

/**
 * Every reviewed business's average rating and number of shown reviews (double-blind), as a subquery to left-join on
 * `businessUserId`: lists aggregate once for all their rows, never a query per row.
 */
export function businessRatings(db: Db) {
  return db
    .select({
      businessUserId: reviews.businessUserId,
      average: sql<number>`avg(${reviews.rating})::float8`.as('average'),
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(reviews)
    .where(shownReview)
    .groupBy(reviews.businessUserId)
    .as('ratings');
}

/** The start of the window a profile counts late cancellations in (issue 32: 12 months). */
const lookbackStart = (now: Date) => new Date(now.getTime() - LATE_CANCELLATION_LOOKBACK_DAYS * DAY_MS);

/** A business's late cancellation inside the lookback (business_responses_late_cancellations_idx). */
const lateSince = (now: Date) =>
  and(eq(businessResponses.isLateCancellation, true), gte(businessResponses.cancelledAt, lookbackStart(now)));

/**
 * Each business's late cancellations of the last 12 months at `now`, as a subquery to left-join on
 * `businessUserId` beside `businessRatings`: one statement for a whole list, counted once.
 */
export function businessLateCancellations(db: Db, now: Date) {
  return db
    .select({
      businessUserId: businessResponses.businessUserId,
      count: sql<number>`count(*)::int`.as('late_count'),
    })
    .from(businessResponses)
    .where(lateSince(now))
    .groupBy(businessResponses.businessUserId)
    .as('late_cancellations');
}

/**
 * One business's standing as a customer judges it on an offer: its mean rating, number of reviews and
 * late cancellations of the last 12 months, in one statement.
 */
export async function businessStanding(
  db: Db | Tx,
  businessUserId: string,
  now: Date,
): Promise<{ average: number | null; count: number; lateCancellations: number }> {
  // Named in full: inside this statement's subquery an unqualified column could mean the review's.
  const late = sql<number>`(select count(*)::int from ${businessResponses} br
    where br.business_user_id = ${businessUserId} and br.is_late_cancellation
      and br.cancelled_at >= ${lookbackStart(now).toISOString()}::timestamptz)`;
  const [row] = await db
    .select({
      average: sql<number | null>`avg(${reviews.rating})::float8`,
      count: sql<number>`count(*)::int`,
      lateCancellations: late,
    })
    .from(reviews)
    .where(and(eq(reviews.businessUserId, businessUserId), shownReview));
  return {
    average: row?.average === null || row?.average === undefined ? null : Number(row.average),
    count: Number(row?.count ?? 0),
    lateCancellations: Number(row?.lateCancellations ?? 0),
  };
}
