/**
 * The attacker of issue 26 items 3–5 (docs/decisions/020, docs/reliability.md "Secrets, enumeration
 * and caching"), against the running app with a real SMTP server and the log captured at info level:
 *
 * - an administrator asks for a victim's password reset and confirmation email, then reads every
 *   route an administrator may read (every page and filter of Deliveries, every delivery's detail,
 *   the CSV exports, the Request Audit, every other GET of the access matrix) and their own live
 *   stream, before and after delivery: no token, not even a piece of one; the outbox keeps no secret
 *   once a message is settled; the reset token is stored hashed; the log never shows one;
 * - every topic the server sends is classified as secret or not, by name, so a new kind of message
 *   with a token cannot slip past the redaction unnoticed;
 * - enumeration: sign-in, password reset and confirmation resends answer alike for an account that
 *   exists and one that does not; sign-up says "already exists" (the accepted risk), at most
 *   SIGN_UP_EXISTS_LIMIT times an hour per address, after which the address learns nothing more;
 * - caching: every /api answer to a signed-in person (each route of the access matrix as every
 *   signed-in role, refusals, successes and errors, and each Better Auth endpoint) says
 *   `Cache-Control: no-store`, except answers that are the same for everyone and say so; the live
 *   stream still streams.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_TEST_TOPICS,
  DELIVERY_CHANNELS,
  DELIVERY_MESSAGES,
  DELIVERY_STATUSES,
  NOTIFICATION_TYPES,
  SECRET_DELIVERY_TOPICS,
  type Delivery,
  type DeliveryPage,
} from '@grip/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { outbox, verifications } from '../db/schema';
import { openLiveStream, type LiveClient } from '../test/live-client';
import { startSmtpInbox, type SmtpInbox } from '../test/smtp-inbox';
import { cookiesOf, createTestApp, uniqueEmail, type TestApp } from '../test/test-app';
import {
  AUTH_GROUPS,
  MATRIX,
  refusalsOf,
  type Attempt,
  type Call,
  type Method,
  type Role,
} from './access-matrix';
import { buildWorld, closeWorld, type World } from './world';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_SRC = path.resolve(here, '..');

let smtp: SmtpInbox;
let t: TestApp;
let w: World;
let adminLive: LiveClient;
/** Every line the app logged, at info level and up. */
const log: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createTestApp(
    { SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void log.push(line) } },
  );
  // The outbox worker is stopped: messages wait as pending until a test delivers them.
  w = await buildWorld(t);
  adminLive = await openLiveStream(w.base, w.admin.cookie);
  await adminLive.ready;
});
afterAll(async () => {
  adminLive?.close();
  if (w) closeWorld(w);
  await t?.close();
  await smtp?.close();
});

const methodOf = (route: string) => route.split(' ')[0] as Method;
const cookieOf = (who: Role) => (who === 'visitor' ? undefined : w[who].cookie);
const send = (method: Method, call: Call, who: Role) =>
  t.inject({ method, url: call.url, cookie: cookieOf(who), payload: call.body, headers: call.headers });

