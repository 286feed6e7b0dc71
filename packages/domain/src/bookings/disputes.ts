import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { allowedActions, decide, defineLifecycle, stateAfter, type Actor } from '../lifecycles/lifecycle';
import type { JobAction } from '../lifecycles/job';
import { pageSchema } from '../requests/api-requests';
import { COMPLETION_STATUSES, MESSAGE_TYPES } from '../shared/statuses';
import { HOUR_MS } from '../shared/time-windows';
import { DISPUTE_MESSAGES, DISPUTE_STATUS_WORDS } from './dispute-messages';
import {
  DISPUTE_ANSWER_KINDS,
  DISPUTE_OUTCOMES,
  DISPUTE_STATUSES,
  type DisputeAnswerKind,
  type DisputeOutcome,
  type DisputeStatus,
} from './dispute-vocabulary';

/**
 * A dispute (issue 32): the customer's contest of a completion, worked out so that neither side can
 * end it alone. A contest opens one (the lifecycle's initial state, in the contest's transaction); the
 * business answers — an offer to fix the work or an explanation; the customer accepts that answer or
 * brings the dispute to Grip; an administrator decides an escalated one, with a note both sides see.
 * A silent party cannot stall it: 48 hours after the contest without an answer the customer may
 * escalate, and 48 hours after an answer without a reply the business may.
 *
 * The administrator acts for Grip: the table's actor is 'grip', and the server lets only an
 * administrator take that row (the lifecycle's actors are the two parties and Grip).
 */
export interface DisputeFacts {
  now?: Date;
  /** When the contest opened the dispute: the customer's 48 hours of waiting start here. */
  openedAt?: Date;
  /** When the business answered: the business's 48 hours of waiting start here. */
  answeredAt?: Date | null;
}

export type DisputeAction = 'answer' | 'accept' | 'escalate' | 'decide';
export const DISPUTE_ACTIONS = [
  'answer',
  'accept',
  'escalate',
  'decide',
] as const satisfies readonly DisputeAction[];

/** How long one side waits for the other before it may bring the dispute to Grip. */
export const DISPUTE_ESCALATION_WAIT_MS = 48 * HOUR_MS;

const waited = (since: Date | null | undefined, now: Date | undefined) =>
  !!since && !!now && now.getTime() >= since.getTime() + DISPUTE_ESCALATION_WAIT_MS;

// The two states every action's refusal names (the named states others read follow the table).
const ESCALATED: DisputeStatus = 'escalated';
const RESOLVED: DisputeStatus = 'resolved';

/** The words when the state no longer allows an action: where the dispute is now. */
function closed(state: DisputeStatus): string | null {
  if (state === ESCALATED) return DISPUTE_MESSAGES.withGrip;
  if (state === RESOLVED) return DISPUTE_MESSAGES.alreadyResolved;
  return null;
}

export const DISPUTE_LIFECYCLE = defineLifecycle<DisputeStatus, DisputeAction, DisputeFacts>({
  name: 'dispute',
  states: DISPUTE_STATUSES,
  initial: 'awaiting_business',
  transitions: [
    {
      action: 'answer',
      who: ['business'],
      from: ['awaiting_business'],
      to: 'awaiting_customer',
      refusedFrom: (s) => closed(s) ?? DISPUTE_MESSAGES.alreadyAnswered,
    },
    {
      action: 'accept',
      who: ['customer'],
      from: ['awaiting_customer'],
      to: 'resolved',
      refusedFrom: (s) => closed(s) ?? DISPUTE_MESSAGES.notAnswered,
    },
    // The customer disagrees with the answer: Grip decides.
    {
      action: 'escalate',
      who: ['customer'],
      from: ['awaiting_customer'],
      to: 'escalated',
      refusedFrom: (s) => closed(s) ?? DISPUTE_MESSAGES.changedMeanwhile,
    },
    // The business has not answered within 48 hours of the contest.
    {
      action: 'escalate',
      who: ['customer'],
      from: ['awaiting_business'],
      to: 'escalated',
      refusedFrom: (s) => closed(s) ?? DISPUTE_MESSAGES.changedMeanwhile,
      guards: [
        { refusal: DISPUTE_MESSAGES.customerEscalateTooEarly, holds: (f) => waited(f.openedAt, f.now) },
      ],
    },
    // The customer has not replied within 48 hours of the answer.
    {
      action: 'escalate',
      who: ['business'],
      from: ['awaiting_customer'],
      to: 'escalated',
      refusedFrom: (s) => closed(s) ?? DISPUTE_MESSAGES.answerFirst,
      guards: [
        { refusal: DISPUTE_MESSAGES.businessEscalateTooEarly, holds: (f) => waited(f.answeredAt, f.now) },
      ],
    },
    // An administrator, for Grip.
    {
      action: 'decide',
      who: ['grip'],
      from: ['escalated'],
      to: 'resolved',
      refusedFrom: (s) => (s === RESOLVED ? DISPUTE_MESSAGES.alreadyResolved : DISPUTE_MESSAGES.notEscalated),
    },
  ],
});

