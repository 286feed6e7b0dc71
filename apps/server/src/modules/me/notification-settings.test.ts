import { NOTIFICATION_SETTINGS_MESSAGES } from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (cookie?: string) => t.inject({ url: '/api/me/notifications', cookie });
const put = (cookie: string | undefined, payload: unknown) =>
  t.inject({ method: 'PUT', url: '/api/me/notifications', cookie, payload });

describe('/api/me/notifications', () => {
  it('asks for a sign-in', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(undefined, { channels: [] })).statusCode).toBe(401);
  });

  it('starts a customer on email only, and saves channels with the texting number', async () => {
    const c = await t.signUp();
    expect((await get(c.cookie)).json()).toEqual({ channels: ['email'], phone: null });

    const saved = await put(c.cookie, { channels: ['email', 'sms', 'sms'], phone: ' +61 400 555 111 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ channels: ['email', 'sms'], phone: '+61 400 555 111' });
    expect((await get(c.cookie)).json()).toEqual(saved.json());
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, c.userId));
    expect(row?.notificationPreferences).toEqual(['email', 'sms']);

    // Everything off, number cleared.
    const off = await put(c.cookie, { channels: [], phone: '' });
    expect(off.json()).toEqual({ channels: [], phone: null });
  });

  it('refuses SMS without an international number, unknown channels and junk, changing nothing', async () => {
    const c = await t.signUp();
    const cases: [unknown, string][] = [
      [{ channels: ['sms'] }, NOTIFICATION_SETTINGS_MESSAGES.phoneNeeded],
      [{ channels: ['sms'], phone: '0400 555 111' }, NOTIFICATION_SETTINGS_MESSAGES.phoneNeeded],
      [{ channels: ['email'], phone: 'call me' }, NOTIFICATION_SETTINGS_MESSAGES.phoneNeeded],
      [{ channels: ['fax'] }, 'Please choose a listed channel'],
      [{ channels: 'email' }, ''],
      [{ channels: ['email'], phone: '+6'.padEnd(40, '1') }, 'That phone number is too long.'],
    ];
    for (const [payload, message] of cases) {
      const res = await put(c.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.body).toContain(message);
    }
    expect((await get(c.cookie)).json()).toEqual({ channels: ['email'], phone: null });
  });

  it('sends business owners to their business settings', async () => {
    const b = await t.signUp({ role: 'business_owner' });
    const res = await get(b.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOTIFICATION_SETTINGS_MESSAGES.businessElsewhere);
    expect((await put(b.cookie, { channels: ['email'] })).statusCode).toBe(403);
  });

  it('hides the business-only channels a converted account may still hold', async () => {
    const c = await t.signUp();
    await t.db
      .update(profiles)
      .set({ notificationPreferences: ['email', 'app', 'phone'] })
      .where(eq(profiles.userId, c.userId));
    expect((await get(c.cookie)).json()).toEqual({ channels: ['email'], phone: null });
  });
});