async function deliverAll() {
  while ((await t.app.grip.outbox.runOnce()) > 0) {
    /* until nothing is due */
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Secrets: reset and confirmation links

/** The token of an emailed link: a reset link's last path segment, a confirmation link's ?token=. */
function tokenOf(link: string): string {
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? /\/reset-password\/([^/?#]+)/.exec(url.pathname)?.[1];
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/**
 * What must never be read: each token, and pieces of it long enough to matter (its start and end;
 * for a confirmation JWT its payload's end and its signature, not the header and the `{"email":`
 * every one of them starts with).
 */
function fragmentsOf(token: string): string[] {
  const [, payload, signature] = token.split('.');
  const pieces =
    payload && signature
      ? [payload, payload.slice(-12), signature, signature.slice(0, 12), signature.slice(-12)]
      : [token.slice(0, 12), token.slice(-12)];
  return [token, ...pieces];
}

/** The secret messages waiting in the outbox, read from the database (the test's own channel). */
async function pendingSecrets() {
  const rows = await t.db
    .select()
    .from(outbox)
    .where(inArray(outbox.topic, [...SECRET_DELIVERY_TOPICS]));
  return rows
    .filter((r) => r.status === 'pending')
    .map((r) => ({ ...r, token: tokenOf((r.payload as { link: string }).link) }));
}

/** Every answer an administrator can read: the access matrix's GETs, every page and detail of Deliveries. */
async function everythingAnAdministratorReads(): Promise<{ url: string; body: string }[]> {
  const urls: string[] = [];
  for (const entry of MATRIX.filter((e) => methodOf(e.route) === 'GET' && !e.refused.admin)) {
    if (entry.route === 'GET /uploads/*') continue; // image bytes
    urls.push(entry.call(w).url, ...(entry.views?.(w) ?? []));
  }
  for (const channel of ['', ...DELIVERY_CHANNELS]) {
    for (const status of ['', ...DELIVERY_STATUSES]) {
      let cursor: string | null = null;
      do {
        const url: string = `/api/admin/deliveries?limit=100&channel=${channel}&status=${status}${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await t.inject({ url, cookie: w.admin.cookie })).json() as DeliveryPage;
        urls.push(url);
        cursor = page.nextCursor;
      } while (cursor);
    }
  }
  const ids = await t.db.select({ id: outbox.id }).from(outbox);
  urls.push(...ids.map(({ id }) => `/api/admin/deliveries/${id}`));
  const read: { url: string; body: string }[] = [];
  for (const url of urls) {
    const res = await t.inject({ url, cookie: w.admin.cookie });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    read.push({ url, body: res.body });
  }
  return read;
}

function leaks(read: { url: string; body: string }[], tokens: string[], where = 'answer') {
  const found: string[] = [];
  for (const token of tokens) {
    for (const fragment of fragmentsOf(token)) {
      for (const r of read)
        if (r.body.includes(fragment)) found.push(`${where} ${r.url} shows "${fragment}"`);
    }
  }
  return found;
}

describe('secrets: an administrator tries to take over an account', () => {
  let tokens: string[] = [];
  let victimResetToken = '';

  it('asks for the victim’s reset and confirmation emails, then reads every route: no token, only that they went out', async () => {
    // Anyone may ask for a reset, or a new confirmation email, for any address.
    const reset = await t.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: w.A.email, redirectTo: '/auth?mode=reset' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const resend = await t.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email: w.A.email, callbackURL: '/' },
    });
    expect(resend.statusCode, resend.body).toBe(200);

    const secrets = await pendingSecrets();
    const ofVictim = secrets.filter((s) => s.recipient === w.A.email);
    expect(ofVictim.map((s) => s.topic).sort()).toEqual(['reset_password', 'verify_email', 'verify_email']);
    // Every party's sign-up confirmation is waiting too: each one a link that signs in.
    expect(secrets.length).toBeGreaterThanOrEqual(7);
    tokens = secrets.map((s) => s.token);
    victimResetToken = ofVictim.find((s) => s.topic === 'reset_password')!.token;

    const read = await everythingAnAdministratorReads();
    expect(leaks(read, tokens)).toEqual([]);
    // The log stays useful: the administrator sees that each went out, to whom, when, in what state.
    const listed = (
      (
        await t.inject({ url: '/api/admin/deliveries?channel=email&limit=100', cookie: w.admin.cookie })
      ).json() as {
        items: Delivery[];
      }
    ).items.filter((d) => d.recipient === w.A.email);
    expect(listed.find((d) => d.topic === 'reset_password')).toMatchObject({
      summary: 'Reset your Grip password',
      text: DELIVERY_MESSAGES.secretHidden,
      link: null,
      isRedacted: true,
      status: 'pending',
    });
    console.log(
      `secrets before delivery: ${read.length} administrator reads, ${tokens.length} tokens, no piece of one`,
    );
  });

  it('once delivered: the victim has the link, the outbox keeps none, the reset token is stored hashed, the administrator still reads none', async () => {
    expect(victimResetToken, 'the tokens of the test before').not.toBe('');
    await deliverAll();
    // The victim's mailbox has the working link (the redaction did not cost the delivery).
    const mail = smtp.mails.find((m) => m.to.includes(w.A.email) && m.raw.includes(victimResetToken));
    expect(mail, 'reset mail to the victim').toBeTruthy();

    const rows = await t.db
      .select({ status: outbox.status, payload: sql<string>`${outbox.payload}::text` })
      .from(outbox)
      .where(inArray(outbox.topic, [...SECRET_DELIVERY_TOPICS]));
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    const everyPayload = await t.db.select({ payload: sql<string>`${outbox.payload}::text` }).from(outbox);
    expect(
      leaks(
        everyPayload.map((r, i) => ({ url: `#${i}`, body: r.payload })),
        tokens,
        'outbox row',
      ),
    ).toEqual([]);
    const stored = await t.db.select({ identifier: verifications.identifier }).from(verifications);
    expect(
      leaks(
        stored.map((r) => ({ url: r.identifier.slice(0, 20), body: r.identifier })),
        [victimResetToken],
        'verification row',
      ),
    ).toEqual([]);

    const read = await everythingAnAdministratorReads();
    expect(leaks(read, tokens)).toEqual([]);
    expect(leaks([{ url: '/api/events', body: adminLive.raw }], tokens, 'live stream')).toEqual([]);
    console.log(`secrets after delivery: ${read.length} administrator reads and the live stream, no token`);
  });

  it('the log never shows a token: not the sent message, not the followed links, not the reset itself', async () => {
    const victim = await t.signUp({ name: 'Vic Tim' });
    await t.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: victim.email, redirectTo: '/auth?mode=reset' },
    });
    const mine = (await pendingSecrets()).filter((s) => s.recipient === victim.email);
    expect(mine.map((s) => s.topic).sort()).toEqual(['reset_password', 'verify_email']);
    await deliverAll();
    const links = mine.map((s) => new URL((s.payload as { link: string }).link));
    for (const link of links) {
      const followed = await t.inject({ url: `${link.pathname}${link.search}` });
      expect(followed.statusCode).toBe(302);
    }
    const reset = await t.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: mine.find((s) => s.topic === 'reset_password')!.token,
        newPassword: 'quartz-meadow-63',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const lines = log.map((line, i) => ({ url: `log line ${i}`, body: line }));
    expect(leaks(lines, [...tokens, ...mine.map((s) => s.token)], 'the')).toEqual([]);
    // The followed links were logged, without their token.
    expect(log.some((l) => l.includes('/api/auth/reset-password/[hidden]?callbackURL='))).toBe(true);
    expect(log.some((l) => l.includes('/api/auth/verify-email?token=[hidden]'))).toBe(true);
  });

  it('a deleted account’s messages still waiting are failed, and their secret wiped', async () => {
    const leaving = await t.signUp({ name: 'Lee Ving' });
    const [waiting] = (await pendingSecrets()).filter((s) => s.recipient === leaving.email);
    expect(waiting?.topic).toBe('verify_email');
    const deleted = await t.inject({
      method: 'POST',
      url: '/api/me/delete-account',
      cookie: leaving.cookie,
      payload: { password: leaving.password, confirmation: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, waiting!.id));
    expect(row).toMatchObject({
      status: 'failed',
      payload: { subject: 'Confirm your Grip account', secretWiped: true },
    });
  });

  it('knows every kind of message the server sends: each is a secret (hidden, wiped) or names no secret', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !full.includes('/test/')) {
          files.push(full);
        }
      }
    };
    walk(SERVER_SRC);
    const writers = files
      .filter((f) =>
        /\benqueue(ReturningId)?\(|\.insert\(outbox\)|insert into outbox\b/i.test(fs.readFileSync(f, 'utf8')),
      )
      .map((f) => path.relative(SERVER_SRC, f))
      .filter((f) => !/^jobs\/outbox\.ts$|^modules\/admin\/test-tools\.repository\.ts$/.test(f))
      .sort();
    // Each file that writes messages was read for what its messages carry. A new one fails here.
    expect(writers).toEqual([
      'auth/auth.ts', // reset_password, verify_email: the secrets
      'modules/admin/test-tools.routes.ts', // test_email, test_sms, test_new_request: a link to a screen
      // booking_cancelled, booking_time_*: the change in words and a link to the booking (issue 32)
      'modules/booking-changes/booking-notices.ts',
      'modules/disputes/dispute-notices.ts', // dispute: the step in words and a link to the job
      'modules/jobs/jobs.service.ts', // job_details: a link to the job's screen (sign-in required)
      'modules/notifications/notification-deliveries.ts', // push/SMS per notification type: a screen's link
      'modules/offers/offer-notices.ts', // response_accepted: a link to the job's screen
      'modules/requests/requests.service.ts', // new_request: a link to the request's screen
      'modules/responses/submit-quote.sql.ts', // new_response (responses.service.ts writes it): the screen's link
    ]);
    const literal = new Set<string>();
    for (const f of files) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/\btopic: '([a-z_]+)'/g)) literal.add(m[1]!);
    }
    const sent = new Set([...literal, ...Object.values(ADMIN_TEST_TOPICS), ...NOTIFICATION_TYPES]);
    const WITHOUT_SECRET = new Set([
      'new_request',
      'new_response',
      'response_accepted',
      'job_details',
      'dispute',
      ...Object.values(ADMIN_TEST_TOPICS),
      ...NOTIFICATION_TYPES,
    ]);
    const unclassified = [...sent].filter(
      (topic) => !WITHOUT_SECRET.has(topic) && !(SECRET_DELIVERY_TOPICS as readonly string[]).includes(topic),
    );
    expect(unclassified).toEqual([]);
    for (const secret of SECRET_DELIVERY_TOPICS) expect(literal.has(secret), secret).toBe(true);
    for (const topic of SECRET_DELIVERY_TOPICS) expect(WITHOUT_SECRET.has(topic), topic).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Enumeration: does an email have an account?

