/**
 * The profile cache (issue 9): a signed-in caller's profile answers for a few seconds without the
 * database, and every change to a profile reaches the cache — in this process at once, from the
 * database's announcement otherwise.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cacheProfilesOf, forgetProfile, ProfileCache, profileCacheOf } from './profile-cache';
import type { ProfileRow } from './profiles.repository';

const row = (userId: string, displayName = userId) => ({ userId, displayName }) as ProfileRow;

describe('ProfileCache', () => {
  it('answers until its time is up, and keeps nothing when turned off', () => {
    const cache = new ProfileCache(1000);
    cache.set(row('u1'), 0, cache.generation);
    expect(cache.get('u1', 999)?.userId).toBe('u1');
    expect(cache.get('u1', 1000)).toBeNull();
    const off = new ProfileCache(0);
    off.set(row('u1'), 0, off.generation);
    expect(off.get('u1', 0)).toBeNull();
  });

  it('does not keep a read that raced a change', () => {
    const cache = new ProfileCache(10_000);
    const before = cache.generation;
    cache.drop('u1'); // the change lands while the read is on its way
    cache.set(row('u1', 'old'), 0, before);
    expect(cache.get('u1', 1)).toBeNull();
    cache.set(row('u1', 'new'), 0, cache.generation);
    expect(cache.get('u1', 1)?.displayName).toBe('new');
  });

  it('forgets as the announcements say: a profile or an account, never for session news', () => {
    const cache = new ProfileCache(10_000);
    for (const id of ['u1', 'u2', 'u3']) cache.set(row(id), 0, cache.generation);
    cache.forget('p:u1');
    cache.forget('u:u2');
    cache.forget('s:some-session');
    expect([cache.get('u1', 1), cache.get('u2', 1), cache.get('u3', 1)?.userId]).toEqual([null, null, 'u3']);
    cache.forget('something new');
    expect(cache.get('u3', 1)).toBeNull();
  });

  it('holds at most its limit, dropping the oldest first', () => {
    const cache = new ProfileCache(10_000, 2);
    for (const id of ['a', 'b', 'c']) cache.set(row(id), 0, cache.generation);
    expect([cache.get('a', 1), cache.get('b', 1)?.userId, cache.get('c', 1)?.userId]).toEqual([
      null,
      'b',
      'c',
    ]);
  });

  it('is reached through its database handle, and forgetProfile clears the user in every cache', () => {
    const db = {} as Db;
    const cache = new ProfileCache(10_000);
    const release = cacheProfilesOf(db, cache);
    expect(profileCacheOf(db)).toBe(cache);
    cache.set(row('u1'), 0, cache.generation);
    forgetProfile('u1');
    expect(cache.get('u1', 1)).toBeNull();
    release();
    expect(profileCacheOf(db)).toBeUndefined();
  });
});

describe('profiles through the cache', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
    await t.app.ready();
    await t.app.grip.outbox.stop();
  });

  afterAll(async () => {
    await t.close();
  });

  const me = async (cookie: string) => {
    const res = await t.inject({ url: '/api/me', cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().profile as { displayName: string | null; serviceCategories: string[]; role: string };
  };

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

  it('answers a profile it has read without reading it again', async () => {
    const { cookie, userId } = await t.signUp({ name: 'Cached Name' });
    expect((await me(cookie)).displayName).toBe('Cached Name');
    // Changed behind the server's back with the announcing trigger switched off: only the cache
    // can still have the old name, and it does.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(profiles).set({ displayName: 'Hidden Change' }).where(eq(profiles.userId, userId));
    });
    expect((await me(cookie)).displayName).toBe('Cached Name');
  });

  it('shows a profile changed elsewhere (another process, the database) as soon as it is announced', async () => {
    const { cookie, userId } = await t.signUp({ name: 'Before' });
    expect((await me(cookie)).displayName).toBe('Before');
    await t.db.update(profiles).set({ displayName: 'After' }).where(eq(profiles.userId, userId));
    expect(await eventually(async () => (await me(cookie)).displayName === 'After')).toBe(true);
  });

  it('shows the account’s own changes on the very next request', async () => {
    const owner = await t.signUp({ role: 'business_owner' });
    expect((await me(owner.cookie)).serviceCategories).toEqual([]);
    const saved = await t.inject({
      method: 'PATCH',
      url: '/api/business-profile',
      cookie: owner.cookie,
      payload: { serviceCategories: ['Plumbing'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await me(owner.cookie)).serviceCategories).toEqual(['Plumbing']);

    const customer = await t.signUp({ name: 'Old Name' });
    expect((await me(customer.cookie)).displayName).toBe('Old Name');
    const renamed = await t.inject({
      method: 'PUT',
      url: '/api/me/profile',
      cookie: customer.cookie,
      payload: { displayName: 'New Name', phone: null },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await me(customer.cookie)).displayName).toBe('New Name');
  });
});
