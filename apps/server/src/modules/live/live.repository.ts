import { matchTermsOf, type LiveEventKind, type LiveEventOp } from '@grip/domain';
import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businessResponses,
  liveEvents,
  messages,
  notifications,
  profiles,
  serviceRequests,
} from '../../db/schema';
import { businessMatchesTerms, businessReaches } from '../requests/matching.sql';

export interface StoredLiveEvent {
  id: number;
  kind: LiveEventKind;
  op: LiveEventOp;
  entityId: string;
}

/** The newest event's position (0 when there is none): where a new stream starts. */
export async function latestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${liveEvents.id})` }).from(liveEvents);
  return Number(row?.id ?? 0);
}

/** The oldest event still kept, to tell whether a reconnect asks for something already purged. */
export async function oldestEventId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: sql<number | null>`min(${liveEvents.id})` }).from(liveEvents);
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

export async function eventsAfter(db: Db, afterId: number, limit: number): Promise<StoredLiveEvent[]> {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(gt(liveEvents.id, afterId))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind as LiveEventKind,
    op: r.op as LiveEventOp,
    entityId: r.entityId,
  }));
}

export async function purgeEventsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, before));
}

/** Who may hear of each entity: entity id → user ids. */
export type Audience = Map<string, string[]>;

function add(audience: Audience, entityId: string, ...userIds: (string | null)[]) {
  const list = audience.get(entityId) ?? [];
  for (const id of userIds) if (id) list.push(id);
  audience.set(entityId, list);
}

/** A notification is its user's alone. */
export async function notificationAudience(db: Db, ids: string[]): Promise<Audience> {
  const audience: Audience = new Map();
  if (ids.length === 0) return audience;
  const rows = await db
    .select({ id: notifications.id, userId: notifications.userId })
    .from(notifications)
    .where(inArray(notifications.id, ids));
  for (const r of rows) add(audience, r.id, r.userId);
  return audience;
}

/** A message is its sender's and its receiver's. */
export async function messageAudience(db: Db, ids: string[]): Promise<Audience> {
  const audience: Audience = new Map();
  if (ids.length === 0) return audience;
  const rows = await db
    .select({ id: messages.id, senderId: messages.senderId, receiverId: messages.receiverId })
    .from(messages)
    .where(inArray(messages.id, ids));
  for (const r of rows) add(audience, r.id, r.senderId, r.receiverId);
  return audience;
}

/** A response is its business's and its request owner's. */
export async function responseAudience(db: Db, ids: string[]): Promise<Audience> {
  const audience: Audience = new Map();
  if (ids.length === 0) return audience;
  const rows = await db
    .select({
      id: businessResponses.id,
      businessUserId: businessResponses.businessUserId,
      customerId: serviceRequests.userId,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .where(inArray(businessResponses.id, ids));
  for (const r of rows) add(audience, r.id, r.businessUserId, r.customerId);
  return audience;
}

/**
 * A request is its owner's, every business that answered it, and every business it matches by the
 * rule that decides who is told of it (categories and both radii). A business that matched an open
 * request hears that it closed, so the request leaves its feed. Only `candidates` (the users with a
 * stream open here) are looked up, so a change costs nothing when none of its audience is connected.
 */
export async function requestAudience(db: Db, ids: string[], candidates: string[]): Promise<Audience> {
  const audience: Audience = new Map();
  if (ids.length === 0) return audience;
  const requests = await db
    .select({
      id: serviceRequests.id,
      userId: serviceRequests.userId,
      serviceType: serviceRequests.serviceType,
      serviceSubtype: serviceRequests.serviceSubtype,
      latitude: serviceRequests.latitude,
      longitude: serviceRequests.longitude,
      radiusKm: serviceRequests.serviceAreaKm,
    })
    .from(serviceRequests)
    .where(inArray(serviceRequests.id, ids));
  for (const r of requests) add(audience, r.id, r.userId);
  if (candidates.length === 0) return audience;

  const responders = await db
    .select({ requestId: businessResponses.requestId, userId: businessResponses.businessUserId })
    .from(businessResponses)
    .where(
      and(inArray(businessResponses.requestId, ids), inArray(businessResponses.businessUserId, candidates)),
    );
  for (const r of responders) add(audience, r.requestId, r.userId);

  for (const r of requests) {
    const terms = matchTermsOf(r);
    if (terms.length === 0) continue;
    const matched = await db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(
        and(
          inArray(profiles.userId, candidates),
          eq(profiles.role, 'business_owner'),
          ne(profiles.userId, r.userId),
          businessMatchesTerms(terms),
          businessReaches(r, r.radiusKm),
        ),
      );
    add(audience, r.id, ...matched.map((m) => m.userId));
  }
  return audience;
}
