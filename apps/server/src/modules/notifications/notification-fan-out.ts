import { asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationFanOut, notifications } from '../../db/schema';
import { enqueueNotificationDeliveries } from './notification-deliveries';

/** Notifications fanned out per transaction: their receivers' devices and preferences are read at once. */
export const FAN_OUT_BATCH = 500;

/**
 * Works out the push and SMS deliveries of a batch of new notifications (the queue a trigger fills,
 * drizzle/0024) and removes them from the queue, in one transaction: each notification is fanned out
 * once, and a crash before the commit leaves the batch queued. SKIP LOCKED lets several processes take
 * different batches. Returns how many notifications were handled.
 */
export function fanOutNotifications(db: Db, batchSize = FAN_OUT_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    // The batch is taken from the queue first, then joined by primary key: joined in one step, the
    // planner hashed the whole notifications table for a handful of queued rows (13 ms a batch).
    const batch = tx
      .$with('batch')
      .as(
        tx
          .select({ id: notificationFanOut.notificationId })
          .from(notificationFanOut)
          .orderBy(asc(notificationFanOut.createdAt))
          .limit(batchSize)
          .for('update', { skipLocked: true }),
      );
    const rows = await tx
      .with(batch)
      .select(getTableColumns(notifications))
      .from(batch)
      .innerJoin(notifications, eq(notifications.id, batch.id));
    if (rows.length === 0) return 0;
    await enqueueNotificationDeliveries(tx, rows);
    await tx.delete(notificationFanOut).where(
      inArray(
        notificationFanOut.notificationId,
        rows.map((r) => r.id),
      ),
    );
    return rows.length;
  });
}
