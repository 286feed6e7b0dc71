import {
  LIVE_EVENT_KINDS,
  LIVE_EVENT_OPS,
  LIVE_EVENT_RETENTION_MS,
  LIVE_HEARTBEAT_MS,
  LIVE_REPLAY_LIMIT,
  type LiveEvent,
  type LiveEventKind,
} from '@grip/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import {
  eventsToReplay,
  latestEventId,
  messageAudience,
  notificationAudience,
  oldestKeptEventId,
  purgeEventsBefore,
  requestAudience,
  responseAudience,
  type Audience,
  type StoredLiveEvent,
} from './live.repository';
import type { LiveStream } from './live-stream';

/** The channel the database triggers announce on (drizzle/0004_live_events.sql). */
export const LIVE_CHANNEL = 'grip_live_events';
/** At most this many open streams per user (tabs and devices); the oldest is closed beyond it. */
const MAX_STREAMS_PER_USER = 12;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** `id:kind:op:entityId:open` as the trigger writes it (drizzle/0007). */
function parsePayload(payload: string): StoredLiveEvent | null {
  const [id, kind, op, entityId, open] = payload.split(':');
  if (!id || !kind || !op || !entityId) return null;
  if (!(LIVE_EVENT_KINDS as readonly string[]).includes(kind)) return null;
  if (!(LIVE_EVENT_OPS as readonly string[]).includes(op)) return null;
  return {
    id: Number(id),
    kind: kind as LiveEventKind,
    op: op as StoredLiveEvent['op'],
    entityId,
    isOpenToMatches: open === '1',
  };
}

function toLiveEvent(e: StoredLiveEvent): LiveEvent {
  return { kind: e.kind, op: e.op, id: e.entityId };
}

/**
 * Live updates for the signed-in tabs connected to this process. Every process listens on the same
 * PostgreSQL channel, so a change made through any process reaches the tabs of every process; each
 * decides, for its own tabs only, who may hear of it (the same rules the API reads by).
 */
export class LiveHub {
  private streams = new Map<string, Set<LiveStream>>();
  private queue: StoredLiveEvent[] = [];
  private draining: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private purgeTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get db() {
    return this.database.db;
  }

  async start() {
    this.unlisten = await this.database.listen(
      LIVE_CHANNEL,
      (payload) => this.receive(payload),
      // Notifications sent while the listening connection was down are gone: every tab resyncs.
      () => this.resyncAll(),
    );
    this.heartbeatTimer = setInterval(() => this.heartbeat(), LIVE_HEARTBEAT_MS);
    this.heartbeatTimer.unref();
    this.purgeTimer = setInterval(() => void this.purge(), PURGE_EVERY_MS);
    this.purgeTimer.unref();
    await this.purge();
  }

  /** Ends every stream (before the server closes, which would otherwise wait for them) and stops. */
  async close() {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    for (const set of [...this.streams.values()]) for (const s of [...set]) s.close();
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await unlisten().catch(() => {});
    await this.draining;
  }

  add(stream: LiveStream) {
    const set = this.streams.get(stream.userId) ?? new Set<LiveStream>();
    set.add(stream);
    this.streams.set(stream.userId, set);
    if (set.size > MAX_STREAMS_PER_USER) set.values().next().value?.close();
  }

  remove(stream: LiveStream) {
    const set = this.streams.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.streams.delete(stream.userId);
  }

  /** Closes a signed-out session's streams (or all of a user's, for sign-out everywhere). */
  closeStreams(userId: string, sessionId?: string) {
    for (const s of [...(this.streams.get(userId) ?? [])]) {
      if (!sessionId || s.sessionId === sessionId) s.close();
    }
  }

  latestId() {
    return latestEventId(this.db);
  }

  /**
   * What a reconnecting tab missed after `afterId`, filtered to what this user may hear of — or
   * 'resync' when that is more than we replay or reaches back past what is kept.
   */
  async missedSince(userId: string, afterId: number): Promise<{ id: number; event: LiveEvent }[] | 'resync'> {
    if ((await oldestKeptEventId(this.db)) > afterId + 1) return 'resync';
    const events = await eventsToReplay(this.db, afterId, LIVE_REPLAY_LIMIT + 1);
    if (events.length > LIVE_REPLAY_LIMIT) return 'resync';
    const audiences = await this.audiences(events, [userId]);
    return events
      .filter((e) => audiences.get(e.id)?.includes(userId))
      .map((e) => ({ id: e.id, event: toLiveEvent(e) }));
  }

  private receive(payload: string) {
    const event = parsePayload(payload);
    if (!event) {
      this.log.warn({ payload }, 'ignored a malformed live event');
      return;
    }
    if (this.streams.size === 0) return;
    this.queue.push(event);
    this.draining ??= this.drainSoon();
  }

  /** Notifications of one commit arrive together: let them gather, then sort them as one batch. */
  private async drainSoon() {
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      await this.drain();
    } catch (err) {
      // Whatever that batch held is lost to the tabs: they refetch everything instead.
      this.log.error({ err }, 'live event delivery failed');
      this.queue = [];
      this.resyncAll();
    } finally {
      this.draining = null;
      if (this.queue.length > 0) this.draining = this.drainSoon();
    }
  }

  private async drain() {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      const audiences = await this.audiences(batch, [...this.streams.keys()]);
      for (const e of batch) {
        const users = new Set(audiences.get(e.id) ?? []);
        for (const userId of users) {
          for (const s of this.streams.get(userId) ?? []) s.deliver(e.id, toLiveEvent(e));
        }
      }
    }
  }

  /** Who may hear of each event (by its id), among `candidates`. */
  private async audiences(events: StoredLiveEvent[], candidates: string[]): Promise<Map<number, string[]>> {
    const idsOf = (kind: LiveEventKind, only = (_e: StoredLiveEvent) => true) => [
      ...new Set(events.filter((e) => e.kind === kind && only(e)).map((e) => e.entityId)),
    ];
    const requests = await requestAudience(
      this.db,
      idsOf('request'),
      idsOf('request', (e) => e.isOpenToMatches),
      candidates,
    );
    const byKind: Record<Exclude<LiveEventKind, 'request'>, Audience> = {
      response: await responseAudience(this.db, idsOf('response')),
      message: await messageAudience(this.db, idsOf('message')),
      notification: await notificationAudience(this.db, idsOf('notification')),
    };
    const result = new Map<number, string[]>();
    for (const e of events) {
      const users =
        e.kind === 'request'
          ? [
              ...(requests.always.get(e.entityId) ?? []),
              // Matching businesses only for a change that found the request open (drizzle/0007).
              ...(e.isOpenToMatches ? (requests.whileOpen.get(e.entityId) ?? []) : []),
            ]
          : (byKind[e.kind].get(e.entityId) ?? []);
      result.set(e.id, users);
    }
    return result;
  }

  /** Every tab refetches what it shows; they keep their positions, so a later replay still works. */
  private resyncAll() {
    for (const set of this.streams.values()) for (const s of set) s.resync();
  }

  private heartbeat() {
    for (const set of this.streams.values()) for (const s of set) s.heartbeat();
  }

  private async purge() {
    await purgeEventsBefore(this.db, new Date(Date.now() - LIVE_EVENT_RETENTION_MS)).catch((err: unknown) =>
      this.log.warn({ err }, 'could not purge old live events'),
    );
  }
}
