import { type LiveEventKind, type LiveEventOp } from '@grip/domain';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, liveEvents, profiles, serviceRequests } from '../../db/schema';
import { profileMatchesRequest } from '../requests/matching.sql';

export interface StoredLiveEvent {
  id: number;
  kind: LiveEventKind;
  op: LiveEventOp;
  entityId: string;
  /** A request that was open before or after this change: the businesses it matches may hear of it. */
  isOpenToMatches: boolean;
  /** Who may hear of it as fixed when it was written (drizzle/0023); a request's owner only. */
  audience: string[];
}

function toStored(r: typeof liveEvents.$inferSelect): StoredLiveEvent {
  return {
    id: Number(r.id),
    kind: r.kind as LiveEventKind,
    op: r.op as LiveEventOp,
    entityId: r.entityId,
    isOpenToMatches: r.isOpenToMatches,
    audience: r.audience,
  };
}

/** Ids per IN list: well inside PostgreSQL's limit on parameters, whatever the batch. */
const CHUNK = 500;
function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** The last id given to an event (0 before the first): where a new stream starts. */
export async function latestEventId(db: Db): Promise<number> {
  return (await nextEventId(db)) - 1;
}

/**
 * The oldest event still kept, or — when purging emptied the table — the next id to be given, so a
 * reconnect can tell whether what it asks for is gone.
 */
export async function oldestKeptEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`min(${liveEvents.id})` }).from(liveEvents);
  if (row?.id !== null && row?.id !== undefined) return Number(row.id);
  return nextEventId(db);
}

async function nextEventId(db: Db): Promise<number> {
  const result = await db.execute<{ next: string | number }>(
    sql`select case when is_called then last_value + 1 else last_value end as next from live_events_id_seq`,
  );
  const rows = (result as unknown as { rows: { next: string | number }[] }).rows;
  return Number(rows[0]?.next ?? 1);
}

/** Commits can land out of id order: replay also covers events raised this long before the last one seen. */
const REPLAY_OVERLAP = sql`interval '10 seconds'`;

/** What a stream missed after event `afterId`, in id order, with the overlap above unless told not to. */
export async function eventsToReplay(
  db: Db,
  afterId: number,
  limit: number,
  options: { overlap: boolean },
): Promise<StoredLiveEvent[]> {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(
      options.overlap
        ? sql`${liveEvents.id} > ${afterId} or ${liveEvents.createdAt} >= (select e.created_at - ${REPLAY_OVERLAP}
        from ${liveEvents} e where e.id = ${afterId})`
        : gt(liveEvents.id, afterId),
    )
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return rows.map(toStored);
}

/**
 * What the hub has not read yet: up to `limit` events after `afterId` in id order, and those of the
 * `holes` (ids below it not seen yet) that have appeared since. Both halves are primary-key reads.
 */
export async function newEvents(
  db: Db,
  afterId: number,
  holes: readonly number[],
  limit: number,
): Promise<StoredLiveEvent[]> {
  const after = await db
    .select()
    .from(liveEvents)
    .where(gt(liveEvents.id, afterId))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  if (holes.length === 0) return after.map(toStored);
  const late = await db
    .select()
    .from(liveEvents)
    .where(sql`${liveEvents.id} = any(${`{${holes.join(',')}}`}::bigint[])`);
  return [...late, ...after].map(toStored);
}

/**
 * The events kept after `afterId` (at most `limit`), by id, each marked `recent` when written less
 * than `recentMs` ago: which of the last ids are missing, and which of those may still commit.
 */
export async function eventIdsAfter(
  db: Db,
  afterId: number,
  recentMs: number,
  limit: number,
): Promise<{ id: number; recent: boolean }[]> {
  const rows = await db
    .select({
      id: liveEvents.id,
      recent: sql<boolean>`${liveEvents.createdAt} > now() - make_interval(secs => ${recentMs / 1000})`,
    })
    .from(liveEvents)
    .where(gt(liveEvents.id, afterId))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return rows.map((r) => ({ id: Number(r.id), recent: r.recent }));
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

/**
 * A request is always its owner's (in the event row) and every business's that answered it; the
 * businesses it matches (the rule that decides who is told of it: categories and both radii) hear only
 * of the changes that found it open before or after (`whileOpen`, for the requests in `openIds`), so a
 * business hears that a request it could see has closed, and nothing of one it never could. Only
 * `candidates` (the users with a stream open here) are looked up, so a change costs nothing when none
 * of its audience is connected.
 */
export async function requestAudience(
  db: Db,
  ids: string[],
  openIds: string[],
  candidates: string[],
): Promise<{ responders: Audience; whileOpen: Audience }> {
  const responders: Audience = new Map();
  const whileOpen: Audience = new Map();
  for (const who of chunks(candidates)) {
    for (const part of chunks(ids)) {
      const rows = await db
        .select({ requestId: businessResponses.requestId, userId: businessResponses.businessUserId })
        .from(businessResponses)
        .where(
          and(inArray(businessResponses.requestId, part), inArray(businessResponses.businessUserId, who)),
        );
      for (const r of rows) add(responders, r.requestId, r.userId);
    }
    for (const part of chunks(openIds)) {
      const matched = await db
        .select({ requestId: serviceRequests.id, userId: profiles.userId })
        .from(serviceRequests)
        .innerJoin(
          profiles,
          and(
            inArray(profiles.userId, who),
            eq(profiles.role, 'business_owner'),
            sql`${profiles.userId} <> ${serviceRequests.userId}`,
            profileMatchesRequest(),
          ),
        )
        .where(inArray(serviceRequests.id, part));
      for (const r of matched) add(whileOpen, r.requestId, r.userId);
    }
  }
  return { responders, whileOpen };
}
