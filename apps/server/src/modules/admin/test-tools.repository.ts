import { OPEN_REQUEST } from '@grip/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, serviceRequests } from '../../db/schema';
import type { OutboxItem } from '../../jobs/outbox';

/**
 * Adds one delivery and returns its id, so the administrator can find it in Deliveries. The same
 * row `enqueue` (jobs/outbox.ts) writes; enqueue does not hand back ids.
 */
export async function enqueueReturningId(db: Db, item: OutboxItem): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ ...item, payload: item.payload as Record<string, unknown> })
    .returning({ id: outbox.id });
  return row!.id;
}

/** The latest open, unarchived requests (newest first), for the new-request email debugging tool. */
export function latestOpenRequests(db: Db, limit: number) {
  return db
    .select({
      id: serviceRequests.id,
      title: serviceRequests.title,
      areaLabel: serviceRequests.areaLabel,
      isUrgent: serviceRequests.isUrgent,
      createdAt: serviceRequests.createdAt,
    })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.status, OPEN_REQUEST), isNull(serviceRequests.archivedAt)))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
}

export async function findRequest(db: Db, id: string) {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row ?? null;
}
