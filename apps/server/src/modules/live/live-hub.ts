import {
  LIVE_EVENT_RETENTION_MS,
  LIVE_HEARTBEAT_MS,
  LIVE_HOLE_MS,
  LIVE_POLL_MS,
  LIVE_REPLAY_LIMIT,
  type LiveEvent,
} from '@grip/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client';
import {
  eventIdsAfter,
  eventsToReplay,
  latestEventId,
  newEvents,
  oldestKeptEventId,
  purgeEventsBefore,
  requestAudience,
  type StoredLiveEvent,
} from './live.repository';
import type { LiveStream } from './live-stream';

/** The reading connection's application_name, as pg_stat_activity shows it. */
export const LIVE_READER_NAME = 'grip live reader';
/** At most this many open streams per user (tabs and devices); the oldest is closed beyond it. */
const MAX_STREAMS_PER_USER = 12;
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Events read per poll; a full page is followed by another at once. */
const PAGE_SIZE = 500;
/**
 * When a process starts reading, the ids this far back that have not appeared are watched as holes
 * (a change written just before, still committing), unless their neighbours are older than the hole
 * bound already.
 */
const START_LOOKBACK_IDS = 1_000;
/** The same for a drawn page's position: only changes committing at that instant matter. */
const POSITION_LOOKBACK_IDS = 200;
/** The retry a stream ends with when its process stops: from 0.5 s, spread over 2.5 s. */
const SHUTDOWN_RETRY_MIN_MS = 500;
const SHUTDOWN_RETRY_SPREAD_MS = 2_500;
/** Holes watched at most: beyond it the oldest are given up (a flood of rolled-back writes). */
const MAX_HOLES = 10_000;

export interface LiveTiming {
  /** How often new events are read while streams are open (LIVE_POLL_MS). */
  pollMs: number;
  /** How long a skipped id is asked for again (LIVE_HOLE_MS). */
  holeMs: number;
}

/**
 * The ids up to `latest` (at most `lookback` back) that have not appeared and may still be
 * committing, in order: those after the last event older than the hole bound. An empty stretch means
 * nothing was written lately, so nothing can be committing either.
 */
async function unseenIds(db: Db, latest: number, lookback: number, holeMs: number): Promise<number[]> {
  const from = Math.max(0, latest - lookback);
  const kept = await eventIdsAfter(db, from, holeMs, lookback + PAGE_SIZE);
  if (kept.length === 0) return [];
  const watchFrom = Math.max(from, kept.findLast((k) => !k.recent)?.id ?? from);
  const present = new Set(kept.map((k) => k.id));
  const unseen: number[] = [];
  for (let id = watchFrom + 1; id <= latest; id++) if (!present.has(id)) unseen.push(id);
  return unseen;
}

function toLiveEvent(e: StoredLiveEvent): LiveEvent {
  return { kind: e.kind, op: e.op, id: e.entityId };
}

/**
 * Live updates for the signed-in tabs connected to this process. While it has streams open, each
 * process reads the live_events rows written since it last looked (by id, every LIVE_POLL_MS), so a
 * change made through any process reaches the tabs of every process; each decides, for its own tabs
 * only, who may hear of it (the same rules the API reads by).
 *
 * Ids are taken when a change is written but appear when it commits, so a later id can appear first:
 * the ids skipped below the highest one read are holes, asked for again on every read until they
 * appear or LIVE_HOLE_MS passes (a rolled-back change never fills its hole). A read that fails keeps
 * its place and is retried: nothing is lost, and the holes' clocks stop meanwhile. After an outage
 * longer than the hole bound the tabs refetch instead (resync) and reading starts afresh.
 */
