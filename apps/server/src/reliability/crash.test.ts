/**
 * Crash safety (issue 10 §4, docs/reliability.md). The real server, as a child process, is
 * SIGKILLed in the middle of a burst of marketplace writes 20 times on the embedded database and 20
 * times on PostgreSQL, on the same data each time, and restarted: every write that got a 2xx is
 * there, none is there by halves (the whole-database invariants in crash-harness.ts), and the
 * embedded database opens cleanly every time. And PostgreSQL restarted under a running server: the
 * API answers a clear 503 meanwhile, and serves again after without the process being restarted.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  brokenInvariants,
  call,
  freePort,
  killAllServers,
  Marketplace,
  postgresBinDir,
  PrivateCluster,
  removeServerBundle,
  startGrip,
  type GripServer,
  type Query,
} from './crash-harness';
import { NO_POSTGRES, postgresAnswers, reliabilityPgUrl } from './postgres';

const KILLS = 20;
/** About 3 s a kill on a quiet 2-core machine; room for a busy one. */
const KILL_TEST_TIMEOUT_MS = 300_000;
/** Each burst runs this long (and until some writes were acknowledged) before the kill. */
const burstMs = () => 300 + Math.random() * 1200;
/** Multi-process deployments share one secret; a server restarted on PostgreSQL keeps its sessions. */
const AUTH_SECRET = randomBytes(32).toString('base64url');

const hasPostgres = await postgresAnswers();
const cleanups: (() => Promise<void> | void)[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `grip-crash-${name}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

afterAll(async () => {
  // Servers first: they hold the data directories and the databases dropped below.
  await killAllServers();
  removeServerBundle();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Starts the server on `env`, sets the marketplace up, then KILLS times: a burst of writes, SIGKILL
 * in its middle, `afterKill` (checks of the database as the dead server left it), a restart on the
 * same data, and the check over HTTP that every write acknowledged is there and none by halves.
 */
async function killRepeatedly(
  name: string,
  env: Record<string, string>,
  afterKill: (kill: number, market: Marketplace) => Promise<number>,
): Promise<void> {
  const begun = performance.now();
  const port = await freePort();
  const market = new Marketplace(name.toLowerCase());
  let server: GripServer = (await startGrip(port, env)).server;
  await market.setUp(server.url);
  const restarts: number[] = [];
  const bursts: number[] = [];
  let unanswered = 0;
  let checked = 0;

  for (let kill = 1; kill <= KILLS; kill++) {
    const burstBegun = performance.now();
    const burst = await market.burst(server.url, burstMs(), () => server.kill());
    bursts.push(performance.now() - burstBegun);
    unanswered += burst.unanswered;
    expect(server.troubles(), `kill ${kill}`).toEqual([]);
    const checkBegun = performance.now();
    checked += await afterKill(kill, market);
    const afterKillMs = performance.now() - checkBegun;
    const restarted = await startGrip(port, env);
    server = restarted.server;
    restarts.push(restarted.readyMs);
    const httpBegun = performance.now();
    checked += await market.checkOverHttp(server.url);
    const httpMs = performance.now() - httpBegun;
    expect(server.troubles(), `restart ${kill}`).toEqual([]);
    if (process.env.CRASH_TRACE) {
      console.log(
        `[crash] ${name} kill ${kill}: burst ${seconds(bursts.at(-1)!)}, ${burst.acknowledged} acknowledged, ${burst.unanswered} cut off; ready again in ${seconds(restarted.readyMs)}; checks ${seconds(afterKillMs)} + ${seconds(httpMs)} over HTTP`,
      );
    }
  }
  await server.kill();
  console.log(
    `[crash] ${name}: ${restarts.length} kills survived in ${seconds(performance.now() - begun)}; ` +
      `${market.acknowledged} writes acknowledged, ${unanswered} cut off in flight, ${checked} checks ` +
      `of acknowledged writes; burst median ${seconds(median(bursts))}; restart to ready median ` +
      `${seconds(median(restarts))}, max ${seconds(Math.max(...restarts))}`,
  );
  expect(restarts).toHaveLength(KILLS);
}

describe.sequential('SIGKILL during a burst of writes, then restart', () => {
  it(
    `PGlite: ${KILLS} kills, every acknowledged write kept whole, the data directory opens cleanly`,
    async () => {
      const env = { DATA_DIR: tempDir('pglite') };
      await killRepeatedly('PGlite', env, async (kill, market) => {
        if (kill !== KILLS) return 0;
        // The last crash is opened here, by PGlite itself, before any server touches it: the
        // directory as the kill left it recovers, and the whole database is checked in SQL.
        const client = await PGlite.create(env.DATA_DIR);
        try {
          const query: Query = async (sql, params) =>
            (await client.query<Record<string, unknown>>(sql, params)).rows;
          const found = await market.checkInDatabase(query);
          expect(found.problems).toEqual([]);
          expect(await brokenInvariants(query)).toEqual([]);
          return found.checked;
        } finally {
          await client.close();
        }
      });
    },
    KILL_TEST_TIMEOUT_MS,
  );

  it(
    `PostgreSQL: ${KILLS} kills, every acknowledged write kept whole`,
    async (ctx) => {
      if (!hasPostgres) return ctx.skip(NO_POSTGRES);
      // A database of its own on the shared server, dropped afterwards.
      const name = `grip_crash_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: reliabilityPgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: reliabilityPgUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      });
      const url = new URL(reliabilityPgUrl);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString(), DATA_DIR: tempDir('pg'), AUTH_SECRET };
      const db = new pg.Client({ connectionString: env.DATABASE_URL });
      await db.connect();
      cleanups.push(() => db.end());
      const query: Query = async (sql, params) =>
        (await db.query(sql, params)).rows as Record<string, unknown>[];

      await killRepeatedly('PostgreSQL', env, async (kill, market) => {
        // Straight after every kill, before the restart: the database as the dead server left it.
        const found = await market.checkInDatabase(query);
        expect(found.problems, `kill ${kill}`).toEqual([]);
        expect(await brokenInvariants(query), `kill ${kill}`).toEqual([]);
        return found.checked;
      });
    },
    KILL_TEST_TIMEOUT_MS,
  );
});