/** What a prober can compare: status, body, whether a cookie is set, and the header names. */
function observable(res: LightMyRequestResponse) {
  const headers = Object.keys(res.headers)
    .filter((h) => !['date', 'x-request-id', 'content-length'].includes(h))
    .sort();
  return { status: res.statusCode, body: res.body, setsCookie: 'set-cookie' in res.headers, headers };
}

describe('enumeration: an attacker asks whether an email has an account', () => {
  const probes: [string, (email: string) => unknown][] = [
    ['/api/auth/sign-in/email', (email) => ({ email, password: 'not-their-password-1' })],
    ['/api/auth/request-password-reset', (email) => ({ email, redirectTo: '/auth?mode=reset' })],
    ['/api/auth/send-verification-email', (email) => ({ email, callbackURL: '/' })],
  ];

  it('sign-in, password reset and a new confirmation email answer alike for both', async () => {
    for (const [url, body] of probes) {
      const exists = await t.inject({ method: 'POST', url, payload: body(w.C.email) });
      const absent = await t.inject({ method: 'POST', url, payload: body(uniqueEmail('nobody')) });
      expect(observable(exists), url).toEqual(observable(absent));
      expect(exists.statusCode, url).toBeLessThan(500);
    }
  });

  it('sign-up says "already exists" (the accepted risk), at most the limit an hour per address; then nothing', async () => {
    const limit = loadConfig({}).signUpExistsLimit;
    expect(limit).toBe(5);
    const probed = await createTestApp({ SIGN_UP_EXISTS_LIMIT: String(limit) });
    try {
      const accounts = [];
      for (let i = 0; i < limit + 2; i++) accounts.push((await probed.signUp()).email);
      const signUp = (email: string) =>
        probed.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          remoteAddress: '203.0.113.7',
          payload: { name: 'Prober', email, password: 'tulip-garden-9', role: 'user' },
        });
      const answers: string[] = [];
      for (const email of accounts) {
        // Alternating with new addresses: the prober learns from the difference while it lasts.
        const existing = await signUp(email);
        const fresh = await signUp(uniqueEmail('probe'));
        answers.push(`${existing.statusCode}/${fresh.statusCode}`);
      }
      // `limit` answers tell; from the last of them on, existing and new emails answer alike (refused).
      expect(answers).toEqual([...Array<string>(limit - 1).fill('422/200'), '422/429', '429/429', '429/429']);
    } finally {
      await probed.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Caching: no signed-in answer may be kept

const NO_STORE = 'no-store';
/** Answers the same for everyone, and cacheable on purpose (catalogue.routes.ts). */
const PUBLIC_CACHEABLE = new Set(['GET /api/service-categories']);

describe('caching: every signed-in /api answer says Cache-Control: no-store', () => {
  it('on every route of the access matrix, as every signed-in role: refusals, successes and errors', async () => {
    const problems: string[] = [];
    const statuses = new Map<string, number>();
    const check = async (route: string, method: Method, call: Call, who: Role) => {
      if (who === 'visitor' || !call.url.startsWith('/api/')) return;
      const res = await send(method, call, who);
      const cls = `${Math.floor(res.statusCode / 100)}xx`;
      statuses.set(cls, (statuses.get(cls) ?? 0) + 1);
      const header = res.headers['cache-control'];
      if (PUBLIC_CACHEABLE.has(route) && res.statusCode < 400) {
        // Cacheable only because it is the same for everyone: a visitor gets the same bytes.
        const visitor = await send(method, call, 'visitor');
        if (!/^public/.test(String(header)) || visitor.body !== res.body) {
          problems.push(
            `${route} as ${who}: "${header}", differs from a visitor's: ${visitor.body !== res.body}`,
          );
        }
      } else if (header !== NO_STORE) {
        problems.push(`${method} ${call.url} as ${who}: ${res.statusCode} with Cache-Control "${header}"`);
      }
    };
    const signedIn: Role[] = ['A', 'B', 'C', 'D', 'admin'];
    for (const entry of MATRIX) {
      const method = methodOf(entry.route);
      const attempts: Attempt[] = refusalsOf(entry);
      // The readers of a GET: everyone signed in whom it does not refuse.
      if (method === 'GET') {
        for (const who of signedIn.filter((r) => !entry.refused[r])) {
          attempts.push({ who, status: [200], call: entry.call, why: entry.why });
        }
      }
      attempts.push(...(entry.also?.(w) ?? []));
      for (const a of attempts) await check(entry.route, method, a.call(w), a.who);
    }
    const owned = MATRIX.filter((e) => e.owner).sort((a, b) => (a.owner!.step ?? 0) - (b.owner!.step ?? 0));
    for (const entry of owned) {
      await check(
        entry.route,
        methodOf(entry.route),
        await (entry.owner!.call ?? entry.call)(w),
        entry.owner!.who,
      );
    }
    // Errors of the framework itself: an unknown API path, a malformed one.
    await check('GET /api/*', 'GET', { url: '/api/no-such-thing' }, 'A');
    await check('GET /api/*', 'GET', { url: '/api/requests/%' }, 'A');
    expect(problems).toEqual([]);
    expect(statuses.get('2xx') ?? 0).toBeGreaterThan(100);
    expect(statuses.get('4xx') ?? 0).toBeGreaterThan(100);
    console.log(
      `Cache-Control: ${JSON.stringify(Object.fromEntries(statuses))} signed-in answers, all no-store`,
    );
  });

  it("on Better Auth's own endpoints, signed in: sessions, accounts, sign-in answers, refusals", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const p of AUTH_GROUPS.flatMap((g) => g.paths).filter((x) => x.call)) {
      // A throwaway account each time: some of these end the session or change the account.
      const person = await t.signUp();
      const call = p.call!(w);
      const res = await t.inject({
        method: p.method,
        url: call.url,
        cookie: person.cookie,
        payload: call.body,
      });
      checked += 1;
      if (res.headers['cache-control'] !== NO_STORE) {
        problems.push(`${p.method} ${call.url}: ${res.statusCode} with "${res.headers['cache-control']}"`);
      }
    }
    // The answers that carry a session: a sign-up and a sign-in.
    const email = uniqueEmail('cache');
    const signUp = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Cache', email, password: 'tulip-garden-9', role: 'user' },
    });
    const signIn = await t.signIn(email, 'tulip-garden-9');
    for (const res of [signUp, signIn.res]) {
      expect(cookiesOf(res)).toMatch(/session_token/);
      expect(res.headers['cache-control']).toBe(NO_STORE);
    }
    expect(problems).toEqual([]);
    console.log(`Cache-Control: ${checked} Better Auth endpoints signed in, all no-store`);
  });

  it('the live stream still streams, as never-stored (no-cache, no-transform)', async () => {
    const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const req = http.get(`${w.base}/api/events`, { headers: { cookie: w.A.cookie } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          expect(chunk.toString()).toMatch(/^retry: \d+/);
          resolve(res.headers);
          req.destroy();
        });
      });
      req.on('error', reject);
    });
    expect(headers['content-type']).toMatch(/text\/event-stream/);
    expect(headers['cache-control']).toBe('no-cache, no-transform');
  });
});
