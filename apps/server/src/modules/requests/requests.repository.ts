import {
  BOOKED_OFFER,
  COMPLETED_JOB,
  IGNORED_OFFER,
  MODIFIED_OFFER_MENTIONS,
  PENDING_OFFER,
  type CompletionStatus,
  type GeoPoint,
} from '@grip/domain';
import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { businessNameSql } from '../profiles/business-name.sql';
import { awaitingReviewBy } from './pending-review.sql';
import { isSwitchOn } from '../notifications/system-switches';
import type { Db, Tx } from '../../db/client';
import { shownReview } from '../../db/shown-review';
import {
  businessResponses,
  messages,
  profiles,
  requestActivity,
  responseViews,
  reviews,
  serviceRequests,
  users,
} from '../../db/schema';
import { businessMatchesRequest } from './matching.sql';

export type RequestRow = typeof serviceRequests.$inferSelect;
type NewRequest = typeof serviceRequests.$inferInsert;

export async function insertRequest(tx: Tx, values: NewRequest): Promise<RequestRow> {
  const [row] = await tx.insert(serviceRequests).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Where a request is asked for: its public point (location-privacy.ts; null: none) and radius. */
export interface MatchArea {
  point: GeoPoint | null;
  radiusKm: number;
}

/**
 * Business owners (other than the requester, not suspended, no block between them and the requester)
 * whose categories and area match.
 */
export async function matchingBusinesses(
  db: Db | Tx,
  terms: string[],
  requesterId: string | null,
  area: MatchArea,
): Promise<{ userId: string; notificationEmail: string | null; email: string; wantsEmail: boolean }[]> {
  if (terms.length === 0) return [];
  return db
    .select({
      userId: profiles.userId,
      notificationEmail: profiles.notificationEmail,
      email: users.email,
      wantsEmail: sql<boolean>`'email' = any(${profiles.notificationPreferences})`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(profiles.role, 'business_owner'),
        isNull(profiles.suspendedAt),
        // The one rule of the feed and the badge, seen from the request (issue 33; blocks: issue 32).
        businessMatchesRequest({ requesterId, terms, ...area }),
      ),
    );
}

export async function countMatchingBusinesses(db: Db, terms: string[], area: MatchArea): Promise<number> {
  if (terms.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(
      and(
        eq(profiles.role, 'business_owner'),
        isNull(profiles.suspendedAt),
        businessMatchesRequest({ requesterId: null, terms, ...area }),
      ),
    );
  return row?.n ?? 0;
}

/** The platform's email switch (system_settings; missing means on). */
export function isEmailEnabled(db: Db | Tx): Promise<boolean> {
  return isSwitchOn(db, 'email_notifications_enabled');
}

// Correlated subqueries name the outer table in full: Drizzle leaves columns unqualified in a
// single-table select, and inside the subquery "updated_at" would mean the response's.
// Newest of the request's updated_at and every response's created_at/updated_at.
const latestActivity =
  sql<Date>`(select greatest(service_requests.updated_at, max(greatest(br.created_at, br.updated_at)))
  from ${businessResponses} br where br.request_id = service_requests.id)`.mapWith(serviceRequests.updatedAt);
const responseCount = sql<number>`(select count(*)::int from ${businessResponses} br
  where br.request_id = service_requests.id and br.status <> ${IGNORED_OFFER})`.mapWith(Number);
const acceptedCompletion = sql<CompletionStatus | null>`(select br.completion_status from ${businessResponses} br
  where br.request_id = service_requests.id and br.status = ${BOOKED_OFFER} limit 1)`;

const listColumns = {
  request: serviceRequests,
  latestActivityAt: latestActivity,
  responseCount,
  acceptedCompletionStatus: acceptedCompletion,
};
export type MyRequestRow = {
  request: RequestRow;
  latestActivityAt: Date;
  responseCount: number;
  acceptedCompletionStatus: CompletionStatus | null;
};

export type ListSection = 'active' | 'expired' | 'archived';

/**
 * One page of the owner's requests. Active/expired: unarchived, newest created first, split at
 * `activeSince`. Archived: newest archive first. `afterId` is the last item of the previous page and is
 * compared in SQL, so microsecond timestamps never round-trip through JavaScript.
 */
export async function listMyRequests(
  db: Db,
  userId: string,
  section: ListSection,
  activeSince: Date,
  limit: number,
  afterId?: string,
): Promise<MyRequestRow[]> {
  const mine = eq(serviceRequests.userId, userId);
  if (section === 'archived') {
    const page = afterId
      ? sql`(${serviceRequests.archivedAt}, ${serviceRequests.id}) < (select r.archived_at, r.id from ${serviceRequests} r where r.id = ${afterId} and r.user_id = ${userId})`
      : undefined;
    return db
      .select(listColumns)
      .from(serviceRequests)
      .where(and(mine, isNotNull(serviceRequests.archivedAt), page))
      .orderBy(desc(serviceRequests.archivedAt), desc(serviceRequests.id))
      .limit(limit);
  }
  const since = activeSince.toISOString();
  // The kept figure (request_activity, equal to latestActivity): Active reads the owner's recent
  // requests through its index, however long their history.
  const split: SQL = sql`${serviceRequests.id} in (select a.request_id from ${requestActivity} a
    where a.user_id = ${userId} and a.last_activity_at ${section === 'active' ? sql`>=` : sql`<`} ${since}::timestamptz)`;
  const page = afterId
    ? sql`(${serviceRequests.createdAt}, ${serviceRequests.id}) < (select r.created_at, r.id from ${serviceRequests} r where r.id = ${afterId} and r.user_id = ${userId})`
    : undefined;
  return db
    .select(listColumns)
    .from(serviceRequests)
    .where(and(mine, isNull(serviceRequests.archivedAt), split, page))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
}

/** One request with its list facts, only when `userId` owns it. */
export async function findMyRequest(db: Db | Tx, userId: string, id: string): Promise<MyRequestRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(serviceRequests)
    .where(and(eq(serviceRequests.id, id), eq(serviceRequests.userId, userId)));
  return row ?? null;
}

/** The request row locked for a change, only when `userId` owns it. */
export async function lockMyRequest(tx: Tx, userId: string, id: string): Promise<RequestRow | null> {
  const [row] = await tx
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.id, id), eq(serviceRequests.userId, userId)))
    .for('update');
  return row ?? null;
}

