/**
 * Auth hardening (issue 10 §5, docs/reliability.md), from the attacker's side: passwords are stored
 * at OWASP's scrypt factors (and older hashes are upgraded); guessing is throttled per account and
 * per address with 429 + Retry-After, without letting anyone lock a person out for long; sessions can
 * be revoked, end when idle and at an absolute age, are never carried over a sign-in and end at
 * sign-out; reset and confirmation links work once and briefly; a reset does not skip two-factor.
 */
import { scrypt } from 'node:crypto';
import { hashPassword as betterAuthDefaultHash } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  RESET_TOKEN_SECONDS,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  storedResetIdentifier,
  VERIFICATION_TOKEN_SECONDS,
} from '../auth/auth';
import { accounts, sessions, users, verifications } from '../db/schema';
import { startSmtpInbox, type SmtpInbox } from '../test/smtp-inbox';
import { cookiesOf, createTestApp, uniqueEmail, type TestApp } from '../test/test-app';
import { secretOf, totp } from '../test/totp';

const DAY_MS = 24 * 60 * 60 * 1000;
const RATE_LIMIT = 5;

let smtp: SmtpInbox;
/** Sessions, tokens and two-factor: the test configuration, emails through a real SMTP server. */
let t: TestApp;
/** Hashing: NODE_ENV=development, so the production hashing runs (tests use weaker factors). */
let real: TestApp;
/** Throttling: AUTH_RATE_LIMIT=5, no proxy trusted (the default). */
let limited: TestApp;
/** Throttling behind one trusted reverse proxy (TRUST_PROXY=1). */
let proxied: TestApp;

beforeAll(async () => {
  smtp = await startSmtpInbox();
  [t, real, limited, proxied] = await Promise.all([
    createTestApp({ SMTP_URL: smtp.url }),
    createTestApp({ NODE_ENV: 'development' }),
    createTestApp({ AUTH_RATE_LIMIT: String(RATE_LIMIT) }),
    createTestApp({ AUTH_RATE_LIMIT: String(RATE_LIMIT), TRUST_PROXY: '1' }),
  ]);
  // Their emails are not read: no worker racing the database in the background.
  await Promise.all([real, limited, proxied].map((app) => app.app.grip.outbox.stop()));
});

afterAll(async () => {
  await Promise.all([t, real, limited, proxied].map((app) => app?.close()));
  await smtp?.close();
});

// ---------------------------------------------------------------------------------------------
// helpers

/** One sign-in attempt from a given client address (and optional headers). */
function signInFrom(
  app: TestApp,
  remoteAddress: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers,
    payload: { email, password },
  });
}

/** A 429 as a person should see it: Retry-After in whole seconds within the minute, plain words. */
function expectThrottled(res: LightMyRequestResponse): number {
  expect(res.statusCode, res.body).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(Number.isInteger(wait)).toBe(true);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
  expect(res.json().message).toBe('Too many attempts. Please wait a minute and try again.');
  return wait;
}

/** Runs `fn` with the clock (Date only) moved `ms` ahead; real timers keep running. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

/** The session cookie's value ('' or undefined when none is set). */
const sessionTokenOf = (cookie: string) =>
  /(?:^|; )grip\.session_token=([^;]*)/.exec(cookie)?.[1] ?? undefined;

const me = async (app: TestApp, cookie: string) => (await app.inject({ url: '/api/me', cookie })).statusCode;

async function sessionRowsOf(app: TestApp, userId: string) {
  return app.db.select().from(sessions).where(eq(sessions.userId, userId));
}

/** The row behind a cookie: the session of that user made last. */
async function newestSessionOf(app: TestApp, userId: string) {
  const rows = await sessionRowsOf(app, userId);
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]!;
}

