import type { ReportReason, ReportStatus, ReportTarget } from '@grip/domain';
import { OPEN_REPORT } from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';

export interface NewReport {
  reporterId: string;
  targetKind: ReportTarget;
  targetId: string;
  reportedUserId: string | null;
  reason: ReportReason;
  note: string | null;
  createdAt: Date;
}

/** The reporter's report of this target still waiting for an administrator, if any. */
export async function findOpenReportBy(
  db: Db,
  reporterId: string,
  targetKind: ReportTarget,
  targetId: string,
): Promise<{ id: string; status: ReportStatus } | null> {
  const [row] = await db
    .select({ id: reports.id, status: reports.status })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetKind, targetKind),
        eq(reports.targetId, targetId),
        eq(reports.status, OPEN_REPORT),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertReport(db: Db, report: NewReport): Promise<{ id: string; status: ReportStatus }> {
  const [row] = await db.insert(reports).values(report).returning({ id: reports.id, status: reports.status });
  if (!row) throw new Error('insert returned no row');
  return row;
}
