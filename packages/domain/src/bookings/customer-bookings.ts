import { BOOKING_MESSAGES } from './booking-messages';
import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { pageSchema } from '../requests/api-requests';
import { decide, stateOf } from '../lifecycles/lifecycle';
import { CANCELLED_JOB, COMPLETED_JOB, JOB_LIFECYCLE, JOBS_TO_DO } from '../lifecycles/job';
import { FINISHED_JOBS } from '../lifecycles/named-states';
import { BookingChangesSchema } from './booking-changes-view';
import { DisputeViewSchema } from './disputes';
import { COMPLETION_STATUSES, type CompletionStatus } from '../shared/statuses';

/**
 * The customer's bookings after an offer is confirmed: Confirmed Requests (/confirmed), Job History
 * (/history) and the contest window (spec 2 §2, PRODUCT-DECISIONS "Contest").
 */
export const BOOKING_SECTIONS = ['confirmed', 'history'] as const;
export type BookingSection = (typeof BOOKING_SECTIONS)[number];

export const CONTEST_REASON_MIN_LENGTH = 10;
export const CONTEST_REASON_MAX_LENGTH = 1000;

/** POST /api/bookings/:responseId/contest. */
export const ContestInputSchema = z.object({
  reason: z
    .string({ error: BOOKING_MESSAGES.contestReasonTooShort })
    .trim()
    .min(CONTEST_REASON_MIN_LENGTH, BOOKING_MESSAGES.contestReasonTooShort)
    .max(CONTEST_REASON_MAX_LENGTH, `Please keep it under ${CONTEST_REASON_MAX_LENGTH} characters`)
    .pipe(safeText({ multiline: true })),
});
export type ContestInput = z.input<typeof ContestInputSchema>;

/**
 * The one contest-window rule: a completed job may be contested strictly before its deadline
 * (completion + 24 h, `contestDeadline` in time-windows); at the deadline it is final. Once contested it
 * is no longer `completed`, so it cannot be contested twice.
 */
export function canContest(completionStatus: string, contestDeadline: Date | null, now: Date): boolean {
  return contestRefusal(completionStatus, contestDeadline, now) === null;
}

/** Why a contest is refused at `now` (the job lifecycle's words, the server's 409), or null when allowed. */
export function contestRefusal(
  completionStatus: string,
  contestDeadline: Date | null,
  now: Date,
): string | null {
  // Only booked jobs are the customer's bookings: the server finds none other.
  const decision = decide(JOB_LIFECYCLE, 'contest', 'customer', stateOf(JOB_LIFECYCLE, completionStatus), {
    isBooked: true,
    contestDeadline,
    now,
  });
  return decision.allowed ? null : decision.refusal;
}

/** Job History's jobs: the finished ones, and bookings either party cancelled (issue 32). */
export const HISTORY_JOBS: readonly CompletionStatus[] = [...FINISHED_JOBS, CANCELLED_JOB];

/**
 * Which list a booking (an accepted response) belongs to: Job History holds the jobs the business
 * finished (FINISHED_JOBS: completed, and contested ones until the business answers) and cancelled
 * bookings; Confirmed
 * Requests holds the work still to do (JOBS_TO_DO). The legacy archived status (no longer written) is
 * in neither.
 */
export function bookingSectionOf(completionStatus: CompletionStatus): BookingSection | null {
  if (HISTORY_JOBS.includes(completionStatus)) return 'history';
  if (JOBS_TO_DO.includes(completionStatus)) return 'confirmed';
  return null;
}

/** Hire Again is offered for a job finished and not in dispute (the server accepts only those). */
export function canHireAgain(completionStatus: string): boolean {
  return completionStatus === COMPLETED_JOB;
}

/** One booking as the customer sees it (the exact address is theirs). */
export const CustomerBookingSchema = z.object({
  responseId: z.string(),
  requestId: z.string(),
  request: z.object({
    title: z.string(),
    serviceType: z.string(),
    /** The request's subtype slug (e.g. 'pool-maintenance'), null when it was filed by category only. */
    serviceSubtype: z.string().nullable(),
    description: z.string(),
    locationAddress: z.string().nullable(),
    preferredDate: z.string().nullable(),
    preferredTime: z.string().nullable(),
    images: z.array(z.string()),
  }),
  business: z.object({
    userId: z.string(),
    name: z.string(),
    ratingAverage: z.number().nullable(),
    reviewCount: z.number().int().nonnegative(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  quotedPrice: z.string(),
  priceType: z.string(),
  estimatedDuration: z.string().nullable(),
  availabilityDate: z.string().nullable(),
  availabilityTime: z.string().nullable(),
  message: z.string(),
  termsConditions: z.string().nullable(),
  proofImages: z.array(z.string()),
  completionStatus: z.enum(COMPLETION_STATUSES),
  completionDate: z.string().nullable(),
  contestDeadline: z.string().nullable(),
  contestReason: z.string().nullable(),
  acceptedAt: z.string(),
  /** The customer's own rating of this job, null before they review it. */
  myRating: z.number().int().nullable(),
  canContest: z.boolean(),
  canReview: z.boolean(),
  /** Cancel and reschedule (issue 32): the agreed time, a cancellation, an open proposal. */
  changes: BookingChangesSchema,
  /** The job's latest dispute (issue 32): open while contested, then how it ended; null if never contested. */
  dispute: DisputeViewSchema.nullable(),
});
export type CustomerBooking = z.infer<typeof CustomerBookingSchema>;

export const CustomerBookingPageSchema = pageSchema(CustomerBookingSchema);
export type CustomerBookingPage = z.infer<typeof CustomerBookingPageSchema>;

/**
 * Job History's summary cards (spec 2): real figures, the average rating given included. The jobs are
 * those Job History lists (`bookingSectionOf`), archived requests included.
 */
export const JobHistorySummarySchema = z.object({
  completedJobs: z.number().int().nonnegative(),
  /** Sum of the completed jobs' quotes, two decimals as text. */
  totalSpent: z.string(),
  /** Mean of the ratings this customer gave, one decimal; null before their first review. */
  averageRatingGiven: z.number().nullable(),
  /** How many reviews this customer has written (the average above is over these). */
  reviewsGiven: z.number().int().nonnegative(),
});
export type JobHistorySummary = z.infer<typeof JobHistorySummarySchema>;
