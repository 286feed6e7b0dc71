import { asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationFanOut, notifications } from '../../db/schema';
import { enqueueNotificationDeliveries } from './notification-deliveries';

/** Notifications fanned out per transaction: their receivers' devices and preferences are read at once. */
export const FAN_OUT_BATCH = 200;

/**
 * Works out the push and SMS deliveries of a batch of new notifications (the queue a trigger fills,
 * drizzle/0024) and removes them from the queue, in one transaction: each notification is fanned out
 * once, and a crash before the commit leaves the batch queued. SKIP LOCKED lets several processes take
 * different batches. Returns how many notifications were handled.
 */
export function fanOutNotifications(db: Db, batchSize = FAN_OUT_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select(getTableColumns(notifications))
      .from(notificationFanOut)
      .innerJoin(notifications, eq(notifications.id, notificationFanOut.notificationId))
      .orderBy(asc(notificationFanOut.createdAt))
      .limit(batchSize)
      .for('update', { of: notificationFanOut, skipLocked: true });
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
