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
  eventsAfter,
  latestEventId,
  messageAudience,
  notificationAudience,
  oldestEventId,
  purgeEventsBefore,
  requestAudience,
  responseAudience,
  type Audience,
  type StoredLiveEvent,
} from './live.repository';
import type { LiveStream } from './live-stream';

/** The channel the database triggers announce on (drizzle/0004_live_events.sql). */
export const LIVE_CHANNEL = 'grip_live_events';
/** A batch bigger than this (a bulk archive, say) is not sorted per user: every tab resyncs. */
const BULK_BATCH = 200;
/** At most this many open streams per user (tabs and devices); the oldest is closed beyond it. */
const MAX_STREAMS_PER_USER = 12;
const PURGE_EVERY_MS = 60 * 60 * 1000;

function parsePayload(payload: string): StoredLiveEvent | null {
  const [id, kind, op, entityId] = payload.split(':');
  if (!id || !kind || !op || !entityId) return null;
  if (!(LIVE_EVENT_KINDS as readonly string[]).includes(kind)) return null;
  if (!(LIVE_EVENT_OPS as readonly string[]).includes(op)) return null;
  return { id: Number(id), kind: kind as LiveEventKind, op: op as StoredLiveEvent['op'], entityId };
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
      () => void this.resyncAll(),
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

  get streamCount() {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  latestId() {
    return latestEventId(this.db);
  }

  /**
   * What a reconnecting tab missed after `afterId`, filtered to what this user may hear of — or
   * 'resync' when that is more than we replay or reaches back past what is kept.
   */
  async missedSince(userId: string, afterId: number): Promise<{ id: number; event: LiveEvent }[] | 'resync'> {
    const oldest = await oldestEventId(this.db);
    if (oldest !== null && oldest > afterId + 1) return 'resync';
    const events = await eventsAfter(this.db, afterId, LIVE_REPLAY_LIMIT + 1);
    if (events.length > LIVE_REPLAY_LIMIT) return 'resync';
    const audiences = await this.audiences(events, [userId]);
    return events
      .filter((e) => audiences.get(e.kind)?.get(e.entityId)?.includes(userId))
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
      this.log.error({ err }, 'live event delivery failed');
    } finally {
      this.draining = null;
      if (this.queue.length > 0) this.draining = this.drainSoon();
    }
  }

  private async drain() {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      if (batch.length > BULK_BATCH) {
        const lastId = Math.max(...batch.map((e) => e.id));
        for (const set of this.streams.values()) for (const s of set) s.resync(lastId);
        continue;
      }
      const audiences = await this.audiences(batch, [...this.streams.keys()]);
      for (const e of batch) {
        const users = new Set(audiences.get(e.kind)?.get(e.entityId) ?? []);
        for (const userId of users) {
          for (const s of this.streams.get(userId) ?? []) s.deliver(e.id, toLiveEvent(e));
        }
      }
    }
  }

  /** Who may hear of each event, by kind and entity, among `candidates`. */
  private async audiences(
    events: StoredLiveEvent[],
    candidates: string[],
  ): Promise<Map<LiveEventKind, Audience>> {
    const idsOf = (kind: LiveEventKind) => [
      ...new Set(events.filter((e) => e.kind === kind).map((e) => e.entityId)),
    ];
    const [requests, responses, messages, notifications] = [
      await requestAudience(this.db, idsOf('request'), candidates),
      await responseAudience(this.db, idsOf('response')),
      await messageAudience(this.db, idsOf('message')),
      await notificationAudience(this.db, idsOf('notification')),
    ];
    return new Map<LiveEventKind, Audience>([
      ['request', requests],
      ['response', responses],
      ['message', messages],
      ['notification', notifications],
    ]);
  }

  private async resyncAll() {
    const id = await this.latestId().catch(() => 0);
    for (const set of this.streams.values()) for (const s of set) s.resync(id);
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
