import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { businessResponses, customerReviews, profiles, reviews, serviceRequests } from '../../db/schema';
import { businessNameSql } from '../profiles/business-name.sql';
import { awaitingReviewBy } from '../requests/pending-review.sql';

/**
 * The customer's completed jobs without their review, oldest completion first: the review gate's
 * list (spec 2 §4), by the same rule as `hasPendingReview` in the requests module.
 */
export async function pendingReviewRows(db: Db, userId: string, limit: number) {
  return db
    .select({
      responseId: businessResponses.id,
      requestId: serviceRequests.id,
      requestTitle: serviceRequests.title,
      businessUserId: businessResponses.businessUserId,
      businessName: businessNameSql,
      quotedPrice: businessResponses.quotedPrice,
      priceType: businessResponses.priceType,
      completionDate: businessResponses.completionDate,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .where(awaitingReviewBy(userId))
    .orderBy(asc(businessResponses.completionDate), asc(businessResponses.id))
    .limit(limit);
}

/** A job with its request's owner, for deciding whether this customer may review it. */
export async function findJobForReview(tx: Tx, responseId: string) {
  const [row] = await tx
    .select({
      responseId: businessResponses.id,
      requestId: businessResponses.requestId,
      businessUserId: businessResponses.businessUserId,
      status: businessResponses.status,
      completionStatus: businessResponses.completionStatus,
      completionDate: businessResponses.completionDate,
      customerId: serviceRequests.userId,
      requestTitle: serviceRequests.title,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .where(eq(businessResponses.id, responseId))
    // A contest locks the job to withdraw its review: a review racing it waits, then sees it contested.
    // FOR UPDATE, not share: the business's review of the customer takes the same lock, so of two
    // reviews written at once the second sees the first and both are revealed (double-blind).
    .for('update', { of: businessResponses });
  return row ?? null;
}

/** Inserts the review unless this customer already reviewed the request (the unique key decides). */
export async function insertReviewOnce(tx: Tx, values: typeof reviews.$inferInsert) {
  const [row] = await tx
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.requestId, reviews.userId] })
    .returning({ id: reviews.id, rating: reviews.rating, reviewText: reviews.reviewText });
  return row ?? null;
}

/** The business's review of this job's customer, if written (customer_reviews_response_key). */
export async function customerReviewOf(tx: Tx, responseId: string) {
  const [row] = await tx.select().from(customerReviews).where(eq(customerReviews.responseId, responseId));
  return row ?? null;
}

/** The customer's review of this job, if written. */
export async function businessReviewOf(tx: Tx, responseId: string) {
  const [row] = await tx.select().from(reviews).where(eq(reviews.responseId, responseId));
  return row ?? null;
}

/** Both sides have written: each shows from now on (double-blind ends). */
export async function revealBoth(tx: Tx, responseId: string, now: Date): Promise<void> {
  await tx.update(reviews).set({ revealedAt: now }).where(eq(reviews.responseId, responseId));
  await tx.update(customerReviews).set({ revealedAt: now }).where(eq(customerReviews.responseId, responseId));
}
