import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customerReviews, profiles, reviews, serviceRequests, users } from '../../db/schema';
import { businessNameSql } from '../profiles/business-name.sql';

export type CustomerReviewRow = typeof customerReviews.$inferSelect;

export async function insertCustomerReviewOnce(tx: Tx, values: typeof customerReviews.$inferInsert) {
  const [row] = await tx
    .insert(customerReviews)
    .values(values)
    .onConflictDoNothing({ target: [customerReviews.responseId] })
    .returning();
  return row ?? null;
}

const customerNameSql = sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name}, 'Customer')`;

/** Reviews a business wrote of customers, or customers received: newest first, with the other's name. */
export async function customerReviewRows(
  db: Db | Tx,
  where: { businessUserId?: string; customerUserId?: string; responseId?: string },
  limit: number,
) {
  // The other party's name: the customer's for the business's list, the business's for the customer's.
  const otherId = where.customerUserId ? customerReviews.businessUserId : customerReviews.customerUserId;
  const name = where.customerUserId ? businessNameSql : customerNameSql;
  return db
    .select({ review: customerReviews, otherPartyName: name, jobTitle: serviceRequests.title })
    .from(customerReviews)
    .innerJoin(serviceRequests, eq(serviceRequests.id, customerReviews.requestId))
    .leftJoin(users, eq(users.id, otherId))
    .leftJoin(profiles, eq(profiles.userId, otherId))
    .where(
      and(
        where.businessUserId ? eq(customerReviews.businessUserId, where.businessUserId) : undefined,
        where.customerUserId ? eq(customerReviews.customerUserId, where.customerUserId) : undefined,
        where.responseId ? eq(customerReviews.responseId, where.responseId) : undefined,
      ),
    )
    .orderBy(desc(customerReviews.createdAt), desc(customerReviews.id))
    .limit(limit);
}

/** Customers' reviews of businesses, by the business reviewed or the customer who wrote them. */
export async function businessReviewRows(
  db: Db | Tx,
  where: { businessUserId?: string; customerUserId?: string },
  limit: number,
) {
  const otherId = where.businessUserId ? reviews.userId : reviews.businessUserId;
  const name = where.businessUserId ? customerNameSql : businessNameSql;
  return db
    .select({ review: reviews, otherPartyName: name, jobTitle: serviceRequests.title })
    .from(reviews)
    .innerJoin(serviceRequests, eq(serviceRequests.id, reviews.requestId))
    .leftJoin(users, eq(users.id, otherId))
    .leftJoin(profiles, eq(profiles.userId, otherId))
    .where(
      and(
        where.businessUserId ? eq(reviews.businessUserId, where.businessUserId) : undefined,
        where.customerUserId ? eq(reviews.userId, where.customerUserId) : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/**
 * The one reply, by the reviewed party, once the review shows and only if none was posted (two
 * replies at once: the second finds reply_text set and changes nothing). True when it was stored.
 */
export async function setBusinessReviewReply(
  db: Db,
  businessUserId: string,
  reviewId: string,
  text: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ replyText: text, repliedAt: now })
    .where(
      and(
        eq(reviews.id, reviewId),
        eq(reviews.businessUserId, businessUserId),
        isNull(reviews.replyText),
        lte(reviews.revealedAt, now),
      ),
    )
    .returning({ id: reviews.id });
  return rows.length > 0;
}

export async function setCustomerReviewReply(
  db: Db,
  customerUserId: string,
  reviewId: string,
  text: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(customerReviews)
    .set({ replyText: text, repliedAt: now })
    .where(
      and(
        eq(customerReviews.id, reviewId),
        eq(customerReviews.customerUserId, customerUserId),
        isNull(customerReviews.replyText),
        lte(customerReviews.revealedAt, now),
      ),
    )
    .returning({ id: customerReviews.id });
  return rows.length > 0;
}

/** A review of `subjectId` by id, whoever wrote it: why a reply was refused. */
export async function reviewOfSubject(
  db: Db,
  table: 'reviews' | 'customer_reviews',
  id: string,
  subjectId: string,
) {
  if (table === 'reviews') {
    const [row] = await db
      .select({ replyText: reviews.replyText, revealedAt: reviews.revealedAt })
      .from(reviews)
      .where(and(eq(reviews.id, id), eq(reviews.businessUserId, subjectId)));
    return row ?? null;
  }
  const [row] = await db
    .select({ replyText: customerReviews.replyText, revealedAt: customerReviews.revealedAt })
    .from(customerReviews)
    .where(and(eq(customerReviews.id, id), eq(customerReviews.customerUserId, subjectId)));
  return row ?? null;
}

/** A customer's shown reviews by businesses: their mean and count (customer_reviews_customer_idx). */
export async function customerStanding(db: Db, customerUserId: string, now: Date) {
  const [row] = await db
    .select({
      average: sql<number | null>`avg(${customerReviews.rating})::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(customerReviews)
    .where(and(eq(customerReviews.customerUserId, customerUserId), lte(customerReviews.revealedAt, now)));
  return {
    ratingAverage:
      row?.average === null || row?.average === undefined ? null : Math.round(Number(row.average) * 10) / 10,
    reviewCount: Number(row?.count ?? 0),
  };
}
