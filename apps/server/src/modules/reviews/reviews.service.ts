import {
  BOOKED_OFFER,
  COMPLETED_JOB,
  CONTESTED_JOB,
  REVIEW_MESSAGES,
  type CreatedReview,
  type PendingReviewList,
  type ReviewData,
  isRevealed,
  isReviewWindowOpen,
  revealTime,
  TWO_WAY_MESSAGES,
  sentenceEnd,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { Conflict, NotFound } from '../../lib/errors';
import { insertNotifications } from '../notifications/notifications.repository';
import { assertId } from '../requests/requests.service';
import {
  customerReviewOf,
  findJobForReview,
  insertReviewOnce,
  pendingReviewRows,
  revealBoth,
} from './reviews.repository';

/** More than anyone reviews in one sitting; the gate walks them one by one. */
const PENDING_LIMIT = 50;

export async function listPendingReviews(db: Db, userId: string): Promise<PendingReviewList> {
  const rows = await pendingReviewRows(db, userId, PENDING_LIMIT);
  return {
    items: rows.map((r) => ({
      ...r,
      completionDate: (r.completionDate ?? new Date(0)).toISOString(),
    })),
  };
}

/**
 * A review of one completed job, by that job's customer only, once (spec 2 §5). Someone else's job
 * reads as not found; a job not completed, or contested (PRODUCT-DECISIONS), is refused; the second
 * review of a job — even sent twice at once — is a conflict decided by the unique key. The business
 * hears about it in-app; the review itself shows once the business has reviewed the customer too, or
 * 14 days after completion (double-blind, issue 32).
 */
export async function submitReview(
  db: Db,
  userId: string,
  input: ReviewData,
  now: Date,
): Promise<CreatedReview> {
  assertId(input.responseId, REVIEW_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const job = await findJobForReview(tx, input.responseId);
    if (!job || job.customerId !== userId) throw new NotFound(REVIEW_MESSAGES.notFound);
    if (job.completionStatus === CONTESTED_JOB) throw new Conflict(REVIEW_MESSAGES.contested);
    if (job.status !== BOOKED_OFFER || job.completionStatus !== COMPLETED_JOB || !job.completionDate) {
      throw new Conflict(REVIEW_MESSAGES.notReviewable);
    }
    // Double-blind (issue 32): shown once the business has reviewed the customer too, or 14 days on.
    const businessReviewed = (await customerReviewOf(tx, job.responseId)) !== null;
    // The 14 days both sides have to write: after them, the business's review may have shown.
    if (!isReviewWindowOpen(job.completionDate, now)) throw new Conflict(TWO_WAY_MESSAGES.windowClosed);
    const revealedAt = revealTime(job.completionDate, businessReviewed, now);
    const created = await insertReviewOnce(tx, {
      userId,
      businessUserId: job.businessUserId,
      requestId: job.requestId,
      responseId: job.responseId,
      rating: input.rating,
      reviewText: input.reviewText,
      revealedAt,
      createdAt: now,
    });
    if (!created) throw new Conflict(REVIEW_MESSAGES.alreadyReviewed);
    if (businessReviewed) await revealBoth(tx, job.responseId, now);
    await insertNotifications(tx, [
      {
        userId: job.businessUserId,
        type: 'new_review',
        title: 'New review',
        // The stars only once it shows: telling them earlier would end the double-blind.
        message: isRevealed(revealedAt, now)
          ? `You received ${input.rating} ${input.rating === 1 ? 'star' : 'stars'} for ${job.requestTitle}`
          : `The customer reviewed ${sentenceEnd(job.requestTitle)} It shows once you review them too, or in 14 days.`,
        relatedId: job.responseId,
      },
    ]);
    return created;
  });
}
