import {
  OPEN_REPORT,
  type ReportReason,
  type ReportStatus,
  type ReportTarget,
  type Role,
} from '@grip/domain';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { stateLiteral } from '../../db/state-literal';
import {
  customerReviews,
  messages,
  profiles,
  reports,
  reviews,
  serviceRequests,
  users,
} from '../../db/schema';
import { accountNameSql } from './account-name.sql';

const reporterUsers = alias(users, 'reporter_users');
const reporterProfiles = alias(profiles, 'reporter_profiles');
const reportedUsers = alias(users, 'reported_users');
const reportedProfiles = alias(profiles, 'reported_profiles');
const messageRequests = alias(serviceRequests, 'message_requests');
const reportedRequests = alias(serviceRequests, 'reported_requests');
const reviewedRequests = alias(serviceRequests, 'reviewed_requests');

/**
 * The reported row's id as its table's uuid, only for reports of that kind (CASE: a user id is never
 * cast; every stored message, request and review id is a uuid, checked when it was reported).
 */
const targetUuid = (kind: ReportTarget): SQL =>
  sql`case when ${reports.targetKind} = ${sql.raw(`'${kind}'`)} then ${reports.targetId}::uuid end`;

export interface QueueRow {
  id: string;
  targetKind: ReportTarget;
  reason: ReportReason;
  note: string | null;
  createdAt: Date;
  /** The exact created_at as UTC text with microseconds, for the page cursor. */
  createdAtKey: string;
  reporterId: string | null;
  reporterName: string | null;
  reporterEmail: string | null;
  reportedUserId: string | null;
  reportedName: string | null;
  reportedEmail: string | null;
  reportedRole: Role | null;
  reportedSuspendedAt: Date | null;
  reportedDeletedAt: Date | null;
  reportCount: number;
  messageText: string | null;
  messageImages: string[] | null;
  messageRequestTitle: string | null;
  requestTitle: string | null;
  requestDescription: string | null;
  requestImages: string[] | null;
  reviewRating: number | null;
  reviewText: string | null;
  reviewReply: string | null;
  reviewedRequestTitle: string | null;
  /** Whether the reported row still exists (a user report's is the account). */
  targetExists: boolean;
}

/**
 * One page of the open queue, oldest first (reports_open_idx: the status predicate written as the
 * index's literal), each with the reporter, the reported account and the reported content as it is
 * now — one statement, joins only, no query per row. `after` is the previous page's last report.
 */
export async function listOpenReports(
  db: Db,
  limit: number,
  after?: { createdAt: string; id: string },
): Promise<QueueRow[]> {
  return db
    .select({
      id: reports.id,
      targetKind: reports.targetKind,
      reason: reports.reason,
      note: reports.note,
      createdAt: reports.createdAt,
      createdAtKey: sql<string>`to_char(${reports.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
      reporterId: reporterUsers.id,
      reporterName: accountNameSql(reporterProfiles, reporterUsers),
      reporterEmail: reporterUsers.email,
      reportedUserId: reportedUsers.id,
      reportedName: accountNameSql(reportedProfiles, reportedUsers),
      reportedEmail: reportedUsers.email,
      reportedRole: sql<Role | null>`case when ${reportedUsers.id} is not null then coalesce(${reportedProfiles.role}, 'user') end`,
      reportedSuspendedAt: reportedProfiles.suspendedAt,
      reportedDeletedAt: reportedProfiles.deletedAt,
      reportCount: sql<number>`(select count(*)::int from ${reports} r2
        where r2.reported_user_id = ${reports.reportedUserId})`.mapWith(Number),
      messageText: messages.message,
      messageImages: messages.attachments,
      messageRequestTitle: messageRequests.title,
      requestTitle: reportedRequests.title,
      requestDescription: reportedRequests.description,
      requestImages: reportedRequests.images,
      reviewRating: sql<number | null>`coalesce(${reviews.rating}, ${customerReviews.rating})`,
      reviewText: sql<string | null>`coalesce(${reviews.reviewText}, ${customerReviews.reviewText})`,
      reviewReply: sql<string | null>`coalesce(${reviews.replyText}, ${customerReviews.replyText})`,
      reviewedRequestTitle: reviewedRequests.title,
      targetExists: sql<boolean>`case ${reports.targetKind}
        when 'user' then ${reportedUsers.id} is not null
        when 'message' then ${messages.id} is not null
        when 'request' then ${reportedRequests.id} is not null
        else coalesce(${reviews.id}, ${customerReviews.id}) is not null end`.mapWith(Boolean),
    })
    .from(reports)
    .leftJoin(reporterUsers, eq(reporterUsers.id, reports.reporterId))
    .leftJoin(reporterProfiles, eq(reporterProfiles.userId, reports.reporterId))
    .leftJoin(reportedUsers, eq(reportedUsers.id, reports.reportedUserId))
    .leftJoin(reportedProfiles, eq(reportedProfiles.userId, reports.reportedUserId))
    .leftJoin(messages, eq(messages.id, targetUuid('message')))
    .leftJoin(messageRequests, eq(messageRequests.id, messages.requestId))
    .leftJoin(reportedRequests, eq(reportedRequests.id, targetUuid('request')))
    .leftJoin(reviews, eq(reviews.id, targetUuid('review')))
    .leftJoin(customerReviews, eq(customerReviews.id, targetUuid('review')))
    .leftJoin(
      reviewedRequests,
      sql`${reviewedRequests.id} = coalesce(${reviews.requestId}, ${customerReviews.requestId})`,
    )
    .where(
      and(
        sql`${reports.status} = ${stateLiteral(OPEN_REPORT)}`,
        after
          ? sql`(${reports.createdAt}, ${reports.id}) > (${after.createdAt}::timestamp at time zone 'UTC', ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(limit);
}

export interface LockedReport {
  id: string;
  status: ReportStatus;
  targetKind: ReportTarget;
  reportedUserId: string | null;
}

/** A report locked for handling: two administrators handling it at once take turns, the second sees it handled. */
export async function lockReport(tx: Tx, id: string): Promise<LockedReport | null> {
  const [row] = await tx
    .select({
      id: reports.id,
      status: reports.status,
      targetKind: reports.targetKind,
      reportedUserId: reports.reportedUserId,
    })
    .from(reports)
    .where(eq(reports.id, id))
    .for('update');
  return row ?? null;
}

export async function markHandled(
  tx: Tx,
  id: string,
  values: { status: ReportStatus; handledBy: string; handledAt: Date; handlingNote: string | null },
): Promise<void> {
  await tx.update(reports).set(values).where(eq(reports.id, id));
}
