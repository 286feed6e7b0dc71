import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import { INSERT_CHUNK } from '../../jobs/outbox';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/**
 * Newest first. `afterId` is the last item of the previous page; the comparison happens in SQL on
 * (created_at, id) so the database's microsecond timestamps are never rounded through JavaScript.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  limit: number,
  afterId?: string,
): Promise<NotificationRow[]> {
  const page = afterId
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id from ${notifications} n where n.id = ${afterId} and n.user_id = ${userId})`
    : undefined;
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), page))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's own notifications read; returns false when it is not theirs or absent. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/**
 * Creates in-app notifications. Their push and SMS deliveries follow from the commit: a trigger queues
 * every new notification and the outbox worker fans the queue out (notification-fan-out.ts), so no
 * event can skip a channel and the write itself is one statement.
 */
export async function insertNotifications(db: Db | Tx, rows: NewNotification[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db.insert(notifications).values(rows.slice(i, i + INSERT_CHUNK));
  }
}
