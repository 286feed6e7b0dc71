/**
 * Idempotency-Key (plugins/idempotency.ts) over real HTTP on a real database: a retry gets the first
 * answer and runs nothing; another body with the same key is 422; a key still in flight is 409; a 5xx
 * releases the key; keys are per user and expire after 24 hours; malformed keys are 400; auth,
 * sign-out and uploads ignore the header; no visitor's POST can store anything.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, serviceRequests } from '../db/schema';
import { databaseDigest } from '../reliability/database-digest';
import { POOL_REQUEST } from '../test/pool-request';
import { createTestApp, NO_SUCH_VERSION, type TestApp } from '../test/test-app';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_MESSAGES,
  IN_FLIGHT_LEASE_MS,
  purgeExpiredIdempotencyKeys,
} from './idempotency';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (cookie: string, key: string | undefined, payload: unknown = POOL_REQUEST) =>
  t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie,
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

async function requestsOf(userId: string) {
  return t.db.select().from(serviceRequests).where(eq(serviceRequests.userId, userId));
}

async function keysOf(userId: string) {
  return t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
}

describe('Idempotency-Key on POST', () => {
  it('answers a retry with the first answer, marked as replayed, without running it again', async () => {
    const customer = await t.signUp();
    const first = await post(customer.cookie, 'order-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(POOL_REQUEST).reverse());
    for (const payload of [POOL_REQUEST, reordered]) {
      const again = await post(customer.cookie, 'order-1', payload);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toMatch(/^application\/json/);
      expect(again.json()).toEqual(first.json());
    }
    expect(await requestsOf(customer.userId)).toHaveLength(1);

    // Without a key, or with another, it is a new request.
    expect((await post(customer.cookie, 'order-2')).statusCode).toBe(201);
    expect((await post(customer.cookie, undefined)).statusCode).toBe(201);
    expect(await requestsOf(customer.userId)).toHaveLength(3);
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    const customer = await t.signUp();
    expect((await post(customer.cookie, 'k')).statusCode).toBe(201);
    const before = await databaseDigest(t.db);
    const other = await post(customer.cookie, 'k', { ...POOL_REQUEST, budget: 300 });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: 'idempotency_key_reused', message: IDEMPOTENCY_MESSAGES.reused });
    // Another query string is another request too.
    const query = await t.inject({
      method: 'POST',
      url: '/api/requests?x=1',
      cookie: customer.cookie,
      payload: POOL_REQUEST,
      headers: { 'idempotency-key': 'k' },
    });
    expect(query.statusCode).toBe(422);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('keeps keys per user and per path: the same key elsewhere is another request', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const first = await post(a.cookie, 'shared');
    const second = await post(b.cookie, 'shared');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().id).not.toBe(first.json().id);
    // The same key on another route of the same user runs that route.
    const read = await t.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      cookie: a.cookie,
      headers: { 'idempotency-key': 'shared' },
    });
    expect(read.statusCode).toBeLessThan(300);
    expect(read.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers 409 while the first request with the key is still running, and takes over a dead one', async () => {
    const customer = await t.signUp();
    expect((await post(customer.cookie, 'slow')).statusCode).toBe(201);
    const mine = and(eq(idempotencyKeys.userId, customer.userId), eq(idempotencyKeys.key, 'slow'));
    // As the row stands while its request runs: claimed, no answer yet.
    await t.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null, contentType: null, createdAt: new Date() })
      .where(mine);
    const running = await post(customer.cookie, 'slow');
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe(IDEMPOTENCY_MESSAGES.inFlight);
    expect(await requestsOf(customer.userId)).toHaveLength(1);

    // Its process died: after the lease the key is taken over and the request runs.
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IN_FLIGHT_LEASE_MS - 1000) })
      .where(mine);
    const retried = await post(customer.cookie, 'slow');
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await requestsOf(customer.userId)).toHaveLength(2);
  });

  it('of concurrent requests with one key runs exactly one; the others hear 409 or the replay', async () => {
    const customer = await t.signUp();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(customer.cookie, 'together')));
    const ran = answers.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed']);
    expect(ran).toHaveLength(1);
    for (const r of answers) {
      if (r === ran[0]) continue;
      if (r.statusCode === 409) expect(r.json().message).toBe(IDEMPOTENCY_MESSAGES.inFlight);
      else expect([r.statusCode, r.json()]).toEqual([201, ran[0]!.json()]);
    }
    expect(await requestsOf(customer.userId)).toHaveLength(1);
  });

  it('stores refusals once the request ran, but never a 5xx: the key is released for a retry', async () => {
    const customer = await t.signUp();
    // Refused by validation: it never started, so the key stays free for the corrected form.
    const invalid = await post(customer.cookie, 'form', { ...POOL_REQUEST, description: '' });
    expect(invalid.statusCode).toBe(400);
    expect(await keysOf(customer.userId)).toHaveLength(0);

    // A real failure inside the handler: the database refuses the insert.
    await t.db.execute(sql`create function grip_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'down for the test'; end $$`);
    await t.db.execute(
      sql`create trigger grip_test_fail before insert on service_requests for each row execute function grip_test_fail()`,
    );
    try {
      const failed = await post(customer.cookie, 'form');
      expect(failed.statusCode).toBe(500);
      expect(await keysOf(customer.userId)).toHaveLength(0);
    } finally {
      await t.db.execute(sql`drop trigger grip_test_fail on service_requests`);
      await t.db.execute(sql`drop function grip_test_fail()`);
    }
    const retried = await post(customer.cookie, 'form');
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();

    // A refusal by the service itself (here: not found) is the answer, and is replayed.
    const missing = '00000000-0000-4000-8000-000000000000';
    const confirm = () =>
      t.inject({
        method: 'POST',
        url: `/api/offers/${missing}/confirm`,
        cookie: customer.cookie,
        headers: { 'idempotency-key': 'confirm' },
        payload: { termsVersion: NO_SUCH_VERSION },
      });
    const refused = await confirm();
    expect(refused.statusCode).toBe(404);
    const replayed = await confirm();
    expect([replayed.statusCode, replayed.headers['idempotent-replayed']]).toEqual([404, 'true']);
    expect(replayed.json()).toEqual(refused.json());
  });

  it('forgets keys after 24 hours: an older one runs again, and the purge deletes it', async () => {
    const customer = await t.signUp();
    expect((await post(customer.cookie, 'yesterday')).statusCode).toBe(201);
    const dayAgo = new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 60_000);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: dayAgo })
      .where(eq(idempotencyKeys.userId, customer.userId));
    const again = await post(customer.cookie, 'yesterday');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await requestsOf(customer.userId)).toHaveLength(2);

    expect((await post(customer.cookie, 'old')).statusCode).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: dayAgo })
      .where(and(eq(idempotencyKeys.userId, customer.userId), eq(idempotencyKeys.key, 'old')));
    await purgeExpiredIdempotencyKeys(t.db, new Date());
    expect((await keysOf(customer.userId)).map((k) => k.key)).toEqual(['yesterday']);
  });

  it('guards the claim with the primary key: the database refuses a second row for one key', async () => {
    const customer = await t.signUp();
    const row = {
      userId: customer.userId,
      method: 'POST',
      path: '/api/requests',
      key: 'claimed',
      requestHash: 'x',
      claimId: '00000000-0000-4000-8000-000000000001',
      createdAt: new Date(),
    };
    await t.db.insert(idempotencyKeys).values(row);
    await expect(
      t.db.insert(idempotencyKeys).values({ ...row, claimId: '00000000-0000-4000-8000-000000000002' }),
    ).rejects.toThrow();
    await expect(t.db.insert(idempotencyKeys).values({ ...row, key: 'k'.repeat(256) })).rejects.toThrow();
  });

  it('refuses malformed keys with 400 and a clear message', async () => {
    const customer = await t.signUp();
    for (const key of ['x'.repeat(256), 'tab\there', 'line\u007f']) {
      const res = await post(customer.cookie, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    }
    expect(await requestsOf(customer.userId)).toHaveLength(0);
    // A body nested too deeply to walk is the client's mistake too, never a 500.
    const deep = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep' },
    });
    expect([deep.statusCode, deep.json().message]).toEqual([400, 'The request body is nested too deeply.']);
    // The longest allowed key works.
    expect((await post(customer.cookie, 'y'.repeat(255))).statusCode).toBe(201);
  });

  it('ignores the header on auth, sign-out and uploads (cookies and streamed files are not replayed)', async () => {
    const customer = await t.signUp();
    const headers = { 'idempotency-key': 'ignored' };
    for (let i = 0; i < 2; i += 1) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: customer.email, password: customer.password },
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeDefined();
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    const urls = [await t.uploadImage(customer.cookie), await t.uploadImage(customer.cookie)];
    expect(new Set(urls).size).toBe(2);
    const signOut = await t.inject({
      method: 'POST',
      url: '/api/session/sign-out',
      cookie: customer.cookie,
      payload: {},
      headers,
    });
    expect(signOut.statusCode).toBe(204);
    expect(await keysOf(customer.userId)).toHaveLength(0);
  });

  it('stores nothing for a visitor: every POST a visitor sends with a key changes nothing', async () => {
    const posts = t.app.grip.routes.filter(
      (r) =>
        r.startsWith('POST /api/') && !r.startsWith('POST /api/auth/') && !r.startsWith('POST /api/session/'),
    );
    expect(posts.length).toBeGreaterThan(30);
    const before = await databaseDigest(t.db);
    for (const route of posts) {
      const url = route.slice('POST '.length).replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.inject({
        method: 'POST',
        url,
        payload: {},
        headers: { 'idempotency-key': 'visitor' },
      });
      expect(res.statusCode, route).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, route).toBeLessThan(500);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('is described once for the whole API in the OpenAPI document', async () => {
    const doc = (await t.inject({ url: '/api/openapi.json' })).json();
    expect(doc.info.description).toContain('Idempotency-Key');
  });
});
