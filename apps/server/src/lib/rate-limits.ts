import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '../db/client';
import { TooManyRequests } from './errors';

/**
 * Every rate limit of the server, counted by rate-limiter-flexible (decision 022): on PostgreSQL in
 * one table that all processes share (`rate_limits`, db/schema/rate-limits.ts), so N processes give an
 * attacker one budget, not N; on the embedded database — one process owns it — in this process's
 * memory. Both stores count the same way: a fixed window that starts at a key's first try, `points`
 * tries in it, every refused try counted too (the window does not move), and the wait until the window
 * ends as Retry-After.
 *
 * When the database fails to count (down, restarting, a connection that will not come), the try is
 * counted in this process's memory instead — the library's "insurance" limiter, with the same limit —
 * so the answer is neither a 500 nor a refusal nobody earned, and an attacker gets at most one
 * process's budget while it lasts (the old, per-process behaviour). Requests that need the database
 * fail on their own anyway (503).
 */

/**
 * The shared table (db/schema/rate-limits.ts). UNLOGGED in its migration: a try is then one round
 * trip, not a write-ahead-log flush as well (2.3–4 ms median here, against 45–50 µs; decision 022), and
 * counters that a crash of PostgreSQL or a fail-over forgets cost nothing worth keeping them for.
 */
export const RATE_LIMIT_TABLE = 'rate_limits';

const SWEEP_EVERY_MS = 5 * 60_000;
/** Rows are kept an hour past their window's end (the library's own rule). */
const SWEEP_AFTER_MS = 60 * 60_000;
/** Longer keys are hashed: the table's key is varchar(255), and a sign-in body's email is anyone's text. */
const LONG_KEY = 128;
/** At most one warning a minute while the database fails to count. */
const WARN_EVERY_MS = 60_000;

/** Any Fastify reply (typed routes' replies are their own types): where Retry-After is set. */
interface Reply {
  header(name: string, value: string): unknown;
}

export interface RateLimit {
  /** Counts one try under `key`; resolves to the seconds to wait when over the limit, else 0. Never rejects. */
  hit(key: string): Promise<number>;
  /** Counts one try under `key`; over the limit, answers 429 with Retry-After (and `message`). */
  enforce(key: string, reply: Reply, message?: string): Promise<void>;
  /**
   * Without counting: the seconds until a try under `key` would be within the limit (its window
   * already holds `points` tries), else 0. Never rejects; 0 when the store cannot answer.
   */
  wait(key: string): Promise<number>;
}

/** Keys remembered for a while, shared like the counters (the auth throttle's known addresses). */
export interface Marks {
  add(key: string): Promise<void>;
  /** Whether `key` was added less than the marks' lifetime ago; false when the store cannot answer. */
  has(key: string): Promise<boolean>;
}

export interface RateLimits {
  readonly store: 'memory' | 'postgres';
  /**
   * The limit named `name`: `points` tries per `windowSeconds` for each key. The name prefixes its
   * keys in the store, so it is unique per limit; asking again for a name gives the same limit.
   */
  limit(name: string, points: number, windowSeconds: number): RateLimit;
  /** Marks named `name`, each kept `forSeconds`; in memory at most `maxInMemory`, oldest forgotten first. */
  marks(name: string, forSeconds: number, maxInMemory?: number): Marks;
  /** Stops the sweep of ended windows (the database itself is closed by its owner). */
  close(): void;
}

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** The rate limits of an app on `database`: shared in PostgreSQL, in memory on the embedded database. */
export async function openRateLimits(
  database: Pick<Database, 'kind' | 'pool'>,
  log: Log,
): Promise<RateLimits> {
  if (database.kind === 'postgres' && database.pool) return openPostgresLimits(database.pool, log);
  return openMemoryLimits();
}

function storedKey(key: string): string {
  return key.length > LONG_KEY ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
}

/** Seconds to wait as Retry-After: whole seconds, at least one (a refusal never says "now"). */
const secondsOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

function rateLimit(limiter: RateLimiterAbstract, log: Log): RateLimit {
  const hit = async (key: string) => {
    try {
      await limiter.consume(storedKey(key));
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return secondsOf(err);
      // Not reached with an insurance limiter, which counts whenever the store fails; kept so that
      // no failure of the counting itself can refuse a request or turn it into a 500.
      log.warn({ err, limit: limiter.keyPrefix }, 'rate limit could not count a try; let through');
      return 0;
    }
  };
  return {
    hit,
    wait: async (key) => {
      try {
        const res = await limiter.get(storedKey(key));
        return res && res.consumedPoints >= limiter.points && res.msBeforeNext > 0 ? secondsOf(res) : 0;
      } catch (err) {
        log.warn({ err, limit: limiter.keyPrefix }, 'rate limit could not be read; let through');
        return 0;
      }
    },
    enforce: async (key, reply, message) => {
      const wait = await hit(key);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new TooManyRequests(message);
      }
    },
  };
}

