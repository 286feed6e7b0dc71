import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { REVIEW_TEXT_MAX_LENGTH } from '../shared/constants';
import { sentenceEnd } from '../shared/text';
import { DAY_MS } from '../shared/time-windows';
import { ReviewInputSchema } from './reviews';

/**
 * Reviews both ways (issue 32): after completion the business may rate the customer, and each
 * reviewed party may post one public reply. Double-blind, as the big marketplaces do it so neither
 * side retaliates: a review shows to anyone but its author once the other side has reviewed too, or
 * 14 days after completion, whichever comes first.
 */
export const REVIEW_REVEAL_DAYS = 14;
export const REPLY_MAX_LENGTH = 1000;

export const TWO_WAY_MESSAGES = {
  reviewCustomerTitle: 'Review the customer',
  reviewCustomerHint:
    'Other businesses see the rating when this customer asks them for work. It stays hidden until the customer reviews you too, or for 14 days.',
  submitted: 'Review submitted',
  hiddenUntil: (when: string) => `Hidden until the other side reviews too, or until ${when}.`,
  /** The notice to a reviewed party: no stars before the review shows. */
  reviewedNotice: (who: string, job: string, shown: boolean) =>
    shown
      ? `${who} reviewed you for ${sentenceEnd(job)} It shows on your reviews now.`
      : `${who} reviewed you for ${sentenceEnd(job)} It shows once you review them too, or in 14 days.`,
  alreadyReviewed: 'You have already reviewed this customer for this job.',
  notReviewable: 'Only a completed job that is not in dispute can be reviewed.',
  windowClosed: 'Reviews of this job closed 14 days after it was completed.',
  notFound: 'Review not found.',
  replyTitle: 'Reply publicly',
  replyRequired: 'Please write your reply.',
  alreadyReplied: 'You have already replied to this review.',
  notRevealed: 'You can reply once the review is shown.',
  replied: 'Reply posted',
  replyFailed: 'Failed to post the reply. Please try again.',
  reviewFailed: 'Failed to submit the review. Please try again.',
  reviewsTitle: 'Reviews of you',
  reviewsEmpty: 'No reviews of you are shown yet.',
  reviewsLoadFailed: 'Failed to load your reviews.',
} as const;

/**
 * When a review written at `now` shows: at once when the other side already reviewed (and theirs
 * shows with it), else 14 days after completion — or at once if that is already past.
 */
export function revealTime(completionDate: Date, otherSideReviewed: boolean, now: Date): Date {
  if (otherSideReviewed) return now;
  const deadline = completionDate.getTime() + REVIEW_REVEAL_DAYS * DAY_MS;
  return new Date(Math.max(deadline, now.getTime()));
}

/**
 * Either side may write its review until the reveal deadline, and not after: a review written once the
 * other's has shown could answer it (retaliate), which the double-blind rule exists to prevent.
 */
export function isReviewWindowOpen(completionDate: Date, now: Date): boolean {
  return now.getTime() < completionDate.getTime() + REVIEW_REVEAL_DAYS * DAY_MS;
}

export function isRevealed(revealedAt: Date, now: Date): boolean {
  return revealedAt.getTime() <= now.getTime();
}

/** POST /api/business/jobs/:responseId/customer-review: the same stars and text as a customer's review. */
export const CustomerReviewInputSchema = ReviewInputSchema.omit({ responseId: true });
export type CustomerReviewInput = z.input<typeof CustomerReviewInputSchema>;

/** POST …/reply: one public reply by the reviewed party. */
export const ReviewReplyInputSchema = z.object({
  text: z
    .string({ error: TWO_WAY_MESSAGES.replyRequired })
    .trim()
    .min(1, TWO_WAY_MESSAGES.replyRequired)
    .max(REPLY_MAX_LENGTH, `Replies can be up to ${REPLY_MAX_LENGTH} characters`)
    .pipe(safeText({ multiline: true })),
});

/** Who reviewed whom: a customer's review of a business, or a business's of a customer. */
export const REVIEW_DIRECTIONS = ['of_business', 'of_customer'] as const;
export type ReviewDirection = (typeof REVIEW_DIRECTIONS)[number];

/** One review as its author or its subject sees it. */
export const ReviewEntrySchema = z.object({
  id: z.string(),
  direction: z.enum(REVIEW_DIRECTIONS),
  rating: z.number().int().min(1).max(5),
  reviewText: z.string().max(REVIEW_TEXT_MAX_LENGTH).nullable(),
  /** The other party's name: the author for a review of you, the subject for your own. */
  otherPartyName: z.string(),
  jobTitle: z.string(),
  createdAt: z.string(),
  /** When it shows to others; in the future while double-blind holds it back. */
  revealedAt: z.string(),
  isRevealed: z.boolean(),
  reply: z.object({ text: z.string(), repliedAt: z.string() }).nullable(),
  /** The viewer is its subject, it is shown, and there is no reply yet. */
  canReply: z.boolean(),
});
export type ReviewEntry = z.infer<typeof ReviewEntrySchema>;

export const ReviewEntryListSchema = z.object({ items: z.array(ReviewEntrySchema) });

/** The business's side of a completed job: its review of the customer, or whether it may write one. */
export const CustomerReviewStateSchema = z.object({
  canReview: z.boolean(),
  review: ReviewEntrySchema.nullable(),
});
export type CustomerReviewState = z.infer<typeof CustomerReviewStateSchema>;

/** A customer's standing as businesses see it on a request: shown reviews of them, and their mean. */
export const CustomerStandingSchema = z.object({
  ratingAverage: z.number().nullable(),
  reviewCount: z.number().int().nonnegative(),
});
export type CustomerStanding = z.infer<typeof CustomerStandingSchema>;

/** "Customer rating 4.5 (3 reviews)" or "No reviews of this customer yet". */
export function customerStandingLabel(s: CustomerStanding): string {
  if (s.reviewCount === 0 || s.ratingAverage === null) return 'No reviews of this customer yet';
  return `Customer rating ${s.ratingAverage.toFixed(1)} (${s.reviewCount} review${s.reviewCount === 1 ? '' : 's'})`;
}
