import { BOOKED_OFFER, CANCELLED_OFFER, PROPOSAL_LIFECYCLE, stateAfter } from '@grip/domain';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  businessResponses,
  calendarFeeds,
  profiles,
  rescheduleProposals,
  serviceRequests,
  users,
} from '../../db/schema';
import { businessNameSql } from '../profiles/business-name.sql';

/** A booking in a calendar: booked, or called off (it then shows as cancelled, so apps drop it). */
const CALENDAR_STATES = [BOOKED_OFFER, CANCELLED_OFFER];
/** A move both parties agreed to: each one is a new version of the event (its SEQUENCE). */
const ACCEPTED_PROPOSAL = stateAfter(PROPOSAL_LIFECYCLE, 'accept');

const customerProfile = alias(profiles, 'customer_profile');
const customerUser = alias(users, 'customer_user');

/** The date the booking is for (domain agreedTimeOf): the business's availability, else the request's. */
const agreedDateSql = sql<
  string | null
>`coalesce(${businessResponses.availabilityDate}, ${serviceRequests.preferredDate})`;

const bookingEventColumns = {
  id: businessResponses.id,
  status: businessResponses.status,
  businessUserId: businessResponses.businessUserId,
  customerUserId: serviceRequests.userId,
  availabilityDate: businessResponses.availabilityDate,
  availabilityTime: businessResponses.availabilityTime,
  estimatedDuration: businessResponses.estimatedDuration,
  cancelledBy: businessResponses.cancelledBy,
  updatedAt: businessResponses.updatedAt,
  title: serviceRequests.title,
  locationAddress: serviceRequests.locationAddress,
  preferredDate: serviceRequests.preferredDate,
  preferredTime: serviceRequests.preferredTime,
  businessName: businessNameSql,
  // A customer may have cleared their profile name: their account name stands in (as on the job).
  customerName: sql<string>`coalesce(nullif(${customerProfile.displayName}, ''), ${customerUser.name}, 'Customer')`,
  // Counted through reschedule_proposals_response_idx, in the same statement as the booking.
  acceptedMoves: sql<number>`(select count(*) from ${rescheduleProposals} rp
    where rp.response_id = ${businessResponses.id} and rp.status = ${ACCEPTED_PROPOSAL})`.mapWith(Number),
};

export type BookingEventRow = Awaited<ReturnType<typeof findBookingEvent>>[number];

function bookingEvents(db: Db, where: SQL | undefined) {
  return db
    .select(bookingEventColumns)
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .leftJoin(customerProfile, eq(customerProfile.userId, serviceRequests.userId))
    .leftJoin(customerUser, eq(customerUser.id, serviceRequests.userId))
    .where(and(inArray(businessResponses.status, CALENDAR_STATES), where));
}

/** One booking, booked or cancelled, if `userId` is its customer or its business (else nothing). */
export function findBookingEvent(db: Db, userId: string, responseId: string) {
  return bookingEvents(
    db,
    and(
      eq(businessResponses.id, responseId),
      or(eq(serviceRequests.userId, userId), eq(businessResponses.businessUserId, userId)),
    ),
  );
}

/**
 * The account's bookings for its feed, as customer and as business, dated `fromDate` or later, the
 * latest `limit` by date. One statement: the ids come from two index scans — the customer's requests
 * (service_requests_user_created_idx, then each request's responses by
 * business_responses_request_business_key) and the business's responses
 * (business_responses_business_created_idx) — and the rows by primary key.
 */
export function listFeedEvents(db: Db, userId: string, fromDate: string, limit: number) {
  const states = sql.join(
    CALENDAR_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const ids = sql`(
    select br.id from ${serviceRequests} sr
      join ${businessResponses} br on br.request_id = sr.id
      where sr.user_id = ${userId} and br.status in (${states})
    union all
    select br.id from ${businessResponses} br
      where br.business_user_id = ${userId} and br.status in (${states})
  )`;
  return bookingEvents(db, and(sql`${businessResponses.id} in ${ids}`, sql`${agreedDateSql} >= ${fromDate}`))
    .orderBy(desc(agreedDateSql), desc(businessResponses.id))
    .limit(limit);
}

export async function findFeed(db: Db, userId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/**
 * Stores the account's one feed token hash, replacing any earlier one in the same statement: the old
 * URL stops working the moment the new one exists.
 */
export async function saveFeed(db: Db, userId: string, tokenHash: string, now: Date) {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now } });
}

export async function deleteFeed(db: Db, userId: string) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * The account a feed token hash belongs to, through calendar_feeds_token_hash_key, while the account
 * may be served: not deleted, not suspended.
 */
export async function findFeedOwner(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(profiles, eq(profiles.userId, calendarFeeds.userId))
    .where(
      and(eq(calendarFeeds.tokenHash, tokenHash), isNull(profiles.deletedAt), isNull(profiles.suspendedAt)),
    );
  return row?.userId ?? null;
}