/** A new dispute waits for the business's answer. */
export const AWAITING_BUSINESS_DISPUTE: DisputeStatus = DISPUTE_LIFECYCLE.initial;
/** The business answered: the customer accepts or escalates. */
export const AWAITING_CUSTOMER_DISPUTE: DisputeStatus = stateAfter(DISPUTE_LIFECYCLE, 'answer');
/** Brought to Grip: the administrators' queue. */
export const ESCALATED_DISPUTE: DisputeStatus = stateAfter(DISPUTE_LIFECYCLE, 'escalate');
/** Ended: accepted by the customer or decided by an administrator. */
export const RESOLVED_DISPUTE: DisputeStatus = stateAfter(DISPUTE_LIFECYCLE, 'decide');
/** Disputes still open (at most one per job: disputes_one_open_key). */
export const OPEN_DISPUTES: readonly DisputeStatus[] = DISPUTE_STATUSES.filter((s) => s !== RESOLVED_DISPUTE);

/** Who looks at a dispute: one of its parties, or an administrator (who acts for Grip). */
export type DisputeViewer = 'customer' | 'business' | 'administrator';

export function disputeActorOf(viewer: DisputeViewer): Actor {
  return viewer === 'administrator' ? 'grip' : viewer;
}

/**
 * What an administrator's decision or the customer's acceptance does to the job (the job lifecycle's
 * Grip rows): an accepted offer to fix sends it back in progress, to be completed again (and contested
 * again within a new 24 hours); anything else makes it final — an accepted explanation, and either
 * ruling. A ruling for the customer is final too: Grip handles no money, so the ruling's weight is the
 * record both sides see and the review the customer may now write; sending the job back to a business
 * the customer chose not to take a fix from would only start the same dispute again.
 */
export function jobConsequenceOf(
  outcome: DisputeOutcome,
  answerKind: DisputeAnswerKind | null,
): Extract<JobAction, 'redo' | 'resolve'> {
  return outcome === 'accepted' && answerKind === 'fix_offered' ? 'redo' : 'resolve';
}

// ---------------------------------------------------------------------------------------------
// Payloads

export const DISPUTE_TEXT_MIN_LENGTH = 10;
export const DISPUTE_TEXT_MAX_LENGTH = 1000;

const disputeText = (tooShort: string) =>
  z
    .string({ error: tooShort })
    .trim()
    .min(DISPUTE_TEXT_MIN_LENGTH, tooShort)
    .max(DISPUTE_TEXT_MAX_LENGTH, DISPUTE_MESSAGES.tooLong(DISPUTE_TEXT_MAX_LENGTH))
    .pipe(safeText({ multiline: true }));

/** The state the actor's screen showed: a dispute that moved since is refused, never acted on unseen. */
const seenStatus = z.enum(DISPUTE_STATUSES, { error: DISPUTE_MESSAGES.changedMeanwhile });

/** POST /api/disputes/:disputeId/answer (the business). */
export const DisputeAnswerInputSchema = z.object({
  seenStatus,
  kind: z.enum(DISPUTE_ANSWER_KINDS, { error: DISPUTE_MESSAGES.answerRequired }),
  text: disputeText(DISPUTE_MESSAGES.answerTooShort),
});
export type DisputeAnswerInput = z.input<typeof DisputeAnswerInputSchema>;

