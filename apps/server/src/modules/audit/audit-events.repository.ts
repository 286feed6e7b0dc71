import type { AuditAction } from '@grip/domain';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditEvents, profiles, users } from '../../db/schema';

export interface NewAuditEvent {
  actorId: string;
  action: AuditAction;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** Writes one event, in the caller's transaction: the event exists exactly when the change does. */
export async function insertAuditEvent(tx: Tx, event: NewAuditEvent): Promise<void> {
  await tx.insert(auditEvents).values(event);
}

/** When an account did one kind of thing since `since` (audit_events_actor_action_created_idx). */
export async function actionTimesSince(
  db: Db | Tx,
  actorId: string,
  action: AuditAction,
  since: Date,
): Promise<Date[]> {
  const rows = await db
    .select({ at: auditEvents.createdAt })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorId, actorId),
        eq(auditEvents.action, action),
        gte(auditEvents.createdAt, since),
      ),
    );
  return rows.map((r) => r.at);
}

export interface AuditEventRow {
  id: number;
  action: AuditAction;
  details: unknown;
  createdAt: Date;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
}

/** One page of the log, newest first; `beforeId` is the previous page's last event. */
export async function listAuditEvents(db: Db, limit: number, beforeId?: number): Promise<AuditEventRow[]> {
  return db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
      actorId: auditEvents.actorId,
      actorName: sql<
        string | null
      >`coalesce(nullif(${profiles.businessName}, ''), nullif(${profiles.displayName}, ''), ${users.name})`,
      actorEmail: users.email,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .leftJoin(profiles, eq(profiles.userId, auditEvents.actorId))
    .where(
      beforeId === undefined
        ? undefined
        : sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (select e.created_at, e.id from ${auditEvents} e where e.id = ${beforeId})`,
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit);
}
