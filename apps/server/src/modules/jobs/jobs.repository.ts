import { BOOKED_OFFER, COMPLETED_JOB, OPEN_PROPOSAL, type JobSection } from '@grip/domain';
import { and, desc, eq, isNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  businessResponses,
  disputes,
  messages,
  profiles,
  rescheduleProposals,
  serviceRequests,
  users,
} from '../../db/schema';
import { latestDisputeOfJob } from '../disputes/latest-dispute.sql';
import type { RequestRow } from '../requests/requests.repository';

export type ResponseRow = typeof businessResponses.$inferSelect;

export interface JobRow {
  response: ResponseRow;
  request: RequestRow;
  customerName: string;
  openProposal: typeof rescheduleProposals.$inferSelect | null;
  /** The job's latest dispute (issue 32): open while contested, then how it ended. */
  dispute: typeof disputes.$inferSelect | null;
}

// A customer may have deleted their profile name: their account name stands in.
const customerNameSql = sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name}, 'Customer')`;

const jobSelect = {
  response: businessResponses,
  request: serviceRequests,
  customerName: customerNameSql,
  openProposal: rescheduleProposals,
  dispute: disputes,
};

/** The job's open proposal of a new time: at most one (reschedule_proposals_one_open_key). */
const openProposalJoin = and(
  eq(rescheduleProposals.responseId, businessResponses.id),
  eq(rescheduleProposals.status, OPEN_PROPOSAL),
);

/**
 * What a section is ordered by, newest first (ids break ties): Completed by completion date, Active
 * by when the customer accepted the quote. Rows from before accepted_at existed fall back to their
 * last change; a completed row always has a completion date, the fallback only keeps the key non-null.
 */
function sortKey(
  section: JobSection,
  r: Record<'completionDate' | 'acceptedAt' | 'updatedAt', AnyColumn>,
): SQL {
  return section === 'completed'
    ? sql`coalesce(${r.completionDate}, ${r.updatedAt})`
    : sql`coalesce(${r.acceptedAt}, ${r.updatedAt})`;
}

/**
 * One page of a business's accepted responses (its jobs), newest first by `sortKey`. Completed ones
 * make the Completed section, all others Active (spec 3 §4); responses the business archived
 * (Archive Management) are in neither. `afterId` is the previous page's last job: the page goes on
 * from that row's key, read now, so the cursor stays a plain id.
 */
export async function listJobs(
  db: Db,
  businessUserId: string,
  section: JobSection,
  limit: number,
  afterId?: string,
): Promise<JobRow[]> {
  const key = sortKey(section, businessResponses);
  const cursor = alias(businessResponses, 'cursor');
  const page = afterId
    ? sql`(${key}, ${businessResponses.id}) < ${db
        .select({ key: sortKey(section, cursor), id: cursor.id })
        .from(cursor)
        .where(and(eq(cursor.id, afterId), eq(cursor.businessUserId, businessUserId)))}`
    : undefined;
  return db
    .select(jobSelect)
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(users, eq(users.id, serviceRequests.userId))
    .leftJoin(profiles, eq(profiles.userId, serviceRequests.userId))
    .leftJoin(rescheduleProposals, openProposalJoin)
    .leftJoin(disputes, latestDisputeOfJob)
    .where(and(inJobList(businessUserId, section), page))
    .orderBy(desc(key), desc(businessResponses.id))
    .limit(limit);
}

/** The business's accepted, unarchived jobs of one section: Completed, or Active (all the others). */
function inJobList(businessUserId: string, section: JobSection): SQL | undefined {
  return and(
    eq(businessResponses.businessUserId, businessUserId),
    eq(businessResponses.status, BOOKED_OFFER),
    isNull(businessResponses.archivedAt),
    section === 'completed'
      ? eq(businessResponses.completionStatus, COMPLETED_JOB)
      : ne(businessResponses.completionStatus, COMPLETED_JOB),
  );
}

/** Whether a page cursor still names a job of that list (archived or moved, it would end it silently). */
export async function isInJobList(
  db: Db,
  businessUserId: string,
  section: JobSection,
  id: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: businessResponses.id })
    .from(businessResponses)
    .where(and(inJobList(businessUserId, section), eq(businessResponses.id, id)));
  return rows.length > 0;
}

/**
 * One of this business's responses with its request, whatever its status. `lock` takes the
 * response row FOR UPDATE so two completions of the same job run one after the other.
 */
export async function findJob(
  db: Db | Tx,
  businessUserId: string,
  responseId: string,
  options: { lock?: boolean } = {},
): Promise<JobRow | null> {
  const query = db
    .select(jobSelect)
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(users, eq(users.id, serviceRequests.userId))
    .leftJoin(profiles, eq(profiles.userId, serviceRequests.userId))
    .leftJoin(rescheduleProposals, openProposalJoin)
    .leftJoin(disputes, latestDisputeOfJob)
    .where(and(eq(businessResponses.id, responseId), eq(businessResponses.businessUserId, businessUserId)));
  const [row] = options.lock ? await query.for('update', { of: businessResponses }) : await query;
  return row ?? null;
}

export async function updateNotes(
  db: Db,
  businessUserId: string,
  responseId: string,
  notes: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(businessResponses)
    .set({ engagementNotes: notes, updatedAt: now })
    .where(and(eq(businessResponses.id, responseId), eq(businessResponses.businessUserId, businessUserId)))
    .returning({ id: businessResponses.id });
  return rows.length > 0;
}

export async function markCompleted(
  tx: Tx,
  responseId: string,
  values: {
    completionStatus: ResponseRow['completionStatus'];
    completionDate: Date;
    contestDeadline: Date;
    proofImages: string[];
    notes: string | null;
  },
): Promise<void> {
  await tx
    .update(businessResponses)
    .set({
      completionStatus: values.completionStatus,
      completionDate: values.completionDate,
      contestDeadline: values.contestDeadline,
      proofImages: values.proofImages,
      engagementNotes: values.notes,
      updatedAt: values.completionDate,
    })
    .where(eq(businessResponses.id, responseId));
}

export async function insertCompletionMessage(
  tx: Tx,
  values: {
    requestId: string;
    responseId: string;
    senderId: string;
    receiverId: string;
    message: string;
    attachments: string[];
    createdAt: Date;
  },
): Promise<void> {
  await tx.insert(messages).values({ ...values, messageType: 'completion' });
}