export class LiveHub {
  private streams = new Map<string, Set<LiveStream>>();
  private readonly timing: LiveTiming;
  /** Whether reads are scheduled (only while streams are open). */
  private running = false;
  /** The highest id read, or null before the first read of this run. */
  private cursor: number | null = null;
  /** Skipped ids → when to give them up (Date.now() ms). */
  private holes = new Map<number, number>();
  /** Settles when this run's starting position is known: a new stream's position is read after it. */
  private started: Promise<void> = Promise.resolve();
  private markStarted: () => void = () => {};
  /** When reads began failing, or null while they succeed. */
  private failingSince: number | null = null;
  /** The connection reads go through: its own, so they never wait behind requests for the pool. */
  private reader: Promise<{ db: Db; close(): Promise<void> }> | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private closed = false;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private purgeTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    timing: Partial<LiveTiming> = {},
  ) {
    this.timing = { pollMs: LIVE_POLL_MS, holeMs: LIVE_HOLE_MS, ...timing };
  }

  private get db() {
    return this.database.db;
  }

  async start() {
    this.heartbeatTimer = setInterval(() => this.heartbeat(), LIVE_HEARTBEAT_MS);
    this.heartbeatTimer.unref();
    this.purgeTimer = setInterval(() => void this.purge(), PURGE_EVERY_MS);
    this.purgeTimer.unref();
    await this.purge();
  }

  /** Ends every stream (before the server closes, which would otherwise wait for them) and stops. */
  async close() {
    this.closed = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    // Spread over a few seconds, so the tabs of a stopping process do not all reconnect at once.
    for (const set of [...this.streams.values()])
      for (const s of [...set])
        s.closeForShutdown(SHUTDOWN_RETRY_MIN_MS + Math.random() * SHUTDOWN_RETRY_SPREAD_MS);
    await this.polling;
    this.stopReading();
  }

  add(stream: LiveStream) {
    const set = this.streams.get(stream.userId) ?? new Set<LiveStream>();
    set.add(stream);
    this.streams.set(stream.userId, set);
    if (set.size > MAX_STREAMS_PER_USER) set.values().next().value?.close();
    if (!this.running && !this.closed) {
      this.running = true;
      this.started = new Promise<void>((resolve) => (this.markStarted = resolve));
      this.schedule(0);
    }
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

  /** A new stream's position: read after the hub's own starting position, so nothing falls between. */
  async latestId() {
    await this.started;
    return latestEventId(this.db);
  }

  /**
   * Where a page the server draws starts its stream (decision 024): read before the page's data, the
   * highest id below which every change has committed — so the data holds all of them, and the
   * stream replays strictly after it (`missedSince(…, { strict: true })`), not the overlap a
   * reconnect gets. An id still committing (a hole) stops the prefix before it, so it is replayed.
   */
  async position(): Promise<number> {
    const db = this.db;
    const latest = await latestEventId(db);
    const holes = await unseenIds(db, latest, POSITION_LOOKBACK_IDS, this.timing.holeMs);
    return holes.length === 0 ? latest : holes[0]! - 1;
  }

  /** The ids skipped and still asked for (for tests and diagnostics). */
  pendingHoles(): number[] {
    return [...this.holes.keys()].sort((a, b) => a - b);
  }

  /**
   * What a reconnecting tab missed after `afterId`, filtered to what this user may hear of — or
   * 'resync' when that is more than we replay or reaches back past what is kept. A tab's own last id
   * also gets the events raised shortly before it (commits land out of id order); a strict position
   * (`position()`) has none of those left to miss.
   */
  async missedSince(
    userId: string,
    afterId: number,
    options: { strict?: boolean } = {},
  ): Promise<{ id: number; event: LiveEvent }[] | 'resync'> {
    if ((await oldestKeptEventId(this.db)) > afterId + 1) return 'resync';
    const events = await eventsToReplay(this.db, afterId, LIVE_REPLAY_LIMIT + 1, {
      overlap: options.strict !== true,
    });
    if (events.length > LIVE_REPLAY_LIMIT) return 'resync';
    const audiences = await this.audiences(events, [userId]);
    return events
      .filter((e) => audiences.get(e.id)?.includes(userId))
      .map((e) => ({ id: e.id, event: toLiveEvent(e) }));
  }

  private schedule(delayMs: number) {
    if (this.pollTimer || this.closed) return;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      this.polling = this.poll().finally(() => (this.polling = null));
    }, delayMs);
    this.pollTimer.unref();
  }

  /** One read (or the first run's start), then the next one: at once after a full page. */
  private async poll() {
    if (this.streams.size === 0) {
      // Nobody to tell: stop reading; the next stream starts again from the latest event.
      this.stopReading();
      return;
    }
    let full = false;
    try {
      const outage = this.failingSince === null ? 0 : Date.now() - this.failingSince;
      if (this.cursor === null || outage > this.timing.holeMs) {
        await this.begin();
        // Too long away to be sure of the holes: every tab refetches what it shows.
        if (outage > this.timing.holeMs) this.resyncAll();
      } else {
        // The holes' clocks stop while reads fail: each is watched for holeMs of working reads.
        if (outage > 0) for (const [id, until] of this.holes) this.holes.set(id, until + outage);
        full = await this.readNew();
      }
      if (this.failingSince !== null) this.log.info('live events are read again');
      this.failingSince = null;
    } catch (err) {
      // The connection may be what broke: the next read opens another.
      this.dropReader();
      if (this.failingSince === null) {
        this.failingSince = Date.now();
        this.log.error({ err }, 'could not read live events; retrying');
      }
    } finally {
      this.markStarted();
    }
    if (this.running) this.schedule(full ? 0 : this.timing.pollMs);
  }

  private readerDb() {
    this.reader ??= this.database.connection(LIVE_READER_NAME);
    return this.reader.then((r) => r.db);
  }

  private dropReader() {
    const reader = this.reader;
    this.reader = null;
    void reader?.then((r) => r.close()).catch(() => {});
  }

  private stopReading() {
    this.dropReader();
    this.running = false;
    this.cursor = null;
    this.holes.clear();
    this.failingSince = null;
    this.markStarted();
  }

  /**
   * Starts reading from the latest id. The ids just before it that have not appeared may belong to
   * changes still committing: they are watched as holes, unless written before the hole bound.
   */
  private async begin() {
    const db = await this.readerDb();
    const latest = await latestEventId(db);
    const holes = await unseenIds(db, latest, START_LOOKBACK_IDS, this.timing.holeMs);
    const until = Date.now() + this.timing.holeMs;
    this.holes = new Map(holes.map((id) => [id, until]));
    this.cursor = latest;
  }

  /** Reads what appeared since the last read and delivers it; true when the page was full. */
  private async readNew(): Promise<boolean> {
    const cursor = this.cursor!;
    const db = await this.readerDb();
    const events = await newEvents(db, cursor, [...this.holes.keys()], PAGE_SIZE);
    const audiences = await this.audiences(events, this.streams.keys(), db);
    // Delivered only once everything above succeeded: a failed read is retried from the same place.
    events.sort((x, y) => x.id - y.id);
    for (const e of events) {
      for (const userId of new Set(audiences.get(e.id) ?? [])) {
        for (const s of this.streams.get(userId) ?? []) s.deliver(e.id, toLiveEvent(e));
      }
    }
    this.advance(cursor, events);
    return events.filter((e) => e.id > cursor).length >= PAGE_SIZE;
  }

  /** Moves the cursor past what was read, noting the ids skipped and giving up the expired ones. */
  private advance(cursor: number, events: StoredLiveEvent[]) {
    const now = Date.now();
    const seen = new Set<number>();
    let highest = cursor;
    for (const e of events) {
      this.holes.delete(e.id);
      seen.add(e.id);
      highest = Math.max(highest, e.id);
    }
    for (const [id, until] of this.holes) if (until <= now) this.holes.delete(id);
    // The skipped ids, newest first, as many as the bound leaves room for.
    const room = MAX_HOLES - this.holes.size;
    let added = 0;
    for (let id = highest - 1; id > cursor && added < room; id--) {
      if (!seen.has(id)) {
        this.holes.set(id, now + this.timing.holeMs);
        added += 1;
      }
    }
    if (this.holes.size >= MAX_HOLES)
      this.log.warn({ holes: this.holes.size }, 'live events: too many holes');
    this.cursor = highest;
  }

  /** Who may hear of each event (by its id), among `candidates` for what is not in the row. */
  private async audiences(
    events: StoredLiveEvent[],
    candidates: Iterable<string>,
    db: Db = this.db,
  ): Promise<Map<number, string[]>> {
    const requests = events.filter((e) => e.kind === 'request');
    const ids = (list: StoredLiveEvent[]) => [...new Set(list.map((e) => e.entityId))];
    const { responders, whileOpen } =
      requests.length === 0
        ? { responders: new Map<string, string[]>(), whileOpen: new Map<string, string[]>() }
        : await requestAudience(db, ids(requests), ids(requests.filter((e) => e.isOpenToMatches)), [
            ...candidates,
          ]);
    const result = new Map<number, string[]>();
    for (const e of events) {
      result.set(
        e.id,
        e.kind === 'request'
          ? [
              ...e.audience,
              ...(responders.get(e.entityId) ?? []),
              // Matching businesses only for a change that found the request open (drizzle/0007).
              ...(e.isOpenToMatches ? (whileOpen.get(e.entityId) ?? []) : []),
            ]
          : e.audience,
      );
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
