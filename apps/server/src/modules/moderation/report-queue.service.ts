import {
  ADMIN_USER_MESSAGES,
  MODERATION_MESSAGES,
  reportHandlingProblem,
  reportStatusAfter,
  suspensionProblem,
  type HandleReportData,
  type HandledReport,
  type ReportedContent,
  type ReportQueueItem,
  type ReportQueuePage,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor';
import { findUser, setSuspended } from '../admin/users.repository';
import { insertAuditEvent } from '../audit/audit-events.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { listOpenReports, lockReport, markHandled, type QueueRow } from './report-queue.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isCreatedAtKey = (key: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/.test(key) &&
  !Number.isNaN(Date.parse(`${key.slice(0, 23)}Z`));

/** What the administrator reads of the reported content, by kind, as it is now. */
function contentOf(row: QueueRow): ReportedContent {
  const gone = !row.targetExists;
  const base = { isGone: gone, context: null, text: null, images: [], rating: null, reply: null };
  if (gone) return base;
  switch (row.targetKind) {
    case 'user':
      return base;
    case 'message':
      return {
        ...base,
        context: row.messageRequestTitle,
        text: row.messageText || null,
        images: row.messageImages ?? [],
      };
    case 'request':
      return {
        ...base,
        context: row.requestTitle,
        text: row.requestDescription,
        images: row.requestImages ?? [],
      };
    case 'review':
      return {
        ...base,
        context: row.reviewedRequestTitle,
        text: row.reviewText,
        rating: row.reviewRating,
        reply: row.reviewReply,
      };
  }
}

function toItem(row: QueueRow): ReportQueueItem {
  return {
    id: row.id,
    targetKind: row.targetKind,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    reporter:
      row.reporterId === null
        ? null
        : { userId: row.reporterId, name: row.reporterName ?? '', email: row.reporterEmail ?? '' },
    reportedUser:
      row.reportedUserId === null
        ? null
        : {
            userId: row.reportedUserId,
            name: row.reportedName ?? '',
            email: row.reportedEmail ?? '',
            role: row.reportedRole ?? 'user',
            suspendedAt: row.reportedSuspendedAt?.toISOString() ?? null,
            deletedAt: row.reportedDeletedAt?.toISOString() ?? null,
            reportCount: row.reportCount,
          },
    content: contentOf(row),
  };
}

/** GET /api/admin/reports: the open queue, oldest first. */
export async function listReportQueue(
  db: Db,
  query: { cursor?: string; limit: number },
): Promise<ReportQueuePage> {
  const after = query.cursor
    ? decodePageCursor(query.cursor, MODERATION_MESSAGES.badCursor, isCreatedAtKey)
    : undefined;
  if (after && !UUID.test(after.id)) throw new Invalid(MODERATION_MESSAGES.badCursor);
  const rows = await listOpenReports(db, query.limit + 1, after && { createdAt: after.key, id: after.id });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > query.limit && last ? encodePageCursor(last.createdAtKey, last.id) : null,
  };
}

/**
 * An administrator handles an open report once (issue 32), in one transaction with the report locked:
 * dismiss; warn — the reported account gets the words as an in-app notification; or suspend — the
 * Users tab's suspension, by its own rule (suspensionProblem) and its own write (setSuspended: sessions
 * and push devices end with it). The report records who, when and the note; the audit log says so.
 * Returns the suspended account, whose cached sessions the caller drops after the commit.
 */
export async function handleReport(
  db: Db,
  adminId: string,
  reportId: string,
  input: HandleReportData,
  now: Date,
): Promise<{ report: HandledReport; suspendedUserId: string | null }> {
  if (!UUID.test(reportId)) throw new NotFound(MODERATION_MESSAGES.reportNotFound);
  return db.transaction(async (tx) => {
    const report = await lockReport(tx, reportId);
    if (!report) throw new NotFound(MODERATION_MESSAGES.reportNotFound);
    const handled = reportHandlingProblem(report);
    if (handled) throw new Conflict(handled);

    const status = reportStatusAfter(input.action);
    let suspendedUserId: string | null = null;
    if (input.action !== 'dismiss') {
      const account = report.reportedUserId ? await findUser(tx, report.reportedUserId) : null;
      if (!account) throw new Conflict(MODERATION_MESSAGES.reportedAccountGone);
      if (account.deletedAt) throw new Conflict(ADMIN_USER_MESSAGES.deletedAccount);
      if (input.action === 'warn') {
        await insertNotifications(tx, [
          {
            userId: account.userId,
            type: 'moderation_warning',
            title: MODERATION_MESSAGES.warningNoticeTitle,
            message: input.message,
            relatedId: null,
            createdAt: now,
          },
        ]);
      } else {
        // The same path as the Users tab's Suspend: its rule, then its write.
        const problem = suspensionProblem(adminId, account, true);
        if (problem) throw new Conflict(problem);
        await getOrCreateProfile(tx, account.userId, account.name);
        await setSuspended(tx, account.userId, true, now);
        suspendedUserId = account.userId;
      }
    }
    await markHandled(tx, report.id, {
      status,
      handledBy: adminId,
      handledAt: now,
      handlingNote: input.note || null,
    });
    await insertAuditEvent(tx, {
      actorId: adminId,
      action: 'report_handled',
      details: {
        reportId: report.id,
        targetKind: report.targetKind,
        reportedUserId: report.reportedUserId,
        status,
        note: input.note || null,
      },
      createdAt: now,
    });
    return { report: { id: report.id, status }, suspendedUserId };
  });
}