/** POST /api/disputes/:disputeId/accept | escalate (a party). */
export const DisputeStepInputSchema = z.object({ seenStatus });
export type DisputeStepInput = z.input<typeof DisputeStepInputSchema>;
export const DISPUTE_STEPS = ['accept', 'escalate'] as const;
export type DisputeStep = (typeof DISPUTE_STEPS)[number];

/** An administrator's decision: for one side (the customer's acceptance is the other way to end). */
export const DISPUTE_DECISIONS = [
  'for_customer',
  'for_business',
] as const satisfies readonly DisputeOutcome[];
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

/** POST /api/admin/disputes/:disputeId/decide. */
export const DisputeDecisionInputSchema = z.object({
  seenStatus,
  outcome: z.enum(DISPUTE_DECISIONS, { error: DISPUTE_MESSAGES.outcomeRequired }),
  note: disputeText(DISPUTE_MESSAGES.noteTooShort),
});
export type DisputeDecisionInput = z.input<typeof DisputeDecisionInputSchema>;

// ---------------------------------------------------------------------------------------------
// Views

/** A dispute as its parties (and administrators) see it; `actions` are the viewer's, from the table. */
export const DisputeViewSchema = z.object({
  id: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string(),
  openedAt: z.string(),
  answer: z
    .object({ kind: z.enum(DISPUTE_ANSWER_KINDS), text: z.string(), answeredAt: z.string() })
    .nullable(),
  escalatedAt: z.string().nullable(),
  resolution: z
    .object({ outcome: z.enum(DISPUTE_OUTCOMES), note: z.string().nullable(), resolvedAt: z.string() })
    .nullable(),
  actions: z.array(z.enum(DISPUTE_ACTIONS)),
  /**
   * When the viewer may bring the dispute to Grip because the other side has stayed silent: set while
   * the viewer waits for the other side (whether or not the time has come), null otherwise.
   */
  escalatableAt: z.string().nullable(),
});
export type DisputeView = z.infer<typeof DisputeViewSchema>;

/** A stored dispute's facts, as the repositories read them (the disputes table's columns). */
export interface DisputeRecord {
  id: string;
  status: DisputeStatus;
  reason: string;
  answerKind: DisputeAnswerKind | null;
  answer: string | null;
  answeredAt: Date | null;
  escalatedAt: Date | null;
  outcome: DisputeOutcome | null;
  decisionNote: string | null;
  resolvedAt: Date | null;
  createdAt: Date;
}

export const disputeFactsOf = (record: DisputeRecord, now: Date): DisputeFacts => ({
  now,
  openedAt: record.createdAt,
  answeredAt: record.answeredAt,
});

/** When `viewer` may escalate over the other side's silence: the start of its wait plus 48 hours. */
function escalatableAtOf(record: DisputeRecord, viewer: DisputeViewer): Date | null {
  const since =
    viewer === 'customer' && record.status === AWAITING_BUSINESS_DISPUTE
      ? record.createdAt
      : viewer === 'business' && record.status === AWAITING_CUSTOMER_DISPUTE
        ? record.answeredAt
        : null;
  return since ? new Date(since.getTime() + DISPUTE_ESCALATION_WAIT_MS) : null;
}

export function disputeViewOf(record: DisputeRecord, viewer: DisputeViewer, now: Date): DisputeView {
  const answer =
    record.answerKind && record.answer !== null && record.answeredAt
      ? { kind: record.answerKind, text: record.answer, answeredAt: record.answeredAt.toISOString() }
      : null;
  const resolution =
    record.outcome && record.resolvedAt
      ? { outcome: record.outcome, note: record.decisionNote, resolvedAt: record.resolvedAt.toISOString() }
      : null;
  return {
    id: record.id,
    status: record.status,
    reason: record.reason,
    openedAt: record.createdAt.toISOString(),
    answer,
    escalatedAt: record.escalatedAt ? record.escalatedAt.toISOString() : null,
    resolution,
    actions: allowedActions(
      DISPUTE_LIFECYCLE,
      disputeActorOf(viewer),
      record.status,
      disputeFactsOf(record, now),
    ),
    escalatableAt: escalatableAtOf(record, viewer)?.toISOString() ?? null,
  };
}

