import {
  BOOKED_OFFER,
  COMPLETED_JOB,
  type CustomerReviewState,
  type CustomerStanding,
  isRevealed,
  isReviewWindowOpen,
  type ReviewData,
  type ReviewEntry,
  revealTime,
  TWO_WAY_MESSAGES,
} from '@grip/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serviceRequests } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { insertNotifications } from '../notifications/notifications.repository';
import { businessName, type BusinessScope } from '../responses/responses.repository';
import { getRequestForBusiness } from '../responses/responses.service';
import { assertId } from '../requests/requests.service';
import { businessReviewOf, findJobForReview, revealBoth } from './reviews.repository';
import {
  businessReviewRows,
  customerReviewRows,
  customerStanding,
  insertCustomerReviewOnce,
  reviewOfSubject,
  setBusinessReviewReply,
  setCustomerReviewReply,
  type CustomerReviewRow,
} from './two-way.repository';

/** Newest first; more than a person reads on one screen. */
const LIST_LIMIT = 100;

interface StoredReview {
  id: string;
  rating: number;
  reviewText: string | null;
  replyText: string | null;
  repliedAt: Date | null;
  revealedAt: Date;
  createdAt: Date;
}

/**
 * One review for its author (`mine`) or its subject. The subject sees nothing of it before it shows —
 * the lists leave those out — and may reply once it shows.
 */
function toEntry(
  row: { review: StoredReview; otherPartyName: string; jobTitle: string },
  direction: ReviewEntry['direction'],
  mine: boolean,
  now: Date,
): ReviewEntry {
  const r = row.review;
  const revealed = isRevealed(r.revealedAt, now);
  return {
    id: r.id,
    direction,
    rating: r.rating,
    reviewText: r.reviewText,
    otherPartyName: row.otherPartyName,
    jobTitle: row.jobTitle,
    createdAt: r.createdAt.toISOString(),
    revealedAt: r.revealedAt.toISOString(),
    isRevealed: revealed,
    reply: r.replyText && r.repliedAt ? { text: r.replyText, repliedAt: r.repliedAt.toISOString() } : null,
    canReply: !mine && revealed && r.replyText === null,
  };
}

/**
 * The business's side of a job's reviews: whether it may review the customer (its own booked job,
 * completed — so not in dispute), and its review once written.
 */
export async function getCustomerReviewState(
  db: Db,
  businessUserId: string,
  responseId: string,
  now: Date,
): Promise<CustomerReviewState> {
  assertId(responseId, TWO_WAY_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const job = await findJobForReview(tx, responseId);
    if (!job || job.businessUserId !== businessUserId) throw new NotFound(TWO_WAY_MESSAGES.notFound);
    const [row] = await customerReviewRows(tx, { responseId }, 1);
    return {
      canReview: !row && reviewableAt(job, now),
      review: row ? toEntry(row, 'of_customer', true, now) : null,
    };
  });
}

const reviewable = (job: { status: string; completionStatus: string; completionDate: Date | null }) =>
  job.status === BOOKED_OFFER && job.completionStatus === COMPLETED_JOB && job.completionDate !== null;
/** Reviewable, and inside the 14 days both sides have to write (double-blind). */
const reviewableAt = (
  job: { status: string; completionStatus: string; completionDate: Date | null },
  now: Date,
) => reviewable(job) && job.completionDate !== null && isReviewWindowOpen(job.completionDate, now);

/**
 * The business rates the customer of its completed job, once. Under the job's lock (the customer's
 * review takes it too), so of two reviews written at once the second sees the first: when both are
 * in, both show from now on; until then, 14 days after completion. The customer is told a review
 * was written, never its stars before it shows.
 */
