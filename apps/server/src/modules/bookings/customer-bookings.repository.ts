import type { BookingSection } from '@grip/domain';
import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { businessResponses, profiles, reviews, serviceRequests, users } from '../../db/schema';
import { businessNameSql } from '../profiles/business-name.sql';

// Correlated subqueries name the outer tables in full: Drizzle leaves columns unqualified there.
const ratingAverage = sql<
  number | null
>`(select avg(rv.rating)::float8 from ${reviews} rv where rv.business_user_id = "business_responses"."business_user_id")`;
const reviewCount = sql<number>`(select count(*)::int from ${reviews} rv where rv.business_user_id = "business_responses"."business_user_id")`;
const myRating = sql<
  number | null
>`(select rv.rating from ${reviews} rv where rv.request_id = "business_responses"."request_id" and rv.user_id = "service_requests"."user_id" limit 1)`;

const bookingSelect = {
  response: businessResponses,
  request: serviceRequests,
  businessName: businessNameSql,
  businessEmail: users.email,
  businessPhone: profiles.phone,
  ratingAverage: ratingAverage.mapWith((v: unknown) => (v === null ? null : Number(v))),
  reviewCount: reviewCount.mapWith(Number),
  myRating: myRating.mapWith((v: unknown) => (v === null ? null : Number(v))),
};

export type BookingRow = NonNullable<Awaited<ReturnType<typeof findBooking>>>;

/** Accepted responses of the customer's requests: Confirmed while not completed, History once completed. */
function inSection(section: BookingSection): SQL | undefined {
  return section === 'history'
    ? eq(businessResponses.completionStatus, 'completed')
    : ne(businessResponses.completionStatus, 'completed');
}

/**
 * One page of the customer's bookings, newest first: Confirmed by when the offer was made (there is
 * no accepted_at; response ids break ties), History by completion date. `afterId` is the previous
 * page's last booking.
 */
export async function listBookings(
  db: Db,
  userId: string,
  section: BookingSection,
  limit: number,
  afterId?: string,
) {
  const key =
    section === 'history'
      ? sql`(coalesce(${businessResponses.completionDate}, ${businessResponses.createdAt}), ${businessResponses.id})`
      : sql`(${businessResponses.createdAt}, ${businessResponses.id})`;
  const afterKey =
    section === 'history'
      ? sql`(select coalesce(r.completion_date, r.created_at), r.id from ${businessResponses} r where r.id = ${afterId})`
      : sql`(select r.created_at, r.id from ${businessResponses} r where r.id = ${afterId})`;
  return db
    .select(bookingSelect)
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(users, eq(users.id, businessResponses.businessUserId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .where(
      and(
        eq(serviceRequests.userId, userId),
        isNull(serviceRequests.archivedAt),
        eq(businessResponses.status, 'accepted'),
        inSection(section),
        afterId ? sql`${key} < ${afterKey}` : undefined,
      ),
    )
    .orderBy(
      section === 'history'
        ? desc(sql`coalesce(${businessResponses.completionDate}, ${businessResponses.createdAt})`)
        : desc(businessResponses.createdAt),
      desc(businessResponses.id),
    )
    .limit(limit);
}

/** One accepted response of the customer's request; `lock` takes the response row for an update. */
export async function findBooking(
  db: Db | Tx,
  userId: string,
  responseId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select(bookingSelect)
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(users, eq(users.id, businessResponses.businessUserId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .where(
      and(
        eq(businessResponses.id, responseId),
        eq(serviceRequests.userId, userId),
        eq(businessResponses.status, 'accepted'),
      ),
    );
  const [row] = options.lock ? await query.for('update', { of: businessResponses }) : await query;
  return row ?? null;
}

/** Job History's cards: completed jobs, what they cost, and the customer's average rating given. */
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
        eq(businessResponses.status, 'accepted'),
        eq(businessResponses.completionStatus, 'completed'),
      ),
    );
  const [given] = await db
    .select({ average: sql<number | null>`avg(${reviews.rating})::float8` })
    .from(reviews)
    .where(eq(reviews.userId, userId));
  return {
    completedJobs: jobs?.completedJobs ?? 0,
    totalSpent: jobs?.totalSpent ?? '0.00',
    averageRatingGiven:
      given?.average === null || given?.average === undefined ? null : Number(given.average),
  };
}

export async function markContested(tx: Tx, responseId: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(businessResponses)
    .set({ completionStatus: 'contested', contestReason: reason, updatedAt: now })
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
