import {
  decide,
  DISPUTE_CASE_MESSAGE_LIMIT,
  DISPUTE_LIFECYCLE,
  DISPUTE_MESSAGES,
  type DisputeAction,
  type DisputeAnswerKind,
  type DisputeCase,
  type DisputeDecision,
  disputeFactsOf,
  type DisputeOutcome,
  type DisputeQueuePage,
  type DisputeQueueQuery,
  type DisputeStatus,
  type DisputeView,
  disputeViewOf,
  jobConsequenceOf,
  JOB_LIFECYCLE,
  REQUEST_LIFECYCLE,
  sentenceEnd,
} from '@grip/domain';
import type { Db, Tx } from '../../db/client';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors';
import { transition } from '../../lib/transition';
import { insertAuditEvent } from '../audit/audit-events.repository';
import { setRequestStatus } from '../requests/request-status.repository';
import { assertId } from '../requests/requests.service';
import { excerpt, tellAboutDispute, type DisputedJob, type DisputeRecipient } from './dispute-notices';
import {
  administratorIds,
  finalizeJob,
  findDispute,
  insertDispute,
  latestMessages,
  listEscalated,
  reopenJob,
  touchJob,
  updateDispute,
  type DisputeCaseRow,
} from './disputes.repository';

export interface DisputeDeps {
  db: Db;
  publicUrl: string;
}

type Party = 'customer' | 'business';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Opens the dispute a contest starts (issue 32), in the contest's transaction: the customer's reason,
 * waiting for the business's answer. The job lifecycle has just allowed the contest, under the lock
 * on the job; the one-open-dispute index backs that up.
 */
export async function openDispute(tx: Tx, responseId: string, reason: string, now: Date): Promise<void> {
  await insertDispute(tx, { responseId, reason, now });
}

const jobOf = (row: DisputeCaseRow): DisputedJob => ({
  responseId: row.response.id,
  requestId: row.request.id,
  title: row.request.title,
});

/** Which side of the dispute's job `userId` is on; anyone else finds no dispute (404, not 403). */
function partyOf(row: DisputeCaseRow, userId: string): Party | null {
  if (row.response.businessUserId === userId) return 'business';
  if (row.request.userId === userId) return 'customer';
  return null;
}

/** The dispute `userId` is a party to, locked with its job; a stranger's, a missing or malformed id: 404. */
async function lockOwnDispute(tx: Tx, disputeId: string, userId: string) {
  assertId(disputeId, DISPUTE_MESSAGES.notFound);
  const row = await findDispute(tx, disputeId, { lock: true });
  const party = row ? partyOf(row, userId) : null;
  if (!row || !party) throw new NotFound(DISPUTE_MESSAGES.notFound);
  return { row, party };
}

/**
 * The state the dispute moves to, or the refusal: 403 when the action is not this actor's at all,
 * then 409 when the dispute is no longer in the state the actor's screen showed (it changed meanwhile:
 * an answer arrived, the other side escalated), then the table's own refusal.
 */
function step(
  row: DisputeCaseRow,
  action: DisputeAction,
  who: Party | 'grip',
  seenStatus: DisputeStatus,
  now: Date,
): DisputeStatus {
  const { dispute } = row;
  const facts = disputeFactsOf(dispute, now);
  const decision = decide(DISPUTE_LIFECYCLE, action, who, dispute.status, facts);
  if (!decision.allowed && decision.reason === 'who') throw new Forbidden(decision.refusal);
  if (seenStatus !== dispute.status) throw new Conflict(DISPUTE_MESSAGES.changedMeanwhile);
  return transition(DISPUTE_LIFECYCLE, action, who, dispute.status, facts);
}

/**
 * The end of a dispute, done to its job as the job lifecycle's Grip rows say (`jobConsequenceOf`):
 * back in progress with its request reopened for an accepted offer to fix, else completed and final
 * (its contest window closed now). The customer may review a final job again (a contest withdrew
 * their review), and a redone one once it is completed again.
 */
async function settleJob(
  tx: Tx,
  row: DisputeCaseRow,
  outcome: DisputeOutcome,
  answerKind: DisputeAnswerKind | null,
  now: Date,
): Promise<void> {
  const { response, request } = row;
  const consequence = jobConsequenceOf(outcome, answerKind);
  const completionStatus = transition(JOB_LIFECYCLE, consequence, 'grip', response.completionStatus, {});
  if (consequence === 'redo') {
    const requestStatus = transition(REQUEST_LIFECYCLE, 'reopen', 'grip', request.status, {});
    await reopenJob(tx, response.id, completionStatus, now);
    await setRequestStatus(tx, request.id, requestStatus, now);
    return;
  }
  await finalizeJob(tx, response.id, completionStatus, now);
}

async function viewAfter(tx: Tx, disputeId: string, viewer: Party, now: Date): Promise<DisputeView> {
  const row = await findDispute(tx, disputeId);
  return disputeViewOf(row!.dispute, viewer, now);
}