describe('PostgreSQL restarted under a running server', () => {
  it('answers a clear 503 while it is down and serves again after, in the same process', async (ctx) => {
    const bin = postgresBinDir();
    if (!bin)
      return ctx.skip('no PostgreSQL server binaries in /usr/lib/postgresql/*/bin to run a private cluster');
    const cluster = await PrivateCluster.create(bin);
    cleanups.push(() => cluster.destroy());
    const port = await freePort();
    const { server } = await startGrip(port, {
      DATABASE_URL: cluster.url,
      DATA_DIR: tempDir('restart'),
      AUTH_SECRET,
    });
    const pid = server.pid;
    const market = new Marketplace('restart');
    await market.setUp(server.url, 1, 0);
    const customer = market.customers[0]!;
    const post = () =>
      call(server.url, 'POST', '/api/requests', {
        cookie: customer.cookie,
        body: {
          serviceType: 'Home & Property Services',
          serviceSubtype: 'pool-maintenance',
          description: 'The pool pump stopped while the database restarted.',
          location: 'Manly NSW 2095',
          serviceAreaKm: 10,
          budget: 250,
        },
        timeoutMs: 10_000,
      });
    expect((await post()).status).toBe(201);

    // Traffic all along, caught in every phase: queries cut off by the stop, connections refused,
    // a server starting up. Each answer must be a success or a 503, and come quickly.
    let isWatching = true;
    const answers: { route: string; status: number; ms: number; body: unknown }[] = [];
    const traffic = (async () => {
      while (isWatching) {
        for (const [route, attempt] of Object.entries({
          'GET /api/requests': () =>
            call(server.url, 'GET', '/api/requests', { cookie: customer.cookie, timeoutMs: 10_000 }),
          // Reads only: posting is limited per customer and hour (requests.routes), failed tries too.
          'GET /api/notifications': () =>
            call(server.url, 'GET', '/api/notifications', { cookie: customer.cookie, timeoutMs: 10_000 }),
        })) {
          const answer = await attempt().catch((err: Error) => ({ status: -1, ms: 0, body: err.message }));
          answers.push({ route, status: answer.status, ms: answer.ms, body: answer.body });
        }
      }
    })();

    for (const mode of ['fast', 'immediate'] as const) {
      // A session this process has not seen yet: checking it needs the database (no cached answer).
      const signedIn = await call(server.url, 'POST', '/api/auth/sign-in/email', {
        body: { email: customer.email, password: customer.password },
      });
      expect(signedIn.status).toBe(200);
      const freshCookie = signedIn.cookies.map((c) => c.split(';')[0]).join('; ');
      await cluster.stop(mode);
      // Everything that needs the database: readiness, a page, a write, a sign-in.
      const attempts = {
        'GET /readyz': () => call(server.url, 'GET', '/readyz', { timeoutMs: 10_000 }),
        'GET /api/requests': () =>
          call(server.url, 'GET', '/api/requests', { cookie: customer.cookie, timeoutMs: 10_000 }),
        'POST /api/requests': post,
        'GET /api/requests, a session not checked yet': () =>
          call(server.url, 'GET', '/api/requests', { cookie: freshCookie, timeoutMs: 10_000 }),
        'POST /api/auth/sign-in/email': () =>
          call(server.url, 'POST', '/api/auth/sign-in/email', {
            body: { email: customer.email, password: customer.password },
            timeoutMs: 10_000,
          }),
      };
      for (const [route, attempt] of Object.entries(attempts)) {
        const answer = await attempt().catch((err: Error) => {
          throw new Error(`${mode}, ${route}: ${err.message}\n${server.output.slice(-10).join('\n')}`);
        });
        const said = `${mode}, ${route}: ${JSON.stringify(answer.body)}\n${server.output.slice(-5).join('\n')}`;
        expect(answer.status, said).toBe(503);
        expect(JSON.stringify(answer.body), said).toMatch(/temporarily unavailable|not reachable/);
        expect(answer.ms, said).toBeLessThan(3000);
      }

      await cluster.start();
      const back = performance.now();
      // Ready again within seconds, and then a write goes through at once.
      let ready = await call(server.url, 'GET', '/readyz');
      while (ready.status !== 200 && performance.now() - back < 10_000) {
        expect(ready.status, JSON.stringify(ready.body)).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 50));
        ready = await call(server.url, 'GET', '/readyz');
      }
      const recoveredMs = performance.now() - back;
      expect(ready.status).toBe(200);
      const served = await post();
      expect(served.status, JSON.stringify(served.body)).toBe(201);
      expect(server.isAlive).toBe(true);
      expect(server.pid).toBe(pid);
      console.log(
        `[crash] PostgreSQL stopped (${mode}) under the server: 503 meanwhile; served again ${seconds(recoveredMs)} after it was back, same process`,
      );
    }
    isWatching = false;
    await traffic;
    const wrong = answers.filter((a) => ![200, 201, 503].includes(a.status) || a.ms > 3000);
    expect(wrong, server.troubles().slice(0, 3).join('\n').slice(0, 3000)).toEqual([]);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    console.log(
      `[crash] traffic through both restarts: ${answers.length} calls, ${answers.filter((a) => a.status === 503).length} answered 503, none 500 or slower than 3 s`,
    );
  });
});
