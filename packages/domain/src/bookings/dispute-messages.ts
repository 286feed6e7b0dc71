import type { DisputeAnswerKind, DisputeOutcome, DisputeStatus } from './dispute-vocabulary';

/** The words of a dispute (issue 32): its screens, its refusals (the dispute lifecycle's) and its notices. */
export const DISPUTE_MESSAGES = {
  notFound: 'Dispute not found.',
  /** Every action names the state its screen showed; anything else changed under the user. */
  changedMeanwhile: 'This dispute has changed since you opened it. Please look at it again.',
  answerRequired: 'Please choose how you answer: offer to fix it, or explain.',
  answerTooShort: 'Please write at least 10 characters',
  noteTooShort: 'Please write a note of at least 10 characters',
  outcomeRequired: 'Please choose who the decision is for.',
  tooLong: (max: number) => `Please keep it under ${max} characters`,

  // The dispute lifecycle's refusals.
  alreadyAnswered: 'The business has already answered this dispute.',
  notAnswered: 'The business has not answered this dispute yet.',
  withGrip: 'This dispute is with Grip now: an administrator will decide it.',
  alreadyResolved: 'This dispute is already resolved.',
  answerFirst: 'Please answer the customer first.',
  notEscalated: 'Only a dispute brought to Grip can be decided.',
  ownDispute: 'Another administrator must decide a dispute about your own job.',
  customerEscalateTooEarly:
    'You can bring this to Grip once the business has had 48 hours to answer your contest.',
  businessEscalateTooEarly:
    'You can bring this to Grip once the customer has had 48 hours to reply to your answer.',
  /** An old screen's 'Redo the work' / 'Mark resolved' (before disputes): it names no dispute. */
  answerInDispute:
    'Contests are now answered with an offer to fix the work or an explanation, and the customer replies. Please reload the job.',

  /** A job contested before disputes existed (it has none to answer). */
  legacyContest: 'This contest was opened before disputes existed. Grip will be in touch to settle it.',

  // The parties' screens.
  answerKindLabels: {
    fix_offered: 'Offer to fix it',
    explanation: 'Explain',
  } satisfies Record<DisputeAnswerKind, string>,
  answerHints: {
    fix_offered: 'Say what you will do and when. If the customer accepts, the job goes back in progress.',
    explanation:
      'Explain why the work stands as done. If the customer accepts, the job is final; they can also bring it to Grip.',
  } satisfies Record<DisputeAnswerKind, string>,
  answerTitle: 'The customer contested the completion',
  answerDescription:
    'Answer the customer: offer to fix the work, or explain why it stands. The customer accepts your answer or brings the dispute to Grip, where an administrator decides.',
  answerLabel: 'Your answer',
  answerButton: 'Send answer',
  answerSentTitle: 'Answer sent',
  answerFailed: 'Failed to send your answer. Please try again.',
  acceptButton: 'Accept',
  escalateButton: 'Escalate to Grip',
  acceptTitle: 'Accept the business’s answer?',
  escalateTitle: 'Bring this dispute to Grip?',
  escalateConsequence:
    'An administrator reads both sides, the job’s photos and your messages, and decides. Both of you see the decision and its note. Neither of you can close the dispute after that.',
  acceptedTitle: 'Answer accepted',
  escalatedTitle: 'Dispute brought to Grip',
  stepFailed: 'Failed to update the dispute. Please try again.',
  reasonHeading: 'The customer’s reason',
  answerHeading: {
    fix_offered: 'The business offered to fix it',
    explanation: 'The business explained',
  } satisfies Record<DisputeAnswerKind, string>,
  decisionHeading: 'Grip’s decision',
  escalateAfter: (when: string, other: 'business' | 'customer') =>
    `If the ${other} has not ${other === 'business' ? 'answered' : 'replied'} by ${when}, you can bring this to Grip.`,

  // Administrators' queue and case.
  queueTitle: 'Disputes waiting for a decision',
  queueEmptyTitle: 'No disputes to decide',
  queueEmpty: 'When a customer or a business brings a dispute to Grip, it appears here, oldest first.',
  queueLoadFailed: 'Failed to load the disputes.',
  caseLoadFailed: 'Failed to load this dispute.',
  decideTitle: 'Decide this dispute',
  decideHint:
    'Both the customer and the business see your decision and this note. Grip handles no money: say plainly what you found and what you expect of each side.',
  noteLabel: 'Note to both sides',
  decideButton: 'Decide',
  confirmDecision: (side: string) => `Decide for the ${side}? This ends the dispute and cannot be undone.`,
  decidedTitle: 'Dispute decided',
  decideFailed: 'Failed to record the decision. Please try again.',
  noMessages: 'They sent each other no messages.',
  messagesTruncated: (n: number) => `Showing the latest ${n} messages.`,
} as const;

/** Where a dispute stands, in words for the party looking at it. */
export const DISPUTE_STATUS_WORDS: Record<'customer' | 'business', Record<DisputeStatus, string>> = {
  customer: {
    awaiting_business: 'Contested — waiting for the business to answer',
    awaiting_customer: 'The business answered — accept it or escalate to Grip',
    escalated: 'An administrator is deciding',
    resolved: 'Resolved',
  },
  business: {
    awaiting_business: 'The customer contested the completion — please answer',
    awaiting_customer: 'Waiting for the customer',
    escalated: 'An administrator is deciding',
    resolved: 'Resolved',
  },
};

/** What accepting the business's answer does, said before the customer accepts. */
export const ACCEPT_CONSEQUENCES: Record<DisputeAnswerKind, string> = {
  fix_offered:
    'The job goes back in progress. The business fixes it and marks it complete again, and you have another 24 hours to check the work.',
  explanation: 'The job becomes final and you can review it. It cannot be contested again.',
};

/** The decision's side, in the words the administrators' confirmation uses. */
export const DECISION_SIDES: Record<Exclude<DisputeOutcome, 'accepted'>, string> = {
  for_customer: 'customer',
  for_business: 'business',
};
