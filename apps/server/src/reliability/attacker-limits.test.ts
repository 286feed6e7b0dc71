/**
 * Attacker suite — rate limits shared by every process (issue 26, decision 022).
 *
 * Two real Grip servers (the production entry point, bundled as `npm start` runs it) on one PostgreSQL
 * database, with one reverse proxy hop trusted so the attacker can speak from any address it likes.
 * The attacker alternates between the two processes — as a load balancer would hand its requests out —
 * and must get exactly the configured budget in total, not once per process: guesses at one account
 * from many addresses, one address spraying many accounts, chat messages, public address lookups.
 * The account's own address stays usable through the attack whichever process it reaches. And while
 * the database cannot count, the tries are counted in each process (never a 500).
 *
 * PostgreSQL only (the embedded database belongs to one process); skipped, saying so, when none answers.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENDING_TOO_FAST } from '../modules/conversations/conversations.routes';
import { GEO_MESSAGES, GEO_RATE_LIMIT_PER_MINUTE } from '../modules/geo/geo.routes';
import { POOL_REQUEST, MANLY } from '../test/pool-request';
import { freePort, killAllServers, removeServerBundle, startGrip, type GripServer } from './crash-harness';
import { NO_POSTGRES, postgresAnswers, reliabilityPgUrl } from './postgres';

const hasPostgres = await postgresAnswers();

const AUTH_RATE_LIMIT = 4;
const MESSAGE_RATE_LIMIT = 6;
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';
/** Every limit here is per minute: an attack that took longer would be measured over two windows. */
const WINDOW_MS = 60_000;

interface Answer {
  status: number;
  retryAfter: number | null;
  body: { message?: string; user?: { id: string } } | null;
  cookie: string;
}