/**
 * One page of the owner's unarchived requests that have at least one response not ignored, created
 * in [from, before), optionally leaving out some statuses (My Responses). Newest created first;
 * `afterId` is the last item of the previous page, compared in SQL like listMyRequests. Backed by
 * service_requests_user_created_idx, and the responses' (request_id, business_user_id) key.
 */
export async function listMyResponseRequests(
  db: Db,
  userId: string,
  window: { from: Date | null; before: Date | null },
  unlistedStatuses: readonly RequestRow['status'][],
  limit: number,
  afterId?: string,
): Promise<MyRequestRow[]> {
  const page = afterId
    ? sql`(${serviceRequests.createdAt}, ${serviceRequests.id}) < (select r.created_at, r.id from ${serviceRequests} r where r.id = ${afterId} and r.user_id = ${userId})`
    : undefined;
  return db
    .select(listColumns)
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.userId, userId),
        isNull(serviceRequests.archivedAt),
        window.from ? gte(serviceRequests.createdAt, window.from) : undefined,
        window.before ? lt(serviceRequests.createdAt, window.before) : undefined,
        unlistedStatuses.length > 0 ? notInArray(serviceRequests.status, [...unlistedStatuses]) : undefined,
        sql`exists (select 1 from ${businessResponses} br
          where br.request_id = service_requests.id and br.status <> ${IGNORED_OFFER})`,
        page,
      ),
    )
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
}

// The request's owner is the customer who reads these summaries: response_views and the counter-offer
// facts are theirs. Columns of a multi-table select are qualified, so the subqueries see the outer row.
const ownerId = serviceRequests.userId;
/** The owner's latest counter_offer message on the response (spec 2 §4 "Pending counter offer"). */
const lastCounterOfferAt = sql<Date | null>`(select max(m.created_at) from ${messages} m
  where m.response_id = ${businessResponses.id} and m.sender_id = ${ownerId}
  and m.message_type = 'counter_offer')`.mapWith(messages.createdAt);
/** The latest message from anyone but the owner: the business's replies. */
const lastOtherMessageAt = sql<Date | null>`(select max(m.created_at) from ${messages} m
  where m.response_id = ${businessResponses.id} and m.sender_id is distinct from ${ownerId})`.mapWith(
  messages.createdAt,
);
const mentionPatterns = sql.join(
  MODIFIED_OFFER_MENTIONS.map((phrase) => sql`${`%${phrase}%`}`),
  sql`, `,
);
/** Spec 2 "Older My Responses screen": an owner's counter offer, or a message that mentions one. */
const sentModifiedOffer = sql<boolean>`exists (select 1 from ${messages} m
  where m.response_id = ${businessResponses.id} and m.sender_id = ${ownerId}
  and (m.message_type = 'counter_offer' or m.message ilike any (array[${mentionPatterns}]::text[])))`.mapWith(
  Boolean,
);

/**
 * Responses to some requests as their owner sees them (ignored ones hidden), newest first, with the
 * business's name, the version the owner last saw and the message facts the badges need: one query
 * however many requests and responses.
 */