/** Decodes quoted-printable soft line breaks so links can be read from the raw message. */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** Waits for the emailed link (`/api/auth/<kind>…`) to `to`, delivered through the real SMTP server. */
async function emailedLink(to: string, kind: 'verify-email' | 'reset-password', skip = 0): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const links = smtp.mails
      .filter((m) => m.to.includes(to))
      .map((m) => new RegExp(`http://[^\\s/]+/api/auth/${kind}[^\\s]+`).exec(bodyOf(m.raw))?.[0])
      .filter((link): link is string => Boolean(link));
    if (links.length > skip) return new URL(links[skip]!);
    while ((await t.app.grip.outbox.runOnce()) > 0) {
      /* deliver everything queued */
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error(`no ${kind} mail for ${to}`);
}

/** Asks for a reset and follows the emailed link to the token the reset form receives. */
async function resetToken(email: string, skip = 0): Promise<string> {
  const ask = await t.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: '/auth?mode=reset' },
  });
  expect(ask.statusCode, ask.body).toBe(200);
  const link = await emailedLink(email, 'reset-password', skip);
  const follow = await t.inject({ url: `${link.pathname}${link.search}` });
  expect(follow.statusCode).toBe(302);
  const token = new URL(String(follow.headers.location), 'http://localhost').searchParams.get('token');
  expect(token).toBeTruthy();
  return token!;
}

const resetPassword = (token: string, newPassword: string) =>
  t.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

// ---------------------------------------------------------------------------------------------
// 1. hashing

/** OWASP Password Storage Cheat Sheet, scrypt: these (N = 2^ln, r, p) or stronger. */
const OWASP_SCRYPT = [
  { ln: 17, r: 8, p: 1 },
  { ln: 16, r: 8, p: 2 },
  { ln: 15, r: 8, p: 3 },
  { ln: 14, r: 8, p: 5 },
  { ln: 13, r: 8, p: 10 },
];

function parsePhc(hash: string) {
  const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(hash);
  if (!match) return null;
  return {
    ln: Number(match[1]),
    r: Number(match[2]),
    p: Number(match[3]),
    salt: Buffer.from(match[4]!, 'base64'),
    key: Buffer.from(match[5]!, 'base64'),
  };
}

