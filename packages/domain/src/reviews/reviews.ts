import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { REVIEW_TEXT_MAX_LENGTH } from '../shared/constants';

/** Reviews and the review gate (spec 2: Review dialog, §4 "Review gate", §5 "Review", §8). */
export const REVIEW_MESSAGES = {
  dialogTitle: 'Rate Your Experience',
  ratingRequiredTitle: 'Rating Required',
  ratingRequired: 'Please select a rating before submitting your review.',
  submittedTitle: 'Review Submitted',
  submitted: 'Thank you for your feedback!',
  submitFailed: 'Failed to submit review. Please try again.',
  gateBanner:
    'You have pending reviews for completed services. Please complete your reviews before creating new requests.',
  gateWelcomeTitle: 'Before your next request',
  gateWelcome:
    'Your completed services are waiting for your review. Rating them helps other customers and the businesses you hired.',
  alreadyReviewed: 'You have already reviewed this job.',
  notReviewable: 'This job cannot be reviewed: only its customer can review it once it is completed.',
  contested: 'This job is contested. You can review it once the business has resolved it.',
  notFound: 'Job not found.',
  noReviewsYet: 'No reviews yet',
  /** Opening a review_request notification whose job is no longer in the customer's pending list. */
  notAwaitingReview: 'This job has already been reviewed, or is not ready for a review.',
} as const;

export const RATING_VALUES = [1, 2, 3, 4, 5] as const;

/** POST /api/reviews: a star rating for one completed job and optional text, blank stored as null. */
export const ReviewInputSchema = z.object({
  responseId: z.string().min(1).max(100),
  rating: z
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(1, REVIEW_MESSAGES.ratingRequired)
    .max(5, REVIEW_MESSAGES.ratingRequired),
  reviewText: z
    .string()
    .trim()
    .max(REVIEW_TEXT_MAX_LENGTH, `Reviews can be up to ${REVIEW_TEXT_MAX_LENGTH} characters`)
    .pipe(safeText({ multiline: true }))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ReviewInput = z.input<typeof ReviewInputSchema>;
export type ReviewData = z.output<typeof ReviewInputSchema>;

/** A completed job of the customer still waiting for their review (the gate's list). */
export const PendingReviewSchema = z.object({
  responseId: z.string(),
  requestId: z.string(),
  requestTitle: z.string(),
  businessUserId: z.string(),
  businessName: z.string(),
  quotedPrice: z.string(),
  priceType: z.string(),
  completionDate: z.string(),
});
export type PendingReview = z.infer<typeof PendingReviewSchema>;

export const PendingReviewListSchema = z.object({ items: z.array(PendingReviewSchema) });
export type PendingReviewList = z.infer<typeof PendingReviewListSchema>;

export const CreatedReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  reviewText: z.string().nullable(),
});
export type CreatedReview = z.infer<typeof CreatedReviewSchema>;

/** 'Review k of n' (k counts from 1). */
export function reviewProgressLabel(index: number, total: number): string {
  return `Review ${index + 1} of ${total}`;
}

/** The gate's submit button: 'Next Review' until the last one, then 'Finish Reviews'. */
export function reviewSubmitLabel(index: number, total: number): string {
  return index + 1 < total ? 'Next Review' : 'Finish Reviews';
}

/** Whether there is a rating to show: an average over at least one review. */
export function hasRating(average: number | null, count: number): average is number {
  return average !== null && count > 0;
}

/** An average rating with one decimal: '4.6', '5.0'. */
export function formatRatingAverage(average: number): string {
  return average.toFixed(1);
}

/** '1 review', '12 reviews'. */
export function reviewCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** A rating as the screens show it: '4.6 (12 reviews)', '5.0 (1 review)' or 'No reviews yet'. */
export function ratingSummary(average: number | null, count: number): string {
  if (!hasRating(average, count)) return REVIEW_MESSAGES.noReviewsYet;
  return `${formatRatingAverage(average)} (${reviewCountLabel(count)})`;
}

/** The customer's pending job a review_request notification (related to a request) is about, if any. */
export function pendingReviewForRequest(
  items: readonly PendingReview[],
  requestId: string,
): PendingReview | undefined {
  return items.find((item) => item.requestId === requestId);
}