/**
 * Whether the viewer's Escalate button shows at `now`: the server's answer, or its wait having ended
 * since (a screen left open past the 48 hours offers it without a reload; the server checks again).
 */
export function canEscalateNow(view: DisputeView, viewer: 'customer' | 'business', now: Date): boolean {
  if (view.actions.includes('escalate')) return true;
  if (view.escalatableAt === null) return false;
  return decide(DISPUTE_LIFECYCLE, 'escalate', viewer, view.status, {
    now,
    openedAt: new Date(view.openedAt),
    answeredAt: view.answer ? new Date(view.answer.answeredAt) : null,
  }).allowed;
}

/** Where the dispute stands, or how it ended, in the viewer's words (the cards' one line). */
export function disputeStatusText(view: DisputeView, viewer: 'customer' | 'business'): string {
  if (view.resolution) return disputeOutcomeText(view.resolution.outcome, view.answer?.kind ?? null, viewer);
  return DISPUTE_STATUS_WORDS[viewer][view.status];
}

/** How a dispute ended, for each side. */
export function disputeOutcomeText(
  outcome: DisputeOutcome,
  answerKind: DisputeAnswerKind | null,
  viewer: 'customer' | 'business',
): string {
  if (outcome === 'for_customer') return 'Grip decided this dispute for the customer. The job is final.';
  if (outcome === 'for_business') return 'Grip decided this dispute for the business. The job is final.';
  if (answerKind === 'fix_offered') {
    return viewer === 'customer'
      ? 'You accepted the business’s offer to fix it: the job is back in progress.'
      : 'The customer accepted your offer to fix it: the job is back in progress. Mark it complete again once the work is put right.';
  }
  return viewer === 'customer'
    ? 'You accepted the business’s explanation: the job is final.'
    : 'The customer accepted your explanation: the job is final.';
}

// ---------------------------------------------------------------------------------------------
// The administrators' queue and case

export const DisputeQueueQuerySchema = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type DisputeQueueQuery = z.infer<typeof DisputeQueueQuerySchema>;

/** One escalated dispute in the queue (oldest escalation first). */
export const DisputeQueueItemSchema = z.object({
  id: z.string(),
  responseId: z.string(),
  title: z.string(),
  businessName: z.string(),
  customerName: z.string(),
  reason: z.string(),
  answerKind: z.enum(DISPUTE_ANSWER_KINDS).nullable(),
  openedAt: z.string(),
  escalatedAt: z.string(),
});
export type DisputeQueueItem = z.infer<typeof DisputeQueueItemSchema>;
export const DisputeQueuePageSchema = pageSchema(DisputeQueueItemSchema);
export type DisputeQueuePage = z.infer<typeof DisputeQueuePageSchema>;

/** How many of a conversation's latest messages the case shows (a dispute is read, not scrolled for ever). */
export const DISPUTE_CASE_MESSAGE_LIMIT = 200;

export const DisputeCaseMessageSchema = z.object({
  id: z.string(),
  /** Which side wrote it; null when the sender's account was deleted. */
  from: z.enum(['customer', 'business']).nullable(),
  senderName: z.string(),
  message: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  attachments: z.array(z.string()),
  createdAt: z.string(),
});
export type DisputeCaseMessage = z.infer<typeof DisputeCaseMessageSchema>;

/** Everything an administrator reads before deciding: both sides' words, the job, its photos and chat. */
export const DisputeCaseSchema = z.object({
  dispute: DisputeViewSchema,
  job: z.object({
    responseId: z.string(),
    requestId: z.string(),
    title: z.string(),
    serviceType: z.string(),
    description: z.string(),
    quotedPrice: z.string(),
    priceType: z.string(),
    completionStatus: z.enum(COMPLETION_STATUSES),
    completionDate: z.string().nullable(),
    proofImages: z.array(z.string()),
    requestImages: z.array(z.string()),
  }),
  customer: z.object({ userId: z.string(), name: z.string() }),
  business: z.object({ userId: z.string(), name: z.string() }),
  /** Oldest first; the latest DISPUTE_CASE_MESSAGE_LIMIT when there are more (`messagesTruncated`). */
  messages: z.array(DisputeCaseMessageSchema),
  messagesTruncated: z.boolean(),
});
export type DisputeCase = z.infer<typeof DisputeCaseSchema>;
