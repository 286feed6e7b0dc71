import { JOB_MESSAGES } from './booking-messages';
import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { BusinessRequestViewSchema } from '../requests/business-requests';
import { COMPLETION_NOTES_MAX_LENGTH } from '../shared/constants';
import { UPLOADED_IMAGE_PATH } from '../requests/requests';
import {
  COMPLETION_STATUSES,
  RESPONSE_STATUSES,
  statusLabel,
  type CompletionStatus,
  type ResponseStatus,
} from '../shared/statuses';
import { decide, stateOf } from '../lifecycles/lifecycle';
import { COMPLETED_JOB, CONTESTED_JOB, JOB_LIFECYCLE } from '../lifecycles/job';
import { BOOKED_OFFER } from '../lifecycles/offer';
import { BookingChangesSchema } from './booking-changes-view';
import { DisputeViewSchema } from './disputes';

/**
 * Confirmed Bookings and the job detail view (/business-confirmed, spec 3 §2, §4, §5): the business's
 * accepted responses, split into Active and Completed, and the completion that closes one.
 */
export const JOB_SECTIONS = ['active', 'completed'] as const;
export type JobSection = (typeof JOB_SECTIONS)[number];

export const JOB_SECTION_TITLES: Record<JobSection, string> = {
  active: 'Active Bookings',
  completed: 'Completed Bookings',
};

export const JOB_PROOF_MAX_IMAGES = 10;

/** Spec 3 §4: completed responses go under Completed, the rest under Active. */
export function jobSectionOf(completionStatus: CompletionStatus): JobSection {
  return completionStatus === COMPLETED_JOB ? 'completed' : 'active';
}

/**
 * Only an accepted job still being worked on may be completed: a completed one is done, a contested
 * one waits for the business to resolve it (product decisions), an archived one is closed.
 */
export function isCompletable(status: string, completionStatus: string): boolean {
  return decide(JOB_LIFECYCLE, 'complete', 'business', stateOf(JOB_LIFECYCLE, completionStatus), {
    isBooked: status === BOOKED_OFFER,
  }).allowed;
}

export type JobBadgeTone = 'blue' | 'green' | 'yellow';

/** Spec 3 §4: COMPLETED (blue) if completed, green if accepted, otherwise yellow with the uppercase status. */
export function jobStatusBadge(
  status: ResponseStatus,
  completionStatus: CompletionStatus,
): { label: string; tone: JobBadgeTone } {
  if (completionStatus === COMPLETED_JOB) return { label: 'COMPLETED', tone: 'blue' };
  // The customer contested the completion: it waits for the business (PRODUCT-DECISIONS "Contest").
  if (completionStatus === CONTESTED_JOB) return { label: 'CONTESTED', tone: 'yellow' };
  if (status === BOOKED_OFFER) return { label: 'ACCEPTED', tone: 'green' };
  return { label: statusLabel(status), tone: 'yellow' };
}

/**
 * The engagement notes a completion leaves on the job: the work notes sent with it (job detail), else
 * the ones already saved; completion notes fill them only when there are none, so the customer-facing
 * text never overwrites the business's private notes.
 */
export function completedEngagementNotes(
  saved: string | null,
  input: { notes?: string; workNotes?: string },
): string | null {
  const work = input.workNotes !== undefined ? input.workNotes : saved;
  return work || input.notes || null;
}

/** The message the customer receives in the conversation when the job is completed. */
export function completionMessageText(title: string, notes: string | null): string {
  const base = `The job "${title}" has been marked as complete. You have 24 hours to review and contest the completion.`;
  return notes ? `${base}\n\nNotes: ${notes}` : base;
}

const notesText = z
  .string()
  .trim()
  .max(COMPLETION_NOTES_MAX_LENGTH, JOB_MESSAGES.notesTooLong)
  .pipe(safeText({ multiline: true }));