function scryptOf(password: string, salt: Buffer, ln: number, r: number, p: number, length: number) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      length,
      { N: 2 ** ln, r, p, maxmem: 256 * 2 ** ln * r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

async function storedHashOf(app: TestApp, userId: string): Promise<string> {
  const [row] = await app.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row!.password!;
}

/** Asserts the stored hash is scrypt at OWASP's factors and really is that password's scrypt. */
async function expectOwaspHash(hash: string, password: string) {
  const parsed = parsePhc(hash);
  expect(parsed, hash).not.toBeNull();
  const { ln, r, p, salt, key } = parsed!;
  // At least one listed combination is met on every factor (a larger r or p only costs more).
  expect(
    OWASP_SCRYPT.some((min) => ln >= min.ln && r >= min.r && p >= min.p),
    `scrypt ln=${ln} r=${r} p=${p}`,
  ).toBe(true);
  expect(salt.length).toBeGreaterThanOrEqual(16);
  expect(key.length).toBeGreaterThanOrEqual(32);
  // The label is the truth: recomputing with those factors gives the stored key.
  expect((await scryptOf(password, salt, ln, r, p, key.length)).equals(key)).toBe(true);
}

describe('password hashing', () => {
  it('stores a new password as scrypt at OWASP’s factors (read back from the database)', async () => {
    const person = await real.signUp({ password: 'lantern-orchard-71' });
    const hash = await storedHashOf(real, person.userId);
    expect(hash).not.toContain(person.password);
    await expectOwaspHash(hash, person.password);
    // Salted: the same password twice gives two different hashes.
    const twin = await real.signUp({ password: 'lantern-orchard-71' });
    expect(await storedHashOf(real, twin.userId)).not.toBe(hash);
  });

  it('still signs in a password stored the old way, and then stores it at today’s factors', async () => {
    const person = await real.signUp({ password: 'copper-kettle-58' });
    // Better Auth's default before (scrypt N=2^14 r=16 p=1, "salt:key" in hex): existing accounts.
    const legacy = await betterAuthDefaultHash(person.password);
    expect(legacy).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    await real.db
      .update(accounts)
      .set({ password: legacy })
      .where(and(eq(accounts.userId, person.userId), eq(accounts.providerId, 'credential')));

    // A wrong password neither signs in nor touches the stored hash.
    expect((await real.signIn(person.email, 'copper-kettle-59')).res.statusCode).toBe(401);
    expect(await storedHashOf(real, person.userId)).toBe(legacy);

    const first = await real.signIn(person.email, person.password);
    expect(first.res.statusCode, first.res.body).toBe(200);
    const upgraded = await storedHashOf(real, person.userId);
    expect(upgraded).not.toBe(legacy);
    await expectOwaspHash(upgraded, person.password);
    // And the upgraded hash signs in (once more, without being rewritten).
    expect((await real.signIn(person.email, person.password)).res.statusCode).toBe(200);
    expect(await storedHashOf(real, person.userId)).toBe(upgraded);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. throttling

describe('sign-in throttling', () => {
  it('holds back guesses at one account spread over many addresses, for the window only', async () => {
    const victim = await limited.signUp({ password: 'saffron-meadow-33' });
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 1; i <= RATE_LIMIT + 1; i++) {
      last = await signInFrom(limited, `10.1.0.${i}`, victim.email, `guess-${i}-wrong`);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(401), 429]);
    const wait = expectThrottled(last!);

    // Even the right password from yet another address waits: a lucky guess would too.
    expectThrottled(await signInFrom(limited, '10.1.0.200', victim.email, victim.password));
    // The lock lasts the window and no longer: after Retry-After, the person signs in.
    const after = await later(wait * 1000, () =>
      signInFrom(limited, '10.1.0.200', victim.email, victim.password),
    );
    expect(after.statusCode, after.body).toBe(200);
  });

  it('holds back one address guessing at many accounts, and only that address', async () => {
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 1; i <= RATE_LIMIT + 1; i++) {
      last = await signInFrom(limited, '10.2.0.1', uniqueEmail('sprayed'), 'guess-wrong-12');
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(RATE_LIMIT).fill(401), 429]);
    expectThrottled(last!);
    expect((await signInFrom(limited, '10.2.0.2', uniqueEmail('sprayed'), 'guess-wrong-12')).statusCode).toBe(
      401,
    );
  });

  it('counts an IPv6 /64 as one address (an attacker holds billions of its addresses)', async () => {
    let last: LightMyRequestResponse | undefined;
    for (let i = 1; i <= RATE_LIMIT + 1; i++) {
      last = await signInFrom(
        limited,
        `2001:db8:0:7::${i.toString(16)}`,
        uniqueEmail('v6'),
        'guess-wrong-12',
      );
    }
    expectThrottled(last!);
    // Another /64 is another address.
    expect(
      (await signInFrom(limited, '2001:db8:0:8::1', uniqueEmail('v6'), 'guess-wrong-12')).statusCode,
    ).toBe(401);
  });

  it('never locks a person out of the address they sign in from, however hard the account is hammered', async () => {
    const person = await limited.signUp({ password: 'juniper-harbour-64' });
    // The person signs in at home once (the address becomes known to the account), then signs out.
    const home = await signInFrom(limited, '10.3.0.1', person.email, person.password);
    expect(home.statusCode).toBe(200);
    await limited.inject({
      method: 'POST',
      url: '/api/session/sign-out',
      cookie: cookiesOf(home),
      payload: {},
    });

    let last: LightMyRequestResponse | undefined;
    for (let i = 1; i <= RATE_LIMIT * 3; i++) {
      last = await signInFrom(limited, `10.3.1.${i}`, person.email, `guess-${i}-wrong`);
    }
    expectThrottled(last!);
    // At home: no wait at all, while the attacker is still held back.
    const again = await signInFrom(limited, '10.3.0.1', person.email, person.password);
    expect(again.statusCode, again.body).toBe(200);
    expectThrottled(await signInFrom(limited, '10.3.1.99', person.email, 'guess-99-wrong'));
  });

  it('does not take X-Forwarded-For from a client unless a proxy is configured', async () => {
    // No proxy trusted: a forged header does not make fresh addresses out of one client.
    let last: LightMyRequestResponse | undefined;
    for (let i = 1; i <= RATE_LIMIT + 1; i++) {
      last = await signInFrom(limited, '10.4.0.1', uniqueEmail('xff'), 'guess-wrong-12', {
        'x-forwarded-for': `198.51.100.${i}`,
      });
    }
    expectThrottled(last!);

    // TRUST_PROXY=1: the proxy's header names the client, so clients behind it are told apart…
    const statuses: number[] = [];
    for (let i = 1; i <= RATE_LIMIT + 1; i++) {
      const res = await signInFrom(proxied, '127.0.0.1', uniqueEmail('xff'), 'guess-wrong-12', {
        'x-forwarded-for': `198.51.100.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array<number>(RATE_LIMIT + 1).fill(401));
    // …and each of them is still held back on its own.
    for (let i = 1; i <= RATE_LIMIT + 1; i++) {
      last = await signInFrom(proxied, '127.0.0.1', uniqueEmail('xff'), 'guess-wrong-12', {
        'x-forwarded-for': '203.0.113.9',
      });
    }
    expectThrottled(last!);
    // Only one hop is trusted: a client's own header in front of the proxy's does not count.
    for (let i = 1; i <= RATE_LIMIT + 1; i++) {
      last = await signInFrom(proxied, '127.0.0.1', uniqueEmail('xff'), 'guess-wrong-12', {
        'x-forwarded-for': `192.0.2.${i}, 203.0.113.10`,
      });
    }
    expectThrottled(last!);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. sessions

describe('sessions', () => {
  it('can be revoked: a signed-out-everywhere or removed session’s cookie is refused at once', async () => {
    const person = await t.signUp();
    const laptop = (await t.signIn(person.email, person.password)).cookie;
    const phone = (await t.signIn(person.email, person.password)).cookie;
    const tablet = (await t.signIn(person.email, person.password)).cookie;
    // Checked once each, so the session cache holds them: revocation must not wait for it.
    for (const cookie of [laptop, phone, tablet]) expect(await me(t, cookie)).toBe(200);

    // Settings → signed-in devices → sign out the tablet (named by id, never by token).
    const listed = await t.inject({ url: '/api/me/security', cookie: laptop });
    const tabletRow = await newestSessionOf(t, person.userId);
    expect(JSON.stringify(listed.json())).not.toContain(tabletRow.token);
    const removed = await t.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${tabletRow.id}`,
      cookie: laptop,
    });
    expect(removed.statusCode).toBe(204);
    expect(await me(t, tablet)).toBe(401);
    expect(await me(t, phone)).toBe(200);

    // Sign out everywhere from the laptop: the phone is refused by its very next request.
    const out = await t.inject({
      method: 'POST',
      url: '/api/session/sign-out',
      cookie: laptop,
      payload: { scope: 'global' },
    });
    expect(out.statusCode).toBe(204);
    expect(await me(t, phone)).toBe(401);
    expect(await me(t, laptop)).toBe(401);
    expect(await sessionRowsOf(t, person.userId)).toEqual([]);
  });

  it('end after the idle window without use, and use keeps them going', async () => {
    const person = await t.signUp();
    const row = await newestSessionOf(t, person.userId);
    // Made to last the idle window from its last use.
    expect(
      Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - SESSION_IDLE_SECONDS * 1000),
    ).toBeLessThan(60_000);

    // Used two days ago (as Better Auth leaves it): this use moves its end a full window on.
    const now = Date.now();
    await t.db
      .update(sessions)
      .set({
        createdAt: new Date(now - 3 * DAY_MS),
        updatedAt: new Date(now - 2 * DAY_MS),
        expiresAt: new Date(now - 2 * DAY_MS + SESSION_IDLE_SECONDS * 1000),
      })
      .where(eq(sessions.id, row.id));
    expect(await me(t, person.cookie)).toBe(200);
    const [used] = await t.db.select().from(sessions).where(eq(sessions.id, row.id));
    expect(Math.abs(used!.expiresAt.getTime() - Date.now() - SESSION_IDLE_SECONDS * 1000)).toBeLessThan(
      60_000,
    );

    // Not used for the whole window: over.
    const other = await t.signIn(person.email, person.password);
    const idle = await newestSessionOf(t, person.userId);
    await t.db
      .update(sessions)
      .set({
        createdAt: new Date(now - SESSION_IDLE_SECONDS * 1000 - DAY_MS),
        updatedAt: new Date(now - SESSION_IDLE_SECONDS * 1000 - DAY_MS),
        expiresAt: new Date(now - DAY_MS),
      })
      .where(eq(sessions.id, idle.id));
    expect(await me(t, other.cookie)).toBe(401);
    const get = await t.inject({ url: '/api/auth/get-session', cookie: other.cookie });
    expect(get.json()).toBeNull();
  });

  it('end at the absolute lifetime however constantly used', async () => {
    const person = await t.signUp();
    const row = await newestSessionOf(t, person.userId);
    const now = Date.now();
    // Used a minute ago, so its idle end is a month away, but made past the absolute lifetime.
    await t.db
      .update(sessions)
      .set({
        createdAt: new Date(now - SESSION_ABSOLUTE_SECONDS * 1000 - 60_000),
        updatedAt: new Date(now - 60_000),
        expiresAt: new Date(now + SESSION_IDLE_SECONDS * 1000 - 60_000),
      })
      .where(eq(sessions.id, row.id));
    expect(await me(t, person.cookie)).toBe(401);
    // Ended for good: Better Auth's own endpoints refuse it too.
    expect((await t.inject({ url: '/api/auth/get-session', cookie: person.cookie })).json()).toBeNull();
    expect(await sessionRowsOf(t, person.userId)).toEqual([]);

    // A day short of the lifetime: this use renews it only up to the absolute end, not a month on.
    const late = await t.signIn(person.email, person.password);
    const lateRow = await newestSessionOf(t, person.userId);
    const createdAt = new Date(now - SESSION_ABSOLUTE_SECONDS * 1000 + DAY_MS);
    await t.db
      .update(sessions)
      .set({
        createdAt,
        updatedAt: new Date(now - 2 * DAY_MS),
        expiresAt: new Date(now - 2 * DAY_MS + SESSION_IDLE_SECONDS * 1000),
      })
      .where(eq(sessions.id, lateRow.id));
    expect(await me(t, late.cookie)).toBe(200);
    const [renewed] = await t.db.select().from(sessions).where(eq(sessions.id, lateRow.id));
    expect(renewed!.updatedAt.getTime()).toBeGreaterThan(now - 60_000);
    expect(renewed!.expiresAt.getTime()).toBe(createdAt.getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
  });

  it('are new at every sign-in: a planted or earlier session is never carried over, and ends', async () => {
    const person = await t.signUp();
    const mallory = await t.signUp();

    // Each sign-in makes its own session token.
    const a = await t.signIn(person.email, person.password);
    const b = await t.signIn(person.email, person.password);
    expect(sessionTokenOf(a.cookie)).toBeTruthy();
    expect(sessionTokenOf(a.cookie)).not.toBe(sessionTokenOf(b.cookie));

    // Fixation: the attacker plants their own session cookie in the person's browser, who signs in.
    const planted = mallory.cookie;
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      cookie: planted,
      payload: { email: person.email, password: person.password },
    });
    expect(res.statusCode).toBe(200);
    const issued = cookiesOf(res);
    expect(sessionTokenOf(issued)).toBeTruthy();
    expect(sessionTokenOf(issued)).not.toBe(sessionTokenOf(planted));
    expect((await t.inject({ url: '/api/me', cookie: issued })).json().user.id).toBe(person.userId);
    // The planted session does not become the person's; it ended when the browser signed in anew.
    expect(await me(t, planted)).toBe(401);

    // The same browser signing in again: the earlier session ends, the new one works.
    const again = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      cookie: issued,
      payload: { email: person.email, password: person.password },
    });
    expect(again.statusCode).toBe(200);
    expect(sessionTokenOf(cookiesOf(again))).not.toBe(sessionTokenOf(issued));
    expect(await me(t, issued)).toBe(401);
    expect(await me(t, cookiesOf(again))).toBe(200);

    // A made-up cookie is refused and is not adopted either.
    const forged = 'grip.session_token=madeup.c2lnbmF0dXJl';
    const withForged = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      cookie: forged,
      payload: { email: person.email, password: person.password },
    });
    expect(withForged.statusCode).toBe(200);
    expect(sessionTokenOf(cookiesOf(withForged))).not.toBe('madeup.c2lnbmF0dXJl');
    expect(await me(t, forged)).toBe(401);
  });

  it('end on the server at sign-out: the old cookie is refused and its row is gone', async () => {
    const person = await t.signUp();
    const row = await newestSessionOf(t, person.userId);
    expect(await me(t, person.cookie)).toBe(200);
    const out = await t.inject({
      method: 'POST',
      url: '/api/session/sign-out',
      cookie: person.cookie,
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    // The browser is told to drop the cookie, but a copy kept by anyone else is refused too.
    expect(sessionTokenOf(cookiesOf(out))).toBe('');
    expect(await me(t, person.cookie)).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, row.id))).toEqual([]);

    // Better Auth's own sign-out endpoint ends the server session as well.
    const second = await t.signIn(person.email, person.password);
    expect(await me(t, second.cookie)).toBe(200);
    const direct = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie: second.cookie,
      payload: {},
    });
    expect(direct.statusCode).toBe(200);
    expect(await me(t, second.cookie)).toBe(401);
    expect(await sessionRowsOf(t, person.userId)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 4. emailed tokens

describe('password reset links', () => {
  it('work once, for an hour, and end every session of the account', async () => {
    const person = await t.signUp({ password: 'walnut-canyon-27' });
    const elsewhere = (await t.signIn(person.email, person.password)).cookie;
    for (const cookie of [person.cookie, elsewhere]) expect(await me(t, cookie)).toBe(200);

    const token = await resetToken(person.email);
    const [row] = await t.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, storedResetIdentifier(token)));
    expect(RESET_TOKEN_SECONDS).toBeLessThanOrEqual(60 * 60);
    expect(Math.abs(row!.expiresAt.getTime() - Date.now() - RESET_TOKEN_SECONDS * 1000)).toBeLessThan(60_000);

    const reset = await resetPassword(token, 'granite-lagoon-81');
    expect(reset.statusCode, reset.body).toBe(200);
    // Whoever held a session (or the old password) is out.
    for (const cookie of [person.cookie, elsewhere]) expect(await me(t, cookie)).toBe(401);
    expect(await sessionRowsOf(t, person.userId)).toEqual([]);
    expect((await t.signIn(person.email, person.password)).res.statusCode).toBe(401);

    // Used once: the same link cannot set the password again (someone reading the mail later).
    const replay = await resetPassword(token, 'attacker-choice-99');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/token/i);
    expect((await t.signIn(person.email, 'attacker-choice-99')).res.statusCode).toBe(401);
    expect((await t.signIn(person.email, 'granite-lagoon-81')).res.statusCode).toBe(200);
  });

  it('are refused once expired', async () => {
    const person = await t.signUp({ password: 'maple-quarry-45' });
    const token = await resetToken(person.email);
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, storedResetIdentifier(token)));
    const res = await resetPassword(token, 'granite-lagoon-82');
    expect(res.statusCode).toBe(400);
    expect((await t.signIn(person.email, person.password)).res.statusCode).toBe(200);
  });
});

