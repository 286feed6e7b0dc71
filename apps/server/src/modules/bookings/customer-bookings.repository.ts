import {
  BOOKED_OFFER,
  CANCELLED_OFFER,
  HISTORY_JOBS,
  OPEN_PROPOSAL,
  type BookingSection,
} from '@grip/domain';
import { and, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { shownReview } from '../../db/shown-review';
import { stateLiteral } from '../../db/state-literal';
import {
  businessResponses,
  disputes,
  profiles,
  rescheduleProposals,
  reviews,
  serviceRequests,
  users,
} from '../../db/schema';
import { latestDisputeOfJob } from '../disputes/latest-dispute.sql';
import { businessNameSql } from '../profiles/business-name.sql';
import { onConfirmedList } from './confirmed-booking.sql';

/** The customer's own review of the booked request: at most one (reviews_request_user_key). */
const myReview = alias(reviews, 'my_review');

/**
 * Each business's average and count, aggregated once and joined once (not a subquery per row), and
 * only over the businesses in `businessIds` (a subquery) so a page never aggregates every review.
 */
function ratingsOf(db: Db | Tx, businessIds: SQL) {
  return db
    .select({
      businessUserId: reviews.businessUserId,
      average: sql<number | null>`avg(${reviews.rating})::float8`.as('rating_average'),
      count: sql<number>`count(*)::int`.as('review_count'),
    })
    .from(reviews)
    .where(and(sql`${reviews.businessUserId} in ${businessIds}`, shownReview))
    .groupBy(reviews.businessUserId)
    .as('ratings');
}

function bookingQuery(db: Db | Tx, businessIds: SQL) {
  const ratings = ratingsOf(db, businessIds);
  return (
    db
      .select({
        response: businessResponses,
        request: serviceRequests,
        businessName: businessNameSql,
        // A deleted account's placeholder address (deleted.<id>@deleted.invalid) is nobody's to write to.
        businessEmail: sql<string | null>`case when ${profiles.deletedAt} is null then ${users.email} end`,
        businessPhone: profiles.phone,
        ratingAverage: sql<number | null>`${ratings.average}`.mapWith((v: unknown) =>
          v === null ? null : Number(v),
        ),
        reviewCount: sql<number>`coalesce(${ratings.count}, 0)`.mapWith(Number),
        myRating: sql<number | null>`${myReview.rating}`.mapWith((v: unknown) =>
          v === null ? null : Number(v),
        ),
        openProposal: rescheduleProposals,
        dispute: disputes,
      })
      .from(businessResponses)
      .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
      .leftJoin(users, eq(users.id, businessResponses.businessUserId))
      .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
      .leftJoin(ratings, eq(ratings.businessUserId, businessResponses.businessUserId))
      .leftJoin(
        myReview,
        and(eq(myReview.requestId, serviceRequests.id), eq(myReview.userId, serviceRequests.userId)),
      )
      // At most one open proposal per booking (reschedule_proposals_one_open_key): no row is doubled.
      .leftJoin(
        rescheduleProposals,
        and(
          eq(rescheduleProposals.responseId, businessResponses.id),
          eq(rescheduleProposals.status, OPEN_PROPOSAL),
        ),
      )
      // The job's latest dispute (issue 32): one row at most, so no booking is doubled.
      .leftJoin(disputes, latestDisputeOfJob)
  );
}

/** A booking the customer sees: booked, or cancelled by either party (Job History lists those). */
const isBooking = inArray(businessResponses.status, [BOOKED_OFFER, CANCELLED_OFFER]);

/** The businesses booked by this customer (whose ratings a page of their bookings shows). */
const bookedBusinessesOf = (userId: string) =>
  sql`(select br.business_user_id from ${businessResponses} br
    join ${serviceRequests} sr on sr.id = br.request_id
    where sr.user_id = ${userId} and br.status in (${stateLiteral(BOOKED_OFFER)}, ${stateLiteral(CANCELLED_OFFER)}))`;

export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

/**
 * Accepted responses of the customer's requests, by list (domain `bookingSectionOf`): Job History
 * holds completed and contested jobs, and cancelled bookings (issue 32), and, as the spec says, does not filter on the request's
 * archived_at; Confirmed Requests holds the rest of the unarchived requests.
 */
function inSection(section: BookingSection): SQL | undefined {
  return section === 'history'
    ? inArray(businessResponses.completionStatus, [...HISTORY_JOBS])
    : onConfirmedList();
}

/**
 * What a list is ordered by, newest first (ids break ties): Confirmed by when the customer accepted
 * the quote, History by completion date. Every accept sets accepted_at (and migration 0005 backfilled
 * older rows), so the fallbacks only keep the key non-null, as `acceptedAt` is shown.
 */
function sortKey(
  section: BookingSection,
  r: Record<'completionDate' | 'createdAt' | 'acceptedAt' | 'updatedAt', AnyColumn>,
): SQL {
  return section === 'history'
    ? sql`coalesce(${r.completionDate}, ${r.createdAt})`
    : sql`coalesce(${r.acceptedAt}, ${r.updatedAt})`;
}

/**
 * One page of the customer's bookings, newest first by `sortKey`. `afterId` is the previous page's last
 * booking: the page goes on from that row's key, read now, so the cursor stays a plain id. The rows are
 * found through service_requests_user_created_idx and the accepted response of each request through
 * business_responses_one_accepted_key; the sort is over this one customer's bookings.
 */
export async function listBookings(
  db: Db,
  userId: string,
  section: BookingSection,
  limit: number,
  afterId?: string,
) {
  const key = sortKey(section, businessResponses);
  const cursor = alias(businessResponses, 'cursor');
  const page = afterId
    ? sql`(${key}, ${businessResponses.id}) < ${db
        .select({ key: sortKey(section, cursor), id: cursor.id })
        .from(cursor)
        .where(eq(cursor.id, afterId))}`
    : undefined;
  return bookingQuery(db, bookedBusinessesOf(userId))
    .where(and(eq(serviceRequests.userId, userId), isBooking, inSection(section), page))
    .orderBy(desc(key), desc(businessResponses.id))
    .limit(limit);
}

/** One accepted response of the customer's request; `lock` takes the response row for an update. */
export async function findBooking(
  db: Db | Tx,
  userId: string,
  responseId: string,
  options: { lock?: boolean } = {},
) {
  const query = bookingQuery(
    db,
    sql`(select br.business_user_id from ${businessResponses} br where br.id = ${responseId})`,
  ).where(and(eq(businessResponses.id, responseId), eq(serviceRequests.userId, userId), isBooking));
  const [row] = options.lock ? await query.for('update', { of: businessResponses }) : await query;
  return row ?? null;
}

/**
 * Job History's cards: its jobs (completed and contested, archived requests included), what they
 * cost, and the reviews the customer has written with their average.
 */
export async function historySummary(db: Db, userId: string) {
  const [jobs] = await db
    .select({
      completedJobs: sql<number>`count(*)::int`.mapWith(Number),
      totalSpent: sql<string>`coalesce(sum(${businessResponses.quotedPrice}), 0)::numeric(14,2)::text`,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .where(
      and(
        eq(serviceRequests.userId, userId),
        eq(businessResponses.status, BOOKED_OFFER),
        // The same jobs as Job History's list, so the cards and the list agree.
        inSection('history'),
      ),
    );
  const [given] = await db
    .select({
      average: sql<number | null>`avg(${reviews.rating})::float8`,
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  return {
    completedJobs: jobs?.completedJobs ?? 0,
    totalSpent: jobs?.totalSpent ?? '0.00',
    averageRatingGiven:
      given?.average === null || given?.average === undefined ? null : Number(given.average),
    reviewsGiven: given?.count ?? 0,
  };
}

/** Withdraws the customer's review of the request (a contest does); true when there was one. */
export async function deleteReview(tx: Tx, requestId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(reviews)
    .where(and(eq(reviews.requestId, requestId), eq(reviews.userId, userId)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** Writes the contest the job lifecycle allowed, with the customer's reason. */
export async function markContested(
  tx: Tx,
  responseId: string,
  completionStatus: typeof businessResponses.$inferSelect.completionStatus,
  reason: string,
  now: Date,
): Promise<void> {
  await tx
    .update(businessResponses)
    .set({ completionStatus, contestReason: reason, updatedAt: now })
    .where(eq(businessResponses.id, responseId));
}

/** Every administrator's user id (they hear about contests). */
export async function administratorIds(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(inArray(profiles.role, ['administrator']));
  return rows.map((r) => r.userId);
}