export async function responsesOfRequests(db: Db, requestIds: readonly string[]) {
  if (requestIds.length === 0) return [];
  // Ratings of just these requests' businesses, grouped once in the same query (reviews_business_idx).
  const ratings = db
    .select({
      businessUserId: reviews.businessUserId,
      average: sql<number>`avg(${reviews.rating})::float8`.as('rating_average'),
      count: sql<number>`count(*)::int`.as('review_count'),
    })
    .from(reviews)
    .where(
      and(
        inArray(
          reviews.businessUserId,
          db
            .select({ id: businessResponses.businessUserId })
            .from(businessResponses)
            .where(inArray(businessResponses.requestId, [...requestIds])),
        ),
        shownReview,
      ),
    )
    .groupBy(reviews.businessUserId)
    .as('ratings');
  return db
    .select({
      requestId: businessResponses.requestId,
      customerId: ownerId,
      id: businessResponses.id,
      businessUserId: businessResponses.businessUserId,
      businessName: businessNameSql,
      ratingAverage: sql<number | null>`${ratings.average}`.mapWith(Number),
      reviewCount: sql<number>`coalesce(${ratings.count}, 0)`.mapWith(Number),
      quotedPrice: businessResponses.quotedPrice,
      priceType: businessResponses.priceType,
      message: businessResponses.message,
      isAcceptedAsIs: businessResponses.isAcceptedAsIs,
      availabilityDate: businessResponses.availabilityDate,
      availabilityTime: businessResponses.availabilityTime,
      status: businessResponses.status,
      completionStatus: businessResponses.completionStatus,
      createdAt: businessResponses.createdAt,
      updatedAt: businessResponses.updatedAt,
      seenVersion: responseViews.lastUpdatedAt,
      lastCounterOfferAt,
      lastOtherMessageAt,
      sentModifiedOffer,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .leftJoin(ratings, eq(ratings.businessUserId, businessResponses.businessUserId))
    .leftJoin(
      responseViews,
      and(eq(responseViews.responseId, businessResponses.id), eq(responseViews.userId, ownerId)),
    )
    .where(
      and(inArray(businessResponses.requestId, [...requestIds]), ne(businessResponses.status, IGNORED_OFFER)),
    )
    .orderBy(desc(businessResponses.createdAt), desc(businessResponses.id));
}

/** Responses to one request as its owner sees them (ignored ones hidden). */
export async function responsesOf(db: Db, requestId: string) {
  return responsesOfRequests(db, [requestId]);
}

export async function updateRequest(tx: Tx, id: string, values: Partial<NewRequest>): Promise<void> {
  await tx.update(serviceRequests).set(values).where(eq(serviceRequests.id, id));
}

/** Archives the owner's unarchived requests created before `before`; returns how many. */
export async function archiveOlderThan(db: Db, userId: string, before: Date, now: Date): Promise<number> {
  const rows = await db
    .update(serviceRequests)
    .set({ archivedAt: now })
    .where(
      and(
        eq(serviceRequests.userId, userId),
        isNull(serviceRequests.archivedAt),
        lt(serviceRequests.createdAt, before),
      ),
    )
    .returning({ id: serviceRequests.id });
  return rows.length;
}

/**
 * The review gate (spec 2 §4): a job of the customer's that is completed, with a completion date, and
 * not reviewed by them.
 */
export async function hasPendingReview(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: businessResponses.id })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .where(awaitingReviewBy(userId))
    .limit(1);
  return Boolean(row);
}

/** Businesses that already answered a request (they need no second "new request"). */
export async function respondedBusinessIds(tx: Tx, requestId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ id: businessResponses.businessUserId })
    .from(businessResponses)
    .where(eq(businessResponses.requestId, requestId));
  return new Set(rows.map((r) => r.id));
}

/** The businesses whose quote on the request is still open (pending): an edit of it concerns them. */
export async function openQuoteBusinesses(tx: Tx, requestId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: businessResponses.businessUserId })
    .from(businessResponses)
    .where(and(eq(businessResponses.requestId, requestId), eq(businessResponses.status, PENDING_OFFER)))
    .orderBy(businessResponses.businessUserId);
  return rows.map((r) => r.id);
}

/**
 * Hire Again: the business of one of the customer's completed jobs, or null when the job is not
 * theirs, not accepted or not completed (a stranger's id answers exactly like a missing one).
 */
export async function findHireAgainBusiness(
  db: Db | Tx,
  customerId: string,
  responseId: string,
): Promise<{ userId: string; businessName: string } | null> {
  const [row] = await db
    .select({ userId: businessResponses.businessUserId, businessName: businessNameSql })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .where(
      and(
        eq(businessResponses.id, responseId),
        eq(serviceRequests.userId, customerId),
        eq(businessResponses.status, BOOKED_OFFER),
        eq(businessResponses.completionStatus, COMPLETED_JOB),
      ),
    );
  return row ?? null;
}
