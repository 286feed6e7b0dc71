import { COMPLETION_NOTES_MAX_LENGTH } from '../shared/constants';

/** The words of the booking and job screens and of the job lifecycle's refusals (lifecycles/job.ts). */

export const BOOKING_MESSAGES = {
  confirmedSubtitle: 'Service requests that have been accepted by businesses',
  confirmedEmptyTitle: 'No confirmed requests',
  confirmedEmpty: 'Your confirmed service requests will appear here',
  confirmedLoadFailed: 'Failed to load confirmed requests. Please try again.',
  historyEmpty: 'No completed jobs yet',
  historyLoadFailed: 'Failed to load your job history.',
  notFound: 'Booking not found.',
  contestTitle: 'Contest completion',
  contestHint:
    'Tell the business what is wrong with the work. They answer with an offer to fix it or an explanation; you accept it or ask Grip to decide.',
  contestReasonTooShort: 'Please describe the problem in at least 10 characters',
  contestSentTitle: 'Completion contested',
  contestSent: 'The business and Grip have been told. The job shows as contested until it is resolved.',
  contestFailed: 'Failed to contest the completion. Please try again.',
  contestClosed: 'The 24-hour contest window for this job has closed.',
  contestNotCompleted: 'Only a completed job can be contested.',
  alreadyContested: 'This job is already contested.',
  /** Shown in the Contest dialog when the customer already reviewed the job (the contest withdraws it). */
  contestWithdrawsReview:
    'Your review of this job will be withdrawn until the dispute ends. You can review it again after that.',
  contested: 'Contested — waiting for the business to resolve it',
  resolvedRedo: 'The business will redo the work.',
  resolvedDone: 'The business marked the contest resolved.',
} as const;

/** Texts of the job screens and API, verbatim where the spec has them (spec 3 §2, §5, §8). */
export const JOB_MESSAGES = {
  notFound: 'Job not found.',
  badCursor: 'The page cursor is not valid.',
  businessesOnly: 'Only business accounts have bookings.',
  notCompletable: 'Only accepted jobs that are not completed yet can be marked complete.',
  notContested: 'Only a contested job can be resolved.',
  alreadyCompleted: 'This job has already been marked complete.',
  proofNotUploaded: 'Please upload proof photos through Grip',
  notesTooLong: `Notes can be at most ${COMPLETION_NOTES_MAX_LENGTH} characters.`,
  contestNote: 'Customer will have 24 hours to review and contest the completion.',
  emailRequiredTitle: 'Email Required',
  emailRequired: 'Please enter an email address.',
  emailInvalid: 'Please enter a valid email address.',
  emailRateLimited: 'Too many job emails. Please wait a while and try again.',
  emailDisabled: 'Email is turned off on this platform.',
  emailSentTitle: 'Email Sent',
  emailFailedTitle: 'Email Failed',
  emailFailed: 'Failed to send job details email.',
  notesSavedTitle: 'Notes Updated',
  notesFailedTitle: 'Update Failed',
  notesFailed: 'Failed to save engagement notes.',
  /** Mark Job Complete in the job detail view. */
  completedTitle: 'Job marked as completed',
  /** The Complete Request dialog (Quick Complete). */
  requestCompletedTitle: 'Request Completed Successfully',
  completionFailedTitle: 'Completion Failed',
  completionFailed: 'Failed to mark job as complete. Please try again.',
  loadFailed: 'Failed to load confirmed bookings',
  fileTooLarge: (name: string) => `File ${name} is too large. Maximum size is 10MB.`,
  fileNotImage: (name: string) => `File ${name} is not an image. Please upload only image files.`,
} as const;
