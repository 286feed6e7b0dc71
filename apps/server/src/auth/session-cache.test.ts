/**
 * The session cache (issue 9): sessions Better Auth confirmed answer for a few seconds without the
 * database, and every way a session ends or changes reaches the cache — in this process at once,
 * from the database's announcement otherwise.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { SessionCache } from './session-cache';

const entry = (userId: string, sessionId: string, expiresAt?: Date) => ({
  user: { id: userId, email: `${userId}@example.test`, name: userId, emailVerified: false },
  session: { id: sessionId, token: `token-${sessionId}`, expiresAt },
});

describe('SessionCache', () => {
  it('answers until its time is up, and never past the session’s own expiry', () => {
    const cache = new SessionCache(1000);
    cache.set('a', entry('u1', 's1'), 0);
    cache.set('b', entry('u1', 's2', new Date(500)), 0);
    expect(cache.get('a', 999)?.session.id).toBe('s1');
    expect(cache.get('a', 1000)).toBeNull();
    expect(cache.get('b', 499)?.session.id).toBe('s2');
    expect(cache.get('b', 500)).toBeNull();
  });

  it('keeps nothing when turned off, or when the session has already expired', () => {
    const off = new SessionCache(0);
    off.set('a', entry('u1', 's1'), 0);
    expect(off.get('a', 0)).toBeNull();
    const on = new SessionCache(1000);
    on.set('a', entry('u1', 's1', new Date(10)), 20);
    expect(on.size).toBe(0);
  });

  it('forgets a user’s sessions, one session, or everything, as the announcements say', () => {
    const cache = new SessionCache(10_000);
    cache.set('a', entry('u1', 's1'), 0);
    cache.set('b', entry('u1', 's2'), 0);
    cache.set('c', entry('u2', 's3'), 0);
    cache.set('d', entry('u3', 's4'), 0);
    cache.forget('s:s3');
    expect(cache.get('c', 1)).toBeNull();
    cache.forget('u:u1');
    expect([cache.get('a', 1), cache.get('b', 1)]).toEqual([null, null]);
    expect(cache.get('d', 1)?.user.id).toBe('u3');
    cache.forget('something else');
    expect(cache.size).toBe(0);
  });

  it('holds at most its limit, dropping the oldest first', () => {
    const cache = new SessionCache(10_000, 2);
    cache.set('a', entry('u1', 's1'), 0);
    cache.set('b', entry('u2', 's2'), 0);
    cache.set('c', entry('u3', 's3'), 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('c', 1)?.session.id).toBe('s3');
  });
});

describe('sessions through the cache', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
    await t.app.ready();
    await t.app.grip.outbox.stop();
  });

  afterAll(async () => {
    await t.close();
  });

  const me = (cookie: string) => t.inject({ url: '/api/me', cookie });

  /**
   * Waits for the database's announcement to arrive (PostgreSQL delivers it on another connection).
   * It ends as soon as the check holds; the long ceiling only keeps a busy machine from failing it.
   */
  async function eventually(check: () => Promise<boolean>) {
    const until = Date.now() + 15_000;
    while (Date.now() < until) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  }

  it('answers a checked session without reading it again', async () => {
    const { cookie, userId } = await t.signUp();
    expect((await me(cookie)).statusCode).toBe(200);
    // Removed behind the server's back, with the announcing trigger switched off: only the cache
    // can still know the session, and it does.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(sessions).where(eq(sessions.userId, userId));
    });
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('forgets a session ended anywhere (another process, the database) as soon as it is announced', async () => {
    const { cookie, userId } = await t.signUp();
    expect((await me(cookie)).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, userId));
    expect(await eventually(async () => (await me(cookie)).statusCode === 401)).toBe(true);
  });

  it('shows an account changed elsewhere as soon as it is announced', async () => {
    const { cookie, userId } = await t.signUp({ name: 'Before Change' });
    expect((await me(cookie)).json().user.name).toBe('Before Change');
    await t.db.update(users).set({ name: 'After Change' }).where(eq(users.id, userId));
    expect(await eventually(async () => (await me(cookie)).json().user.name === 'After Change')).toBe(true);
  });

  it('signs out at once: the old cookie is refused by the very next request', async () => {
    const { cookie } = await t.signUp();
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await t.inject({ method: 'POST', url: '/api/auth/sign-out', cookie, payload: {} });
    expect(out.statusCode, out.body).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends a suspended account’s sessions at once', async () => {
    const admin = await t.signUp({ role: 'administrator' }).catch(async () => {
      // An administrator may already exist in this database: promote a fresh account instead.
      const other = await t.signUp();
      await t.db.execute(sql`update profiles set role = 'administrator' where user_id = ${other.userId}`);
      return other;
    });
    const { cookie, userId } = await t.signUp();
    expect((await me(cookie)).statusCode).toBe(200);
    const res = await t.inject({
      method: 'PUT',
      url: `/api/admin/users/${userId}/suspension`,
      cookie: admin.cookie,
      payload: { suspended: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('shows the account’s own name change on the very next request', async () => {
    const { cookie } = await t.signUp({ name: 'Old Name' });
    expect((await me(cookie)).json().user.name).toBe('Old Name');
    const put = await t.inject({
      method: 'PUT',
      url: '/api/me/profile',
      cookie,
      payload: { displayName: 'New Name', phone: '' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await me(cookie)).json().user.name).toBe('New Name');
  });

  it('never answers a cookie it was not given by Better Auth', async () => {
    const { cookie } = await t.signUp();
    expect((await me(cookie)).statusCode).toBe(200);
    const forged = cookie.replace(/grip\.session_token=([^.;]+)\.[^;]+/, 'grip.session_token=$1.forged');
    expect(forged).not.toBe(cookie);
    expect((await me(forged)).statusCode).toBe(401);
  });
});
