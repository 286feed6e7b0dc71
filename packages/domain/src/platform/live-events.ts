import { z } from 'zod';

/**
 * Live updates (spec 1 §7 "live subscriptions"): the server tells a signed-in tab *that* something it
 * may see changed — a kind and an id, never the data — and the tab refetches through the normal API,
 * so a live event can never show more than the API would.
 */
export const LIVE_EVENT_KINDS = ['request', 'response', 'message', 'notification'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** Whether the row was created or changed (a new notification raises a toast; a read mark does not). */
export const LIVE_EVENT_OPS = ['created', 'updated'] as const;
export type LiveEventOp = (typeof LIVE_EVENT_OPS)[number];

/** The data of one `change` event on the stream; its SSE id is the event's position for replay. */
export const LiveEventSchema = z.object({
  kind: z.enum(LIVE_EVENT_KINDS),
  op: z.enum(LIVE_EVENT_OPS),
  id: z.string(),
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/**
 * The schema's check without Zod: the web app's signed-in shell reads every event with it, and Zod
 * would otherwise be in the code of every screen (docs/performance.md). Extra fields are ignored, as
 * the schema does; `live-events.test.ts` holds the two to the same answers.
 */
export function parseLiveEvent(value: unknown): LiveEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, op, id } = value as Record<string, unknown>;
  if (!(LIVE_EVENT_KINDS as readonly unknown[]).includes(kind)) return null;
  if (!(LIVE_EVENT_OPS as readonly unknown[]).includes(op)) return null;
  if (typeof id !== 'string') return null;
  return { kind: kind as LiveEventKind, op: op as LiveEventOp, id };
}

/** SSE event names: a change, or "resync" (too much was missed to list: refetch everything shown). */
export const LIVE_CHANGE_EVENT = 'change';
export const LIVE_RESYNC_EVENT = 'resync';

/** A comment line this often keeps proxies from closing an idle stream. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** What the browser waits before reconnecting a dropped stream (sent as the SSE `retry`). */
export const LIVE_RETRY_MS = 3_000;
/** Missed events replayed after a reconnect; beyond this the stream asks for a resync instead. */
export const LIVE_REPLAY_LIMIT = 500;
/** How long events are kept for replay. */
export const LIVE_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
/**
 * How often each server process reads new live events while it has streams open (a page that comes
 * back full is followed at once). Reading a table by id replaced LISTEN/NOTIFY (issue 29): a NOTIFY
 * makes every writer's commit wait for one global lock. This is most of the delay a change takes to
 * reach a tab, and one cheap index read per interval per process.
 */
export const LIVE_POLL_MS = 20;
/**
 * How long a process keeps asking for an event id it skipped. Ids are taken when a change is written
 * but become visible at commit, so a later id can be read first; an id that has not appeared yet is
 * asked for again until it does, or until this long has passed: then the change that took it was
 * rolled back (which leaves the id unused for good), or its transaction is far older than any request
 * the server answers. Kept well short of LIVE_EVENT_RETENTION_MS; a tab that reconnects replays from
 * the table regardless.
 */
export const LIVE_HOLE_MS = 30_000;
