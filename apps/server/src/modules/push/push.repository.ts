import type { PushSubscriptionInput } from '@grip/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Turns push on for a device, or moves the device's endpoint to this user (see the schema). */
export async function saveSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
): Promise<{ id: string }> {
  const values = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    deviceLabel: input.deviceLabel || null,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        deviceLabel: values.deviceLabel,
        createdAt: sql`now()`,
      },
    })
    .returning({ id: pushSubscriptions.id });
  return { id: row!.id };
}

/** Turns push off for one of the user's own devices; false when the endpoint is not theirs. */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function findSubscription(db: Db, id: string): Promise<PushSubscriptionRow | null> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row ?? null;
}

/** The devices of several users in one query (the fan-out of a batch of notifications). */
export async function subscriptionsOf(
  db: Db | Tx,
  userIds: string[],
): Promise<{ id: string; userId: string }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
}

export async function markDelivered(db: Db, id: string) {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

/** The push service says the device unsubscribed (404/410): stop pushing to it. */
export async function forgetSubscription(db: Db, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