export async function reviewCustomer(
  db: Db,
  businessUserId: string,
  responseId: string,
  input: Omit<ReviewData, 'responseId'>,
  now: Date,
): Promise<ReviewEntry> {
  assertId(responseId, TWO_WAY_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const job = await findJobForReview(tx, responseId);
    if (!job || job.businessUserId !== businessUserId) throw new NotFound(TWO_WAY_MESSAGES.notFound);
    if (!reviewable(job) || !job.completionDate) throw new Conflict(TWO_WAY_MESSAGES.notReviewable);
    if (!isReviewWindowOpen(job.completionDate, now)) throw new Conflict(TWO_WAY_MESSAGES.windowClosed);
    const customerReviewed = (await businessReviewOf(tx, responseId)) !== null;
    const revealedAt = revealTime(job.completionDate, customerReviewed, now);
    const created: CustomerReviewRow | null = await insertCustomerReviewOnce(tx, {
      businessUserId,
      customerUserId: job.customerId,
      requestId: job.requestId,
      responseId,
      rating: input.rating,
      reviewText: input.reviewText,
      revealedAt,
      createdAt: now,
    });
    if (!created) throw new Conflict(TWO_WAY_MESSAGES.alreadyReviewed);
    if (customerReviewed) await revealBoth(tx, responseId, now);
    const name = await businessName(tx, businessUserId);
    await insertNotifications(tx, [
      {
        userId: job.customerId,
        type: 'new_review',
        title: 'New review',
        message: TWO_WAY_MESSAGES.reviewedNotice(name, job.requestTitle, isRevealed(revealedAt, now)),
        relatedId: responseId,
      },
    ]);
    const [row] = await customerReviewRows(tx, { responseId }, 1);
    return toEntry(row!, 'of_customer', true, now);
  });
}

/**
 * The signed-in account's reviews: those of it that show, and those it wrote (with when they show).
 * A business is reviewed by customers and reviews customers; a customer the other way round.
 */
export async function listMyReviews(
  db: Db,
  userId: string,
  isBusiness: boolean,
  now: Date,
): Promise<{ items: ReviewEntry[] }> {
  const [ofMe, byMe] = isBusiness
    ? [
        (await businessReviewRows(db, { businessUserId: userId }, LIST_LIMIT)).map((r) =>
          toEntry(r, 'of_business', false, now),
        ),
        (await customerReviewRows(db, { businessUserId: userId }, LIST_LIMIT)).map((r) =>
          toEntry(r, 'of_customer', true, now),
        ),
      ]
    : [
        (await customerReviewRows(db, { customerUserId: userId }, LIST_LIMIT)).map((r) =>
          toEntry(r, 'of_customer', false, now),
        ),
        (await businessReviewRows(db, { customerUserId: userId }, LIST_LIMIT)).map((r) =>
          toEntry(r, 'of_business', true, now),
        ),
      ];
  const shown = ofMe.filter((r) => r.isRevealed);
  return {
    items: [...shown.map((r) => ({ ...r, mine: false })), ...byMe.map((r) => ({ ...r, mine: true }))]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(({ mine: _mine, ...entry }) => entry),
  };
}

/** The reviewed party's one public reply, refused in words when it cannot be stored. */
export async function replyToReview(
  db: Db,
  userId: string,
  isBusiness: boolean,
  reviewId: string,
  text: string,
  now: Date,
): Promise<void> {
  assertId(reviewId, TWO_WAY_MESSAGES.notFound);
  const stored = isBusiness
    ? await setBusinessReviewReply(db, userId, reviewId, text, now)
    : await setCustomerReviewReply(db, userId, reviewId, text, now);
  if (stored) return;
  const row = await reviewOfSubject(db, isBusiness ? 'reviews' : 'customer_reviews', reviewId, userId);
  // Not theirs, or not shown yet: the subject must not learn a hidden review exists.
  if (!row || !isRevealed(row.revealedAt, now)) throw new NotFound(TWO_WAY_MESSAGES.notFound);
  throw new Conflict(TWO_WAY_MESSAGES.alreadyReplied);
}

/** A request's customer as a business that may see the request judges them (their shown reviews). */
export async function customerStandingForBusiness(
  db: Db,
  scope: BusinessScope,
  requestId: string,
  now: Date,
): Promise<CustomerStanding> {
  // The same visibility as the request itself: anything the business may not see is not found.
  await getRequestForBusiness(db, scope, requestId);
  const [request] = await db
    .select({ userId: serviceRequests.userId })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, requestId));
  if (!request) throw new NotFound(TWO_WAY_MESSAGES.notFound);
  return customerStanding(db, request.userId, now);
}