/** A registry that gives one limit per name (two registrations of a name would count apart in memory). */
function registry(make: (name: string, points: number, windowSeconds: number) => RateLimit) {
  const limits = new Map<string, { points: number; windowSeconds: number; limit: RateLimit }>();
  return (name: string, points: number, windowSeconds: number): RateLimit => {
    const known = limits.get(name);
    if (known) {
      if (known.points !== points || known.windowSeconds !== windowSeconds) {
        throw new Error(`rate limit "${name}" already exists with another limit`);
      }
      return known.limit;
    }
    const limit = make(name, points, windowSeconds);
    limits.set(name, { points, windowSeconds, limit });
    return limit;
  };
}

function openMemoryLimits(): RateLimits {
  const silent: Log = { warn: () => {} };
  return {
    store: 'memory',
    limit: registry((name, points, windowSeconds) =>
      rateLimit(new RateLimiterMemory({ keyPrefix: name, points, duration: windowSeconds }), silent),
    ),
    marks: (_name, forSeconds, maxInMemory) => memoryMarks(forSeconds * 1000, maxInMemory),
    close: () => {},
  };
}

/**
 * In a Map rather than RateLimiterMemory: the library expires each key with its own timer, and Node
 * cannot time more than 24.8 days (a 30-day mark would be dropped at once). Bounded: past
 * `maxInMemory` the oldest mark is forgotten.
 */
function memoryMarks(forMs: number, maxInMemory = 100_000): Marks {
  /** key -> until when (ms). Insertion order = oldest first. */
  const marks = new Map<string, number>();
  return {
    add: async (key) => {
      const stored = storedKey(key);
      marks.delete(stored);
      if (marks.size >= maxInMemory) {
        const oldest = marks.keys().next().value;
        if (oldest !== undefined) marks.delete(oldest);
      }
      marks.set(stored, Date.now() + forMs);
    },
    has: async (key) => {
      const until = marks.get(storedKey(key));
      return until !== undefined && until > Date.now();
    },
  };
}

/** The library's insurance limiter: counts in this process while the database does not answer. */
class CountedHere extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(key: string | number, pointsToConsume?: number, options?: Record<string, unknown>) {
    this.onUse();
    return super.consume(key, pointsToConsume, options);
  }
}

/** The library's PostgreSQL store has this (typed only for some stores): deletes rows that ended before `expire`. */
type Sweeper = RateLimiterPostgres & { clearExpired(expire: number): Promise<void> };

async function openPostgresLimits(pool: pg.Pool, log: Log): Promise<RateLimits> {
  let warnedAt = -Infinity;
  const warn = (err: unknown, what: string) => {
    if (Date.now() - warnedAt < WARN_EVERY_MS) return;
    warnedAt = Date.now();
    log.warn({ err }, what);
  };
  const storeOptions = {
    storeClient: pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    // One sweep for the table (below), not a timer per limit that outlives the app.
    clearExpiredByTimeout: false,
    // Migration 0021 makes the table (unlogged): the library never runs DDL of its own.
    tableCreated: true,
  };
  const sweeper = new RateLimiterPostgres({
    ...storeOptions,
    keyPrefix: 'sweep',
    points: 1,
    duration: 1,
  }) as Sweeper;
  const sweep = setInterval(() => void sweeper.clearExpired(Date.now() - SWEEP_AFTER_MS), SWEEP_EVERY_MS);
  sweep.unref();

  return {
    store: 'postgres',
    limit: registry((name, points, windowSeconds) => {
      const limiter = new RateLimiterPostgres({
        ...storeOptions,
        keyPrefix: name,
        points,
        duration: windowSeconds,
        // A key over its limit is refused here without asking the database again until its window
        // ends: an attacker's refused tries cost no round trip (the window never moves anyway).
        inMemoryBlockOnConsumed: points + 1,
        insuranceLimiter: new CountedHere({ keyPrefix: name, points, duration: windowSeconds }, () =>
          warn(
            undefined,
            'the database did not count a rate-limited try: counting in this process meanwhile',
          ),
        ),
      });
      return rateLimit(limiter, log);
    }),
    marks: (name, forSeconds) => {
      const store = new RateLimiterPostgres({
        ...storeOptions,
        keyPrefix: name,
        points: 1,
        duration: forSeconds,
      });
      return {
        add: async (key) => {
          await store.set(storedKey(key), 1, forSeconds).catch((err: unknown) => {
            warn(err, 'the database did not keep a mark');
          });
        },
        has: async (key) =>
          store.get(storedKey(key)).then(
            (res) => res !== null,
            (err: unknown) => {
              warn(err, 'the database did not answer for a mark: taken as absent');
              return false;
            },
          ),
      };
    },
    close: () => clearInterval(sweep),
  };
}