export const JobListQuerySchema = z.object({
  section: z.enum(JOB_SECTIONS).default('active'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type JobListQuery = z.infer<typeof JobListQuerySchema>;

export const JobNotesInputSchema = z.object({ notes: notesText });
export type JobNotesInput = z.infer<typeof JobNotesInputSchema>;

export const CompleteJobInputSchema = z.object({
  /** Completion notes, written for the customer: they go out in the completion message. */
  notes: notesText.optional(),
  /**
   * The private 'Work Notes & Progress' as they stand when the job is completed from its detail view
   * (saved with the completion, so nothing typed is lost). Never sent to the customer.
   */
  workNotes: notesText.optional(),
  /** Paths of completion proof photos this business uploaded to Grip. */
  proofImages: z
    .array(z.string().regex(UPLOADED_IMAGE_PATH, JOB_MESSAGES.proofNotUploaded))
    .max(JOB_PROOF_MAX_IMAGES)
    .default([]),
  /** Spec 3 §9: ticked by default. */
  requestReview: z.boolean().default(true),
});
export type CompleteJobInput = z.input<typeof CompleteJobInputSchema>;
export type CompleteJobData = z.output<typeof CompleteJobInputSchema>;

export const EmailJobInputSchema = z.object({
  email: z
    .string({ error: JOB_MESSAGES.emailRequired })
    .trim()
    .min(1, JOB_MESSAGES.emailRequired)
    .max(254, JOB_MESSAGES.emailInvalid)
    .pipe(z.email({ error: JOB_MESSAGES.emailInvalid })),
});
export type EmailJobInput = z.infer<typeof EmailJobInputSchema>;

export const BusinessJobSchema = z.object({
  /** The response's id: a job is an accepted response. */
  id: z.string(),
  requestId: z.string(),
  status: z.enum(RESPONSE_STATUSES),
  completionStatus: z.enum(COMPLETION_STATUSES),
  quotedPrice: z.string(),
  priceType: z.string(),
  message: z.string(),
  availabilityDate: z.string().nullable(),
  availabilityTime: z.string().nullable(),
  engagementNotes: z.string().nullable(),
  proofImages: z.array(z.string()),
  completionDate: z.string().nullable(),
  contestDeadline: z.string().nullable(),
  /** The customer's reason while the completion is contested. */
  contestReason: z.string().nullable(),
  /** When the customer accepted the quote; null for jobs accepted before it was recorded. */
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The business's own user id (the Complete Request dialog shows it, spec 3 §2). */
  businessUserId: z.string(),
  customerName: z.string(),
  request: BusinessRequestViewSchema,
  /** Cancel and reschedule (issue 32): the agreed time, a cancellation, an open proposal. */
  changes: BookingChangesSchema,
  /** The job's latest dispute (issue 32): open while contested, then how it ended; null if never contested. */
  dispute: DisputeViewSchema.nullable(),
});
export type BusinessJob = z.infer<typeof BusinessJobSchema>;

/**
 * When the quote was accepted, for 'Accepted quote from {date}' and the Active order: the recorded
 * acceptance, or for older jobs the response's last change (the server orders by the same).
 */
export function jobAcceptedAt(job: Pick<BusinessJob, 'acceptedAt' | 'updatedAt'>): string {
  return job.acceptedAt ?? job.updatedAt;
}

/** The job detail: the job itself; its conversation is read through the conversations API. */
export const BusinessJobDetailSchema = BusinessJobSchema;
export type BusinessJobDetail = z.infer<typeof BusinessJobDetailSchema>;

export const BusinessJobPageSchema = z.object({
  items: z.array(BusinessJobSchema),
  nextCursor: z.string().nullable(),
});
export type BusinessJobPage = z.infer<typeof BusinessJobPageSchema>;

/** The lines of the print sheet and the job-details email (spec 3 §2 "Print"), label then value. */
export function jobSheetLines(
  job: BusinessJob,
  formatted: { price: string; created: string },
): [string, string][] {
  return [
    ['Job ID', job.id],
    ['Service Type', [job.request.serviceType, job.request.serviceSubtype].filter(Boolean).join(' - ')],
    ['Location', job.request.locationAddress ?? job.request.areaLabel ?? 'Not specified'],
    ['Quoted Price', formatted.price],
    ['Status', jobStatusBadge(job.status, job.completionStatus).label],
    ['Created', formatted.created],
    ['Description', job.request.description],
    ['Engagement Notes', job.engagementNotes || 'None'],
  ];
}