/** One call as a browser behind the proxy would make it: the server's own Origin, the client's address. */
async function call(
  server: GripServer,
  method: 'GET' | 'POST',
  url: string,
  opts: { from: string; cookie?: string; body?: unknown },
): Promise<Answer> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      origin: server.url,
      'x-forwarded-for': opts.from,
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: Answer['body'] = null;
  try {
    body = text ? (JSON.parse(text) as Answer['body']) : null;
  } catch {
    // Not JSON: kept as null.
  }
  const retryAfter = res.headers.get('retry-after');
  return {
    status: res.status,
    retryAfter: retryAfter === null ? null : Number(retryAfter),
    body,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

/** A refusal as the limits give it: 429, Retry-After within the window, plain words. */
function expectRefused(answer: Answer, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.retryAfter).toBeGreaterThanOrEqual(1);
  expect(answer.retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
  expect(answer.body?.message).toBe(message);
}

/** The statuses of `tries` calls handed to the two processes in turn; checks they fit in one window. */
async function alternate(
  servers: readonly [GripServer, GripServer],
  tries: number,
  one: (server: GripServer, i: number) => Promise<Answer>,
): Promise<Answer[]> {
  const begun = Date.now();
  const answers: Answer[] = [];
  for (let i = 0; i < tries; i++) answers.push(await one(servers[i % 2]!, i));
  expect(Date.now() - begun, 'the attack must fit in one window to measure it').toBeLessThan(WINDOW_MS / 2);
  return answers;
}

const statuses = (answers: Answer[]) => answers.map((a) => a.status);
const times = (n: number, status: number) => Array<number>(n).fill(status);

describe.skipIf(!hasPostgres)(
  `two server processes on one PostgreSQL count one budget${hasPostgres ? '' : ` (skipped: ${NO_POSTGRES})`}`,
  () => {
    const name = `grip_limits_${randomBytes(6).toString('hex')}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grip-limits-'));
    let servers: readonly [GripServer, GripServer];
    let db: pg.Client;
    let seq = 0;
    const email = (label: string) => `limits.${label}.${Date.now().toString(36)}.${++seq}@example.com`;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: reliabilityPgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(reliabilityPgUrl);
      url.pathname = `/${name}`;
      const env = {
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(32).toString('base64url'),
        AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
        MESSAGE_RATE_LIMIT: String(MESSAGE_RATE_LIMIT),
        // The attacker's proxy hop: X-Forwarded-For names the client.
        TRUST_PROXY: '1',
      };
      // One after the other: the first migrates the new database.
      const first = (await startGrip(await freePort(), env)).server;
      const second = (await startGrip(await freePort(), env)).server;
      servers = [first, second];
      db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
    });

    afterAll(async () => {
      await db?.end();
      await killAllServers();
      removeServerBundle();
      const admin = new pg.Client({ connectionString: reliabilityPgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** Signs up through the first process, from an address of its own (sign-ups are limited too). */
    async function signUp(
      label: string,
      role: 'user' | 'business_owner' = 'user',
      from = `10.99.${++seq % 250}.1`,
    ) {
      const address = email(label);
      const password = 'correct-horse-42';
      const answer = await call(servers[0], 'POST', '/api/auth/sign-up/email', {
        from,
        body: {
          name: `Limits ${label}`,
          email: address,
          password,
          role,
          ...(role === 'business_owner' ? { businessName: `Limits ${label}` } : {}),
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return { email: address, password, cookie: answer.cookie, userId: answer.body!.user!.id, from };
    }

    it('guesses at one account from many addresses, through both processes, get AUTH_RATE_LIMIT tries in all', async () => {
      // The person signs up (and so signs in) from home, through the first process.
      const victim = await signUp('victim', 'user', '10.20.0.1');
      const answers = await alternate(servers, AUTH_RATE_LIMIT * 2 + 2, (server, i) =>
        call(server, 'POST', '/api/auth/sign-in/email', {
          from: `10.21.0.${i + 1}`,
          body: { email: victim.email, password: `guess-${i}-wrong` },
        }),
      );
      expect(statuses(answers)).toEqual([...times(AUTH_RATE_LIMIT, 401), ...times(AUTH_RATE_LIMIT + 2, 429)]);
      for (const refused of answers.slice(AUTH_RATE_LIMIT)) expectRefused(refused, TOO_MANY_ATTEMPTS);

      // Home is known to every process: the second one lets the person in while the attack goes on…
      const home = await call(servers[1], 'POST', '/api/auth/sign-in/email', {
        from: victim.from,
        body: { email: victim.email, password: victim.password },
      });
      expect(home.status, JSON.stringify(home.body)).toBe(200);
      // …and from a new address the right password waits like any guess, on either process.
      for (const server of servers) {
        expectRefused(
          await call(server, 'POST', '/api/auth/sign-in/email', {
            from: '10.20.0.2',
            body: { email: victim.email, password: victim.password },
          }),
          TOO_MANY_ATTEMPTS,
        );
      }
    });

    it('one address spraying many accounts, through both processes, gets AUTH_RATE_LIMIT tries in all', async () => {
      const answers = await alternate(servers, AUTH_RATE_LIMIT * 2 + 2, (server) =>
        call(server, 'POST', '/api/auth/sign-in/email', {
          from: '10.22.0.1',
          body: { email: email('sprayed'), password: 'guess-wrong-12' },
        }),
      );
      expect(statuses(answers)).toEqual([...times(AUTH_RATE_LIMIT, 401), ...times(AUTH_RATE_LIMIT + 2, 429)]);
      for (const refused of answers.slice(AUTH_RATE_LIMIT)) expectRefused(refused, TOO_MANY_ATTEMPTS);
      // Another address is not held back by it.
      const other = await call(servers[1], 'POST', '/api/auth/sign-in/email', {
        from: '10.22.0.2',
        body: { email: email('sprayed'), password: 'guess-wrong-12' },
      });
      expect(other.status).toBe(401);
    });

    /** A customer and a business with an accepted quote between them: a conversation both may write to. */
    async function conversation() {
      const customer = await signUp('customer');
      const business = await signUp('business', 'business_owner');
      await db.query(
        `update profiles set service_categories = $2, latitude = $3, longitude = $4, service_area_km = 25
           where user_id = $1`,
        [business.userId, ['Pool Maintenance'], MANLY.latitude, MANLY.longitude],
      );
      const posted = await call(servers[0], 'POST', '/api/requests', {
        from: customer.from,
        cookie: customer.cookie,
        body: POOL_REQUEST,
      });
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
      const requestId = (posted.body as { id: string }).id;
      const quoted = await call(servers[1], 'POST', `/api/business/requests/${requestId}/responses`, {
        from: business.from,
        cookie: business.cookie,
        body: { message: 'Thursday works.', quotedPrice: 180, priceType: 'fixed' },
      });
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(201);
      const responseId = (quoted.body as { id: string }).id;
      // Accepted directly: how a quote gets booked is not what this file is about.
      await db.query(`update business_responses set status = 'accepted' where id = $1`, [responseId]);
      return { customer, business, responseId };
    }

    const sentBy = async (userId: string) =>
      Number((await db.query('select count(*) as n from messages where sender_id = $1', [userId])).rows[0].n);

    it('chat messages sent through both processes get MESSAGE_RATE_LIMIT in all', async () => {
      const { customer, responseId } = await conversation();
      const answers = await alternate(servers, MESSAGE_RATE_LIMIT * 2 + 2, (server, i) =>
        call(server, 'POST', `/api/conversations/${responseId}/messages`, {
          from: customer.from,
          cookie: customer.cookie,
          body: { message: `Are you coming? (${i + 1})` },
        }),
      );
      expect(statuses(answers)).toEqual([
        ...times(MESSAGE_RATE_LIMIT, 201),
        ...times(MESSAGE_RATE_LIMIT + 2, 429),
      ]);
      for (const refused of answers.slice(MESSAGE_RATE_LIMIT)) expectRefused(refused, SENDING_TOO_FAST);
      expect(await sentBy(customer.userId)).toBe(MESSAGE_RATE_LIMIT);
    });

    it('public address lookups from one address, through both processes, get 60 a minute in all', async () => {
      const answers = await alternate(servers, GEO_RATE_LIMIT_PER_MINUTE + 4, (server) =>
        call(server, 'GET', '/api/geo/suggest?q=Manly', { from: '10.23.0.1' }),
      );
      expect(statuses(answers)).toEqual([...times(GEO_RATE_LIMIT_PER_MINUTE, 200), ...times(4, 429)]);
      for (const refused of answers.slice(GEO_RATE_LIMIT_PER_MINUTE)) {
        expectRefused(refused, GEO_MESSAGES.rateLimited);
      }
    });

    it('counts in each process while the database cannot count, and never answers 500', async () => {
      const { business, responseId } = await conversation();
      await db.query('alter table rate_limits rename to rate_limits_unreachable');
      let answers: Answer[];
      try {
        answers = await alternate(servers, MESSAGE_RATE_LIMIT * 2 + 2, (server, i) =>
          call(server, 'POST', `/api/conversations/${responseId}/messages`, {
            from: business.from,
            cookie: business.cookie,
            body: { message: `On my way (${i + 1})` },
          }),
        );
      } finally {
        await db.query('alter table rate_limits_unreachable rename to rate_limits');
      }
      // Each process lets its own MESSAGE_RATE_LIMIT through: the old, per-process budget, no worse.
      expect(statuses(answers)).toEqual([...times(MESSAGE_RATE_LIMIT * 2, 201), ...times(2, 429)]);
      expect(await sentBy(business.userId)).toBe(MESSAGE_RATE_LIMIT * 2);
      for (const server of servers) {
        expect(server.output.some((line) => line.includes('counting in this process meanwhile'))).toBe(true);
      }
    });
  },
);
