import {
  MODERATION_MESSAGES,
  normalizeRole,
  reportProblem,
  type CreatedReport,
  type ReportData,
  type ReportTarget,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { AppError, Invalid, NotFound } from '../../lib/errors';
import type { ProfileRow } from '../profiles/profiles.repository';
import { businessScopeOf, getRequestForBusiness } from '../responses/responses.service';
import { findAccountToAct } from './blocks.repository';
import { messageSeenBy, requestOwner, reviewSeenBy, type SeenTarget } from './report-targets.repository';
import { findOpenReportBy, insertReport } from './reports.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Whether a business may see a request: exactly the respond page's rule (its feed's matching open
 * requests, and any it quoted), by asking that page's own read.
 */
async function businessSeesRequest(db: Db, profile: ProfileRow, requestId: string): Promise<boolean> {
  if (normalizeRole(profile.role) !== 'business_owner') return false;
  try {
    await getRequestForBusiness(db, businessScopeOf(profile), requestId);
    return true;
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 403)) return false;
    throw error;
  }
}

/** The reported content as the reporter may see it, with its author; null when they cannot see it. */
async function seenTarget(
  db: Db,
  reporter: ProfileRow,
  kind: ReportTarget,
  id: string,
  now: Date,
): Promise<SeenTarget | null> {
  switch (kind) {
    case 'user': {
      if (!ACCOUNT_ID.test(id)) return null;
      if (id === reporter.userId) return { authorId: id };
      const account = await findAccountToAct(db, reporter.userId, id);
      return account?.hasDealtWith ? { authorId: account.userId } : null;
    }
    case 'message':
      return UUID.test(id) ? messageSeenBy(db, reporter.userId, id) : null;
    case 'review':
      return UUID.test(id) ? reviewSeenBy(db, reporter.userId, id, now) : null;
    case 'request': {
      if (!UUID.test(id)) return null;
      const owner = await requestOwner(db, id);
      if (!owner) return null;
      if (owner.userId === reporter.userId) return { authorId: owner.userId };
      return (await businessSeesRequest(db, reporter, id)) ? { authorId: owner.userId } : null;
    }
  }
}

/**
 * A report (issue 32) of something the reporter can see: an account they dealt with, a message of
 * their conversations, a request in their feed or one they quoted, a review of them or the reply to
 * theirs. Anything else answers 404 whether or not it exists; their own content is refused. Reporting
 * the same thing again while the first report is open adds nothing (`created` false).
 */
export async function createReport(
  db: Db,
  reporter: ProfileRow,
  input: ReportData,
  now: Date,
): Promise<{ created: boolean; report: CreatedReport }> {
  // Ids are kept as the database writes them (a uuid in lower case), so "the same target" is one.
  const targetId = UUID.test(input.targetId) ? input.targetId.toLowerCase() : input.targetId;
  const target = await seenTarget(db, reporter, input.targetKind, targetId, now);
  const problem = reportProblem(reporter.userId, target);
  if (problem === 'self') throw new Invalid(MODERATION_MESSAGES.cannotReportSelf);
  if (problem || !target) throw new NotFound(MODERATION_MESSAGES.targetNotFound);
  const earlier = await findOpenReportBy(db, reporter.userId, input.targetKind, targetId);
  if (earlier) return { created: false, report: earlier };
  const report = await insertReport(db, {
    reporterId: reporter.userId,
    targetKind: input.targetKind,
    targetId,
    reportedUserId: target.authorId,
    reason: input.reason,
    note: input.note || null,
    createdAt: now,
  });
  return { created: true, report };
}