describe('address confirmation links', () => {
  /** The confirmation link's JWT claims (signed, not stored: its lifetime is in `exp`). */
  const claimsOf = (link: URL) =>
    JSON.parse(Buffer.from(link.searchParams.get('token')!.split('.')[1]!, 'base64url').toString()) as {
      iat: number;
      exp: number;
    };

  it('sign in once, for an hour: the second use grants nothing', async () => {
    const person = await t.signUp();
    const link = await emailedLink(person.email, 'verify-email');
    const { iat, exp } = claimsOf(link);
    expect(exp - iat).toBe(VERIFICATION_TOKEN_SECONDS);
    expect(VERIFICATION_TOKEN_SECONDS).toBeLessThanOrEqual(60 * 60);

    const first = await t.inject({ url: `${link.pathname}${link.search}` });
    expect(first.statusCode).toBe(302);
    const session = cookiesOf(first);
    expect(sessionTokenOf(session)).toBeTruthy();
    expect(await me(t, session)).toBe(200);
    const [verified] = await t.db.select().from(users).where(eq(users.id, person.userId));
    expect(verified!.emailVerified).toBe(true);

    // The same link again (a forwarded mail, a shared computer): no session.
    const second = await t.inject({ url: `${link.pathname}${link.search}` });
    expect(second.statusCode).toBeLessThan(500);
    expect(sessionTokenOf(cookiesOf(second)) ?? '').toBe('');
  });

  it('are refused once expired', async () => {
    const person = await t.signUp();
    const link = await emailedLink(person.email, 'verify-email');
    const res = await later(VERIFICATION_TOKEN_SECONDS * 1000 + 60_000, () =>
      t.inject({ url: `${link.pathname}${link.search}` }),
    );
    expect(res.statusCode).toBeLessThan(500);
    expect(res.statusCode).not.toBe(200);
    if (res.statusCode === 302) expect(String(res.headers.location)).toContain('error=TOKEN_EXPIRED');
    expect(sessionTokenOf(cookiesOf(res)) ?? '').toBe('');
    const [row] = await t.db.select().from(users).where(eq(users.id, person.userId));
    expect(row!.emailVerified).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// 5. two-factor is not skipped by an emailed link

/** Signs up and turns two-factor on through the endpoints; returns the authenticator key. */
async function personWithTwoFactor(password: string) {
  const person = await t.signUp({ password });
  const enabled = await t.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    cookie: person.cookie,
    payload: { password },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const key = secretOf(enabled.json<{ totpURI: string }>().totpURI);
  const confirmed = await t.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    cookie: person.cookie,
    payload: { code: totp(key) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { ...person, key };
}

describe('two-factor after an emailed link', () => {
  it('is still asked for at sign-in after a password reset', async () => {
    const person = await personWithTwoFactor('thistle-beacon-16');
    const token = await resetToken(person.email);
    const reset = await resetPassword(token, 'thistle-beacon-17');
    expect(reset.statusCode, reset.body).toBe(200);
    // The reset itself signs nobody in.
    expect(sessionTokenOf(cookiesOf(reset)) ?? '').toBe('');

    const step = await t.signIn(person.email, 'thistle-beacon-17');
    expect(step.res.statusCode).toBe(200);
    expect(step.res.json()).toMatchObject({ twoFactorRedirect: true });
    expect(sessionTokenOf(step.cookie) ?? '').toBe('');
    expect(await me(t, step.cookie)).toBe(401);

    const code = await t.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: step.cookie,
      payload: { code: totp(person.key) },
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(await me(t, cookiesOf(code))).toBe(200);
  });

  it('is not skipped by the address confirmation link, which otherwise signs in', async () => {
    const person = await personWithTwoFactor('quartz-ember-52');
    const link = await emailedLink(person.email, 'verify-email');
    const res = await t.inject({ url: `${link.pathname}${link.search}` });
    expect(res.statusCode).toBe(302);
    expect(sessionTokenOf(cookiesOf(res)) ?? '').toBe('');
    // The address is confirmed all the same.
    const [row] = await t.db.select().from(users).where(eq(users.id, person.userId));
    expect(row!.emailVerified).toBe(true);
  });
});
