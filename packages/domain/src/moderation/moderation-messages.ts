import type { ReportAction, ReportReason, ReportTarget } from './moderation-vocabulary';

/** The longest note a reporter or an administrator may write. */
export const REPORT_NOTE_MAX_LENGTH = 1000;
/** The longest warning an administrator sends to an account. */
export const WARNING_MAX_LENGTH = 500;

/** Block and report (issue 32): every word the screens and the server's refusals use. */
export const MODERATION_MESSAGES = {
  // Blocking
  block: 'Block',
  unblock: 'Unblock',
  blockConfirm: 'Block',
  blockKeep: 'Cancel',
  blockDescription: 'This stops everything new between you, in both directions.',
  moreOptions: 'More options',
  blocked: 'Account blocked',
  unblocked: 'Account unblocked',
  blockFailed: 'Failed to block this account. Please try again.',
  unblockFailed: 'Failed to unblock this account. Please try again.',
  accountNotFound: 'Account not found.',
  cannotBlockSelf: "You can't block yourself.",
  /** To the person who blocked, wherever the block stops them. */
  youBlocked: 'You blocked this account.',
  /** To the other person: what they can no longer do, never who did what. */
  cannotMessage: "You can't message this account.",
  cannotQuote: "You can't send a quote to this account.",
  cannotRequest: "You can't send a request to this business.",
  cannotCounterOffer: "You can't send a counter offer to this account.",
  cannotBook: "You can't book this business.",
  blockedAccountsTitle: 'Blocked accounts',
  blockedAccountsDescription:
    "People you blocked can't message you, quote on your requests or send you requests. Bookings you already have go on.",
  blockedAccountsEmpty: "You haven't blocked anyone.",
  blockedAccountsLoadFailed: 'Failed to load blocked accounts',
  blockStatusLoadFailed: 'Failed to check whether you can message this account.',
  badCursor: 'That page cursor is not valid.',

  // Reporting
  report: 'Report',
  reportSend: 'Send Report',
  reportCancel: 'Cancel',
  reportWhat: 'What are you reporting?',
  reasonLabel: 'Reason',
  reasonPlaceholder: 'Choose a reason',
  reasonRequired: 'Please choose a reason',
  targetRequired: 'Please choose what to report',
  noteOptionalLabel: 'Anything to add (optional)',
  noteRequiredLabel: 'Tell us what happened',
  noteRequiredForOther: 'Please say what happened in a few words',
  noteTooLong: `Please keep it under ${REPORT_NOTE_MAX_LENGTH} characters`,
  reportPrivacy: "The person you report isn't told who reported them.",
  reportSent: 'Report sent',
  reportSentDescription: 'Thanks for telling us. An administrator will look at it.',
  reportFailed: 'Failed to send the report. Please try again.',
  targetNotFound: "We couldn't find that to report. It may have been removed.",
  cannotReportSelf: "You can't report yourself or your own content.",
  reportingTooFast: 'You have sent a lot of reports. Please wait a while and try again.',

  // The administrators' queue
  administratorsOnly: 'Only administrators can handle reports.',
  queueTitle: 'Reports',
  queueEmpty: 'No open reports',
  queueEmptyDescription: 'Reports people send about accounts, messages, requests and reviews land here.',
  queueLoadFailed: 'Failed to load reports',
  reportNotFound: 'Report not found.',
  alreadyHandled: 'This report was already handled.',
  reportedAccountGone: 'The reported account no longer exists.',
  contentGone: 'The reported content has been deleted.',
  warningRequired: 'Please write the warning the account will read',
  warningTooLong: `Please keep the warning under ${WARNING_MAX_LENGTH} characters`,
  suspendNoteRequired: 'Please say why you are suspending this account',
  handleFailed: 'Failed to handle the report. Please try again.',
  /** The reported account's in-app notification when an administrator warns it. */
  warningNoticeTitle: 'A warning from the Grip team',
} as const;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or abuse',
  fraud: 'Scam or fraud',
  inappropriate: 'Offensive or inappropriate',
  no_show: "Didn't show up or broke the agreement",
  other: 'Something else',
};

/** What is reported, in words ('Report this message'). */
export const REPORT_TARGET_LABELS: Record<ReportTarget, string> = {
  user: 'account',
  message: 'message',
  request: 'request',
  review: 'review',
};

/** The administrator's three answers: the button, the confirmation and the toast after it. */
export const REPORT_ACTION_TEXTS: Record<
  ReportAction,
  { button: string; title: string; description: string; done: string }
> = {
  dismiss: {
    button: 'Dismiss',
    title: 'Dismiss this report?',
    description: 'Nothing happens to the reported account. The reporter is not told.',
    done: 'Report dismissed',
  },
  warn: {
    button: 'Warn',
    title: 'Warn this account?',
    description: 'They get your warning as a notification in Grip. Nothing else changes for them.',
    done: 'Warning sent',
  },
  suspend: {
    button: 'Suspend',
    title: 'Suspend this account?',
    description:
      'They are signed out on every device at once and cannot sign in until an administrator reinstates them (Users tab).',
    done: 'Account suspended',
  },
};

/**
 * What blocking does, told before it is confirmed. Both sides lose the same things, so one text
 * serves both; the other person is not told, they only find they can no longer reach you.
 */
export const BLOCK_CONSEQUENCES: readonly string[] = [
  'Neither of you can message the other, send quotes, counter offers or requests, or make a new booking.',
  "The customer's new requests no longer reach the business.",
  'Bookings you already have go on: you can still complete, cancel or review them.',
  "We don't tell them you blocked them. You can unblock them in Settings.",
];

/** Block's confirmation title. */
export const blockTitle = (name: string) => `Block ${name}?`;

/** How long a quoted message may be in the "What are you reporting?" list. */
export const REPORT_EXCERPT_LENGTH = 60;

/** The account, as an entry of the "What are you reporting?" list. */
export const accountReportLabel = (name: string) => `${name} (the account)`;

/** A message, as an entry of the "What are you reporting?" list: its first words, or its images. */
export function messageReportLabel(text: string, imageCount: number): string {
  const words = text.trim().replace(/\s+/g, ' ');
  if (!words) return imageCount === 1 ? 'Message: an image' : `Message: ${imageCount} images`;
  // Cut by code points, so an emoji at the edge is never split in half.
  const chars = Array.from(words);
  const excerpt = chars.slice(0, REPORT_EXCERPT_LENGTH).join('');
  return `Message: “${excerpt}${chars.length > REPORT_EXCERPT_LENGTH ? '…' : ''}”`;
}