/**
 * The business answers the contest: an offer to fix the work or an explanation, in its own words.
 * The customer is told; the dispute waits for their reply.
 */
export async function answerDispute(
  deps: DisputeDeps,
  userId: string,
  disputeId: string,
  input: { seenStatus: DisputeStatus; kind: DisputeAnswerKind; text: string },
  now: Date,
): Promise<DisputeView> {
  return deps.db.transaction(async (tx) => {
    const { row, party } = await lockOwnDispute(tx, disputeId, userId);
    const status = step(row, 'answer', party, input.seenStatus, now);
    await updateDispute(tx, row.dispute.id, {
      status,
      answerKind: input.kind,
      answer: input.text,
      answeredAt: now,
      updatedAt: now,
    });
    await touchJob(tx, row.response.id, now);
    const offered = input.kind === 'fix_offered';
    await tellAboutDispute(
      tx,
      deps.publicUrl,
      jobOf(row),
      [{ userId: row.request.userId, audience: 'customer' }],
      {
        title: offered ? 'The business offered to fix it' : 'The business answered your contest',
        message: `${row.businessName} ${offered ? 'offered to fix' : 'explained'} ${row.request.title}: “${excerpt(input.text)}” Accept it, or escalate the dispute to Grip.`,
      },
    );
    return viewAfter(tx, row.dispute.id, party, now);
  });
}

/**
 * The customer accepts the business's answer: the dispute ends ('accepted') and the job follows —
 * back in progress for an offer to fix, final for an explanation. The business is told.
 */
export async function acceptAnswer(
  deps: DisputeDeps,
  userId: string,
  disputeId: string,
  seenStatus: DisputeStatus,
  now: Date,
): Promise<DisputeView> {
  return deps.db.transaction(async (tx) => {
    const { row, party } = await lockOwnDispute(tx, disputeId, userId);
    const status = step(row, 'accept', party, seenStatus, now);
    const outcome: DisputeOutcome = 'accepted';
    await updateDispute(tx, row.dispute.id, { status, outcome, resolvedAt: now, updatedAt: now });
    await settleJob(tx, row, outcome, row.dispute.answerKind, now);
    const fix = row.dispute.answerKind === 'fix_offered';
    await tellAboutDispute(
      tx,
      deps.publicUrl,
      jobOf(row),
      [{ userId: row.response.businessUserId, audience: 'business' }],
      {
        title: 'The customer accepted your answer',
        message: fix
          ? `${row.customerName} accepted your offer to fix ${sentenceEnd(row.request.title)} The job is back in progress: mark it complete again once the work is put right.`
          : `${row.customerName} accepted your explanation of ${sentenceEnd(row.request.title)} The job is final.`,
      },
    );
    return viewAfter(tx, row.dispute.id, party, now);
  });
}

/**
 * A party brings the dispute to Grip: the customer who disagrees with the answer (or whose business
 * stayed silent 48 hours), or the business whose customer stayed silent 48 hours after its answer.
 * The other party and every administrator are told.
 */
export async function escalateDispute(
  deps: DisputeDeps,
  userId: string,
  disputeId: string,
  seenStatus: DisputeStatus,
  now: Date,
): Promise<DisputeView> {
  return deps.db.transaction(async (tx) => {
    const { row, party } = await lockOwnDispute(tx, disputeId, userId);
    const status = step(row, 'escalate', party, seenStatus, now);
    await updateDispute(tx, row.dispute.id, { status, escalatedAt: now, updatedAt: now });
    await touchJob(tx, row.response.id, now);
    const job = jobOf(row);
    const other: DisputeRecipient =
      party === 'customer'
        ? { userId: row.response.businessUserId, audience: 'business' }
        : { userId: row.request.userId, audience: 'customer' };
    const by = party === 'customer' ? row.customerName : row.businessName;
    await tellAboutDispute(tx, deps.publicUrl, job, [other], {
      title: 'Dispute escalated to Grip',
      message: `${by} brought the dispute about ${row.request.title} to Grip. An administrator will read both sides and decide; you will both see the decision.`,
    });
    const admins = (await administratorIds(tx)).map((id) => ({
      userId: id,
      audience: 'administrator' as const,
    }));
    await tellAboutDispute(tx, deps.publicUrl, job, admins, {
      title: 'A dispute needs a decision',
      message: `${row.request.title} (${row.businessName} for ${row.customerName}) was escalated by the ${party}.`,
    });
    return viewAfter(tx, row.dispute.id, party, now);
  });
}

/**
 * An administrator decides an escalated dispute for one side, with a note both see. The dispute ends,
 * the job becomes final (`jobConsequenceOf`), both parties are told with the note, and the audit log
 * records who decided what.
 */
