/**
 * Settings → Security: the signed-in devices and signing one out, whether there is a password, and
 * changing the password through the auth library (other devices signed out).
 */
import { SECURITY_MESSAGES, type AccountSecurity } from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { cookiesOf, createTestApp, type TestApp } from '../../test/test-app';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await t.app.grip.outbox.stop();
});

afterAll(async () => {
  await t.close();
});

async function signInFrom(email: string, password: string, userAgent: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookiesOf(res);
}

const security = async (cookie: string): Promise<AccountSecurity> => {
  const res = await t.inject({ url: '/api/me/security', cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const me = async (cookie: string) => (await t.inject({ url: '/api/me', cookie })).statusCode;

describe('signed-in devices', () => {
  it('need a session', async () => {
    expect((await t.inject({ url: '/api/me/security' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url: '/api/me/sessions/abc' })).statusCode).toBe(401);
  });

  it('lists this device and the others (no tokens), and signs one out', async () => {
    const person = await t.signUp();
    const phone = await signInFrom(person.email, person.password, PHONE_UA);
    const listed = await security(person.cookie);
    expect(listed.hasPassword).toBe(true);
    expect(listed.twoFactorEnabled).toBe(false);
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions.filter((s) => s.isCurrent)).toHaveLength(1);
    const other = listed.sessions.find((s) => !s.isCurrent)!;
    expect(other.device).toBe('Chrome on Android');
    expect(JSON.stringify(listed)).not.toMatch(/token/i);

    // Someone else cannot end it, and a made-up id is 404, a malformed one 400.
    const stranger = await t.signUp();
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/me/sessions/${other.id}`, cookie: stranger.cookie }))
        .statusCode,
    ).toBe(404);
    expect(await me(phone)).toBe(200);
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/me/sessions/bad%20id', cookie: person.cookie }))
        .statusCode,
    ).toBe(400);

    const ended = await t.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${other.id}`,
      cookie: person.cookie,
    });
    expect(ended.statusCode).toBe(204);
    expect(await me(phone)).toBe(401);
    expect(await me(person.cookie)).toBe(200);
    expect((await security(person.cookie)).sessions).toHaveLength(1);
    const again = await t.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${other.id}`,
      cookie: person.cookie,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SECURITY_MESSAGES.sessionNotFound);
  });

  it('says when the account has no password (identity-provider sign-in only)', async () => {
    const person = await t.signUp();
    await t.db.update(accounts).set({ password: null }).where(eq(accounts.userId, person.userId));
    expect((await security(person.cookie)).hasPassword).toBe(false);
  });
});

describe('changing the password', () => {
  const change = (cookie: string, payload: object) =>
    t.inject({ method: 'POST', url: '/api/auth/change-password', cookie, payload });

  it('needs the current password, refuses a common one, and signs every other device out', async () => {
    const person = await t.signUp();
    const phone = await signInFrom(person.email, person.password, PHONE_UA);

    const wrong = await change(person.cookie, {
      currentPassword: 'not-the-password-1',
      newPassword: 'violet-harbour-ferry-8',
      revokeOtherSessions: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(await me(phone)).toBe(200);
    const common = await change(person.cookie, {
      currentPassword: person.password,
      newPassword: 'password123',
      revokeOtherSessions: true,
    });
    expect(common.statusCode).toBe(400);

    const done = await change(person.cookie, {
      currentPassword: person.password,
      newPassword: 'violet-harbour-ferry-8',
      revokeOtherSessions: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    const renewed = cookiesOf(done) || person.cookie;
    expect(await me(renewed)).toBe(200);
    expect(await me(phone)).toBe(401);
    expect((await t.signIn(person.email, person.password)).res.statusCode).toBe(401);
    expect((await t.signIn(person.email, 'violet-harbour-ferry-8')).res.statusCode).toBe(200);
  });
});
