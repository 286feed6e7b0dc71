import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every repository takes: the same Drizzle API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection pool, for libraries that take a node-postgres pool (rate limits). */
  pool?: pg.Pool;
  /** Runs committed migrations; safe to call from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Subscribes to a NOTIFY channel. On PostgreSQL this holds one dedicated connection, reconnected
   * with backoff when it drops; `onReconnect` then runs so the caller can catch up on what it missed.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * A connection of the caller's own, for steady background reads that must not queue behind requests
   * for a pooled one (the live hub reads new events every few milliseconds). PostgreSQL: a client
   * outside the pool whose queries give up after a while, so a broken one fails and is replaced by its
   * caller; PGlite: its one connection.
   */
  connection(name: string): Promise<{ db: Db; close(): Promise<void> }>;
  /** The embedded database's whole data directory as a tarball (PGlite only). */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
}

const MIGRATION_LOCK_ID = 7_245_113;

/** The committed migrations, found both from source (tsx, tests) and from the bundled dist/. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

/**
 * An in-memory embedded database started from a copy of another's data directory (a PGlite dump).
 * The tests start every app from one migrated copy instead of running initdb and the migrations again.
 */
export async function openPgliteCopy(dump: Blob): Promise<Database> {
  return wrapPglite(await PGlite.create({ loadDataDir: dump }), () => {});
}

/**
 * One process owns an embedded database directory: a second one (another server, the admin CLI)
 * would corrupt it. A pid file claims it; a file left by a process that is gone is taken over.
 */
const heldDataDirs = new Set<string>();

function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'grip.pid');
  const claim = () => fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
  try {
    claim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const owner = Number(fs.readFileSync(file, 'utf8').trim());
    // Our own pid counts only if this process really holds it: in a container a restarted server
    // often gets the pid its crashed predecessor had.
    const inUse = owner === process.pid ? heldDataDirs.has(dataDir) : owner > 0 && isAlive(owner);
    if (inUse) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by another Grip process (pid ${owner}). ` +
          'Stop it first, or set DATA_DIR to another folder.',
      );
    }
    fs.rmSync(file, { force: true });
    claim();
  }
  heldDataDirs.add(dataDir);
  return () => {
    heldDataDirs.delete(dataDir);
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPglite(dataDir: string): Promise<Database> {
  let client: PGlite;
  let releaseLock = () => {};
  if (dataDir === 'memory://') {
    client = await PGlite.create();
  } else {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = lockDataDir(dataDir);
    try {
      client = await PGlite.create(dataDir);
    } catch (err) {
      releaseLock();
      throw err;
    }
  }
  return wrapPglite(client, releaseLock);
}

function wrapPglite(client: PGlite, releaseLock: () => void): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() }),
    dump: () => client.dumpDataDir('none'),
    ping: async () => {
      await client.query('select 1');
    },
    connection: async () => ({ db, close: async () => {} }),
    // One in-process connection: it never drops, so there is nothing to reconnect.
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  // A server that stops answering without refusing connections must not hang requests: after 5 s
  // the connection attempt fails, which the error handler answers as 503 (docs/reliability.md).
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client erroring (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {});
  // Nor one in use: the pool takes its own listener off a client while it is lent out, and a client
  // whose connection breaks between two queries of a transaction then emits 'error' to nobody — an
  // uncaught exception (seen in the crash tests, PostgreSQL stopped 'fast'). Its queries still fail.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: async () => {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        // If unlocking fails the connection is broken: destroy it rather than pool it still locked.
        const unlocked = await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).then(
          () => undefined,
          (err: Error) => err,
        );
        lock.release(unlocked);
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    connection: async (name) => {
      const client = new pg.Client({
        connectionString: url,
        // Names it in pg_stat_activity.
        application_name: name,
        keepAlive: true,
        connectionTimeoutMillis: 5_000,
        query_timeout: OWN_CONNECTION_QUERY_TIMEOUT_MS,
      });
      client.on('error', () => {}); // its next query fails, and the caller replaces it
      await client.connect();
      return {
        db: drizzlePg({ client, schema }) as unknown as Db,
        close: () => client.end().catch(() => {}),
      };
    },
    listen: (channel, onPayload, onReconnect) => listenPostgres(url, channel, onPayload, onReconnect),
    close: () => pool.end(),
  };
}

/** A query on an own connection that has not answered by then is taken for a broken connection. */
const OWN_CONNECTION_QUERY_TIMEOUT_MS = 10_000;
const LISTEN_RETRY_MAX_MS = 10_000;
/** A half-open connection (NAT timeout, failover) never says it died: it is asked this often. */
const LISTEN_PING_MS = 30_000;
const LISTEN_PING_TIMEOUT_MS = 10_000;

/**
 * LISTEN on a dedicated connection (a pooled one could be handed to someone else). When it drops
 * (PostgreSQL restarted, network cut) it reconnects with backoff and calls `onReconnect`, because
 * notifications sent meanwhile are lost to it.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | null = null;

  const ping = setInterval(() => {
    const current = client;
    if (!current) return;
    const timeout = new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error('LISTEN connection did not answer')), LISTEN_PING_TIMEOUT_MS).unref();
    });
    // A ping that fails or hangs ends the connection; its 'end' schedules the reconnect.
    Promise.race([current.query('select 1'), timeout]).catch(() => {
      current.end().catch(() => {});
      if (client === current) {
        client = null;
        schedule();
      }
    });
  }, LISTEN_PING_MS);
  ping.unref();

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    next.on('error', () => {}); // followed by 'end', which schedules the reconnect
    next.on('end', () => {
      if (client === next) client = null;
      if (!stopped) schedule();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    retryMs = 250;
    if (isReconnect) onReconnect();
  };

  const schedule = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      connect(true).catch(() => {
        retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
        schedule();
      });
    }, retryMs);
    timer.unref();
  };

  const stop = () => {
    stopped = true;
    clearInterval(ping);
    if (timer) clearTimeout(timer);
  };
  try {
    await connect(false);
  } catch (err) {
    stop();
    throw err;
  }
  return async () => {
    stop();
    const current = client;
    client = null;
    if (current) await current.end().catch(() => {});
  };
}