export async function decideDispute(
  deps: DisputeDeps,
  administratorId: string,
  disputeId: string,
  input: { seenStatus: DisputeStatus; outcome: DisputeDecision; note: string },
  now: Date,
): Promise<DisputeCase> {
  assertId(disputeId, DISPUTE_MESSAGES.notFound);
  await deps.db.transaction(async (tx) => {
    const row = await findDispute(tx, disputeId, { lock: true });
    if (!row) throw new NotFound(DISPUTE_MESSAGES.notFound);
    // An administrator who is a party to the job (a business owner given the role later) is no judge of it.
    if (partyOf(row, administratorId)) throw new Forbidden(DISPUTE_MESSAGES.ownDispute);
    const status = step(row, 'decide', 'grip', input.seenStatus, now);
    await updateDispute(tx, row.dispute.id, {
      status,
      outcome: input.outcome,
      decisionNote: input.note,
      decidedBy: administratorId,
      resolvedAt: now,
      updatedAt: now,
    });
    await settleJob(tx, row, input.outcome, row.dispute.answerKind, now);
    const side = input.outcome === 'for_customer' ? 'the customer' : 'the business';
    await tellAboutDispute(
      tx,
      deps.publicUrl,
      jobOf(row),
      [
        { userId: row.request.userId, audience: 'customer' },
        { userId: row.response.businessUserId, audience: 'business' },
      ],
      {
        title: 'Dispute decided',
        message: `Grip decided the dispute about ${row.request.title} for ${side}: “${excerpt(input.note)}” The job is final.`,
      },
    );
    await insertAuditEvent(tx, {
      actorId: administratorId,
      action: 'dispute_decided',
      details: {
        disputeId: row.dispute.id,
        responseId: row.response.id,
        requestId: row.request.id,
        title: row.request.title,
        outcome: input.outcome,
        note: input.note,
      },
      createdAt: now,
    });
  });
  return getDisputeCase(deps.db, disputeId, now);
}

/** The administrators' queue: escalated disputes, the longest waiting first, a page at a time. */
export async function listDisputeQueue(db: Db, query: DisputeQueueQuery): Promise<DisputeQueuePage> {
  if (query.cursor !== undefined && !UUID.test(query.cursor)) {
    throw new Invalid('That page link is no longer valid. Please reload the list.');
  }
  const rows = await listEscalated(db, query.limit + 1, query.cursor);
  const items = rows.slice(0, query.limit);
  return {
    items: items.map((r) => ({
      id: r.id,
      responseId: r.responseId,
      title: r.title,
      businessName: r.businessName,
      customerName: r.customerName,
      reason: r.reason,
      answerKind: r.answerKind,
      openedAt: r.openedAt.toISOString(),
      // Only escalated disputes are listed, and escalating sets the time.
      escalatedAt: (r.escalatedAt ?? r.openedAt).toISOString(),
    })),
    nextCursor: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null,
  };
}

/**
 * One dispute as an administrator reads it before deciding: both sides' words, the job with its proof
 * photos and the customer's request photos, and the conversation (its latest messages, read-only).
 * Any dispute, open or ended, so a decision can be looked back on.
 */
export async function getDisputeCase(db: Db, disputeId: string, now: Date): Promise<DisputeCase> {
  assertId(disputeId, DISPUTE_MESSAGES.notFound);
  const row = await findDispute(db, disputeId);
  if (!row) throw new NotFound(DISPUTE_MESSAGES.notFound);
  const { dispute, response, request } = row;
  const newestFirst = await latestMessages(db, response.id, DISPUTE_CASE_MESSAGE_LIMIT + 1);
  const shown = newestFirst.slice(0, DISPUTE_CASE_MESSAGE_LIMIT).reverse();
  const sideOf = (senderId: string | null): Party | null =>
    senderId === null
      ? null
      : senderId === response.businessUserId
        ? 'business'
        : senderId === request.userId
          ? 'customer'
          : null;
  const nameOf = (side: Party | null) =>
    side === 'business' ? row.businessName : side === 'customer' ? row.customerName : 'Deleted user';
  return {
    dispute: disputeViewOf(dispute, 'administrator', now),
    job: {
      responseId: response.id,
      requestId: request.id,
      title: request.title,
      serviceType: request.serviceType,
      description: request.description,
      quotedPrice: response.quotedPrice,
      priceType: response.priceType,
      completionStatus: response.completionStatus,
      completionDate: response.completionDate ? response.completionDate.toISOString() : null,
      proofImages: response.proofImages,
      requestImages: request.images,
    },
    customer: { userId: request.userId, name: row.customerName },
    business: { userId: response.businessUserId, name: row.businessName },
    messages: shown.map((m) => {
      const from = sideOf(m.senderId);
      return {
        id: m.id,
        from,
        senderName: nameOf(from),
        message: m.message,
        messageType: m.messageType,
        attachments: m.attachments,
        createdAt: m.createdAt.toISOString(),
      };
    }),
    messagesTruncated: newestFirst.length > DISPUTE_CASE_MESSAGE_LIMIT,
  };
}
