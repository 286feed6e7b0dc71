import { AWAITING_BUSINESS_DISPUTE, ESCALATED_DISPUTE } from '@grip/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { stateLiteral } from '../../db/state-literal';
import { businessResponses, disputes, messages, profiles, serviceRequests, users } from '../../db/schema';
import { businessNameSql } from '../profiles/business-name.sql';
import type { RequestRow } from '../requests/requests.repository';

export type DisputeRow = typeof disputes.$inferSelect;
export type ResponseRow = typeof businessResponses.$inferSelect;

/** A dispute with its job and both parties' names: what every action and the case read. */
export interface DisputeCaseRow {
  dispute: DisputeRow;
  response: ResponseRow;
  request: RequestRow;
  businessName: string;
  customerName: string;
}

/** The customer's profile and account, beside the business's (profiles, unaliased, in scope). */
const customerProfile = alias(profiles, 'customer_profile');
const customerUser = alias(users, 'customer_user');
// A deleted profile name falls back to the account's, as the business's job view does.
const customerNameSql = sql<string>`coalesce(nullif(${customerProfile.displayName}, ''), ${customerUser.name}, 'Customer')`;

/** Opens the dispute a contest starts, in the contest's transaction. */
export async function insertDispute(
  tx: Tx,
  values: { responseId: string; reason: string; now: Date },
): Promise<DisputeRow> {
  const [row] = await tx
    .insert(disputes)
    .values({
      responseId: values.responseId,
      reason: values.reason,
      status: AWAITING_BUSINESS_DISPUTE,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

/**
 * One dispute with its job. `lock` takes the job's response row FOR UPDATE — the row every change of a
 * booking (completion, contest, cancel, reschedule) locks — so a dispute's steps and anything else
 * done to its job run one after another, and the state read is the state written from.
 */
export async function findDispute(
  db: Db | Tx,
  disputeId: string,
  options: { lock?: boolean } = {},
): Promise<DisputeCaseRow | null> {
  const query = db
    .select({
      dispute: disputes,
      response: businessResponses,
      request: serviceRequests,
      businessName: businessNameSql,
      customerName: customerNameSql,
    })
    .from(disputes)
    .innerJoin(businessResponses, eq(businessResponses.id, disputes.responseId))
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .leftJoin(customerUser, eq(customerUser.id, serviceRequests.userId))
    .leftJoin(customerProfile, eq(customerProfile.userId, serviceRequests.userId))
    .where(eq(disputes.id, disputeId));
  const [row] = options.lock ? await query.for('update', { of: businessResponses }) : await query;
  return row ?? null;
}

export async function updateDispute(
  tx: Tx,
  disputeId: string,
  values: Partial<Omit<typeof disputes.$inferInsert, 'id' | 'responseId' | 'createdAt'>> & {
    updatedAt: Date;
  },
): Promise<void> {
  await tx.update(disputes).set(values).where(eq(disputes.id, disputeId));
}

/**
 * Marks the job changed (its updated_at): the response's live event then refreshes both parties'
 * screens, as every change of a booking does.
 */
export async function touchJob(tx: Tx, responseId: string, now: Date): Promise<void> {
  await tx.update(businessResponses).set({ updatedAt: now }).where(eq(businessResponses.id, responseId));
}

/** The job goes back in progress (an accepted offer to fix): no completion, no window, until done again. */
export async function reopenJob(
  tx: Tx,
  responseId: string,
  completionStatus: ResponseRow['completionStatus'],
  now: Date,
): Promise<void> {
  await tx
    .update(businessResponses)
    .set({ completionStatus, completionDate: null, contestDeadline: null, updatedAt: now })
    .where(eq(businessResponses.id, responseId));
}

/** The job is final: completed, with the contest window closed now so it cannot be contested again. */
export async function finalizeJob(
  tx: Tx,
  responseId: string,
  completionStatus: ResponseRow['completionStatus'],
  now: Date,
): Promise<void> {
  await tx
    .update(businessResponses)
    .set({ completionStatus, contestDeadline: now, updatedAt: now })
    .where(eq(businessResponses.id, responseId));
}

/** Every administrator's user id: they hear of escalations. */
export async function administratorIds(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.role, 'administrator'));
  return rows.map((r) => r.userId);
}

/**
 * One page of the administrators' queue: escalated disputes, the longest waiting first, through
 * disputes_escalated_idx (its predicate is matched by a literal state, so any plan can use it).
 * `afterId` is the previous page's last dispute; the page goes on from its place, read now.
 */
export async function listEscalated(db: Db, limit: number, afterId?: string) {
  const cursor = alias(disputes, 'cursor');
  const page = afterId
    ? sql`(${disputes.escalatedAt}, ${disputes.id}) > ${db
        .select({ at: cursor.escalatedAt, id: cursor.id })
        .from(cursor)
        .where(eq(cursor.id, afterId))}`
    : undefined;
  return db
    .select({
      id: disputes.id,
      responseId: disputes.responseId,
      title: serviceRequests.title,
      businessName: businessNameSql,
      customerName: customerNameSql,
      reason: disputes.reason,
      answerKind: disputes.answerKind,
      openedAt: disputes.createdAt,
      escalatedAt: disputes.escalatedAt,
    })
    .from(disputes)
    .innerJoin(businessResponses, eq(businessResponses.id, disputes.responseId))
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .leftJoin(customerUser, eq(customerUser.id, serviceRequests.userId))
    .leftJoin(customerProfile, eq(customerProfile.userId, serviceRequests.userId))
    .where(and(sql`${disputes.status} = ${stateLiteral(ESCALATED_DISPUTE)}`, page))
    .orderBy(asc(disputes.escalatedAt), asc(disputes.id))
    .limit(limit);
}

/**
 * The job's conversation for the case, read-only: its latest `limit` messages (messages_response_created_idx),
 * returned newest first.
 */
export async function latestMessages(db: Db, responseId: string, limit: number) {
  return db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      message: messages.message,
      messageType: messages.messageType,
      attachments: messages.attachments,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.responseId, responseId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}
