/**
 * Reporting (issue 32): anyone signed in may report an account, a message, a request or a review
 * they can see — never their own — with a reason and, for "Something else", a few words. Reports
 * wait in the administrators' queue until one dismisses it, warns the reported account (a
 * notification in Grip) or suspends it (the Users tab's suspension).
 */
import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { ROLES } from '../accounts/roles';
import { MODERATION_MESSAGES, REPORT_NOTE_MAX_LENGTH, WARNING_MAX_LENGTH } from './moderation-messages';
import {
  OPEN_REPORT,
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  type ReportAction,
  type ReportStatus,
} from './moderation-vocabulary';

/** Why "Something else" needs words: on its own it tells the administrator nothing. */
const OTHER_NOTE_MIN_LENGTH = 3;

const noteSchema = (tooLong: string, max = REPORT_NOTE_MAX_LENGTH) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .pipe(safeText({ multiline: true }))
    .default('');

/** POST /api/reports. The target's id is checked by the server against what the reporter can see. */
export const ReportInputSchema = z
  .object({
    targetKind: z.enum(REPORT_TARGETS, { error: MODERATION_MESSAGES.targetRequired }),
    targetId: z
      .string({ error: MODERATION_MESSAGES.targetRequired })
      .trim()
      .min(1, MODERATION_MESSAGES.targetRequired)
      .max(200, MODERATION_MESSAGES.targetNotFound),
    reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reasonRequired }),
    note: noteSchema(MODERATION_MESSAGES.noteTooLong),
  })
  .refine((v) => v.reason !== 'other' || v.note.length >= OTHER_NOTE_MIN_LENGTH, {
    message: MODERATION_MESSAGES.noteRequiredForOther,
    path: ['note'],
  });
export type ReportInput = z.input<typeof ReportInputSchema>;
export type ReportData = z.output<typeof ReportInputSchema>;

/** The answer to a report: 201 when it is new, 200 when the reporter's open report of it stands. */
export const CreatedReportSchema = z.object({ id: z.string(), status: z.enum(REPORT_STATUSES) });
export type CreatedReport = z.infer<typeof CreatedReportSchema>;

/**
 * Whether a reporter may report what the server found: `target` is null when it does not exist or
 * the reporter cannot see it (both answer 'unknown': a report never tells what exists), and its
 * author is the account the report is about.
 */
export function reportProblem(
  reporterId: string,
  target: { authorId: string | null } | null,
): 'self' | 'unknown' | null {
  if (!target) return 'unknown';
  if (target.authorId === reporterId) return 'self';
  return null;
}

// The administrators' side

export const REPORT_QUEUE_PAGE_SIZE = 20;
export const REPORT_QUEUE_PAGE_MAX = 50;

export const ReportQueueQuerySchema = z.object({
  cursor: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .max(600, MODERATION_MESSAGES.badCursor)
      .regex(/^[A-Za-z0-9_-]+$/, MODERATION_MESSAGES.badCursor)
      .optional(),
  ),
  limit: z.coerce.number().int().min(1).max(REPORT_QUEUE_PAGE_MAX).default(REPORT_QUEUE_PAGE_SIZE),
});

export const ReportIdParamsSchema = z.object({ id: z.string().max(100) });

const ReportAccountSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
});

/**
 * The reported content as it is now, for the administrator to judge: the message's text and images,
 * the request's title and description, the review's rating, text and reply. `isGone` when it was
 * deleted since; an account report has no content beyond the account.
 */
export const ReportedContentSchema = z.object({
  isGone: z.boolean(),
  /** Where it was: the request a message was sent about; the request's own title; the reviewed job. */
  context: z.string().nullable(),
  text: z.string().nullable(),
  images: z.array(z.string()),
  rating: z.number().int().nullable(),
  reply: z.string().nullable(),
});
export type ReportedContent = z.infer<typeof ReportedContentSchema>;

export const ReportQueueItemSchema = z.object({
  id: z.string(),
  targetKind: z.enum(REPORT_TARGETS),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** Null once the reporter deleted their account. */
  reporter: ReportAccountSchema.nullable(),
  reportedUser: ReportAccountSchema.extend({
    role: z.enum(ROLES),
    suspendedAt: z.string().nullable(),
    deletedAt: z.string().nullable(),
    /** Reports about this account, this one included, handled or not. */
    reportCount: z.number().int(),
  }).nullable(),
  content: ReportedContentSchema,
});
export type ReportQueueItem = z.infer<typeof ReportQueueItemSchema>;

export const ReportQueuePageSchema = z.object({
  items: z.array(ReportQueueItemSchema),
  nextCursor: z.string().nullable(),
});
export type ReportQueuePage = z.infer<typeof ReportQueuePageSchema>;

/**
 * POST /api/admin/reports/:id/handle: dismiss, warn with the words the account will read, or suspend
 * with the reason on record. `note` is the administrator's own note (audit log); a suspension needs one.
 */
export const HandleReportInputSchema = z
  .object({
    action: z.enum(REPORT_ACTIONS, { error: 'Please choose dismiss, warn or suspend.' }),
    message: noteSchema(MODERATION_MESSAGES.warningTooLong, WARNING_MAX_LENGTH),
    note: noteSchema(MODERATION_MESSAGES.noteTooLong),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'warn' && !v.message)
      ctx.addIssue({ code: 'custom', path: ['message'], message: MODERATION_MESSAGES.warningRequired });
    if (v.action === 'suspend' && v.note.length < OTHER_NOTE_MIN_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['note'], message: MODERATION_MESSAGES.suspendNoteRequired });
  });
export type HandleReportInput = z.input<typeof HandleReportInputSchema>;
export type HandleReportData = z.output<typeof HandleReportInputSchema>;

const STATUS_AFTER: Record<ReportAction, Exclude<ReportStatus, 'open'>> = {
  dismiss: 'dismissed',
  warn: 'warned',
  suspend: 'suspended',
};

/** The status an administrator's action leaves a report in. */
export function reportStatusAfter(action: ReportAction): ReportStatus {
  return STATUS_AFTER[action];
}

/** Whether an administrator may still handle a report (each is handled once). */
export function reportHandlingProblem(report: { status: ReportStatus }): string | null {
  return report.status === OPEN_REPORT ? null : MODERATION_MESSAGES.alreadyHandled;
}

export const HandledReportSchema = z.object({ id: z.string(), status: z.enum(REPORT_STATUSES) });
export type HandledReport = z.infer<typeof HandledReportSchema>;
