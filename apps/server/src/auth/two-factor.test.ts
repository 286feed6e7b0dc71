/**
 * Two-factor sign-in with an authenticator app (docs/decisions/012), through the real auth
 * endpoints: turning it on (password, then a first code), sign-in asking for the second factor,
 * backup codes that work once, the limits on guessing, suspension, and turning it off.
 */
import { ACCOUNT_SUSPENDED_MESSAGE, TWO_FACTOR_MESSAGES, type AccountSecurity } from '@grip/domain';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, profiles, twoFactors } from '../db/schema';
import { cookiesOf, createTestApp, type TestApp } from '../test/test-app';
import { hotp, secretOf, totp, wrongTotp } from '../test/totp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await t.app.grip.outbox.stop();
});

afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, cookie?: string) =>
  t.inject({ method: 'POST', url: `/api/auth/two-factor/${url}`, payload, cookie });

const me = async (cookie: string) => (await t.inject({ url: '/api/me', cookie })).statusCode;

const security = async (cookie: string): Promise<AccountSecurity> => {
  const res = await t.inject({ url: '/api/me/security', cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The named cookie's value in a response ('' when it is set empty, i.e. removed). */
function cookieValue(res: LightMyRequestResponse, name: string): string | undefined {
  const pair = cookiesOf(res)
    .split('; ')
    .find((c) => c.startsWith(`grip.${name}=`));
  return pair?.slice(`grip.${name}=`.length);
}

/** The "trust this device" cookie a response sets, as a Cookie header value. */
const trustCookieOf = (res: LightMyRequestResponse) =>
  cookiesOf(res)
    .split('; ')
    .find((c) => c.startsWith('grip.trust_device=') && c.length > 'grip.trust_device='.length);

/** Signs up and turns two-factor on through the endpoints; returns the key and the backup codes. */
async function personWithTwoFactor() {
  const person = await t.signUp();
  const enabled = await post('enable', { password: person.password }, person.cookie);
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
  const key = secretOf(totpURI);
  const verified = await post('verify-totp', { code: totp(key) }, person.cookie);
  expect(verified.statusCode, verified.body).toBe(200);
  return { ...person, cookie: cookiesOf(verified), key, backupCodes };
}

/** The password step: no session yet, only the short-lived challenge cookie. */
async function passwordStep(email: string, password: string, cookie?: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('the TOTP helper', () => {
  it('gives RFC 6238’s own test values (SHA-1 key, 59 s and 1111111109 s)', () => {
    const key = Buffer.from('12345678901234567890');
    expect(hotp(key, Math.floor(59 / 30), 8)).toBe('94287082');
    expect(hotp(key, Math.floor(1111111109 / 30), 8)).toBe('07081804');
    expect(totp(key, 59_000)).toBe('287082');
  });
});

describe('turning two-factor on', () => {
  it('needs the right password, and is on only once a code from the app is accepted', async () => {
    const person = await t.signUp();
    expect((await security(person.cookie)).twoFactorEnabled).toBe(false);
    expect((await post('enable', { password: person.password })).statusCode).toBe(401);

    const wrong = await post('enable', { password: 'not-the-password-1' }, person.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.userId))).toEqual([]);

    const enabled = await post('enable', { password: person.password }, person.cookie);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
    const uri = new URL(totpURI);
    expect(totpURI.split('?')[0]).toBe(`otpauth://totp/Grip:${encodeURIComponent(person.email)}`);
    expect(uri.searchParams.get('issuer')).toBe('Grip');
    expect(backupCodes).toHaveLength(10);
    // Stored encrypted: neither the secret nor a backup code is readable in the table.
    const [row] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.userId));
    expect(row?.verified).toBe(false);
    expect(row?.secret).not.toContain(uri.searchParams.get('secret'));
    expect(row?.backupCodes).not.toContain(backupCodes[0]);

    // Not on yet: the password alone still signs in, and Settings says off.
    expect((await t.signIn(person.email, person.password)).res.json()).toHaveProperty('token');
    expect((await security(person.cookie)).twoFactorEnabled).toBe(false);

    const key = secretOf(totpURI);
    const refused = await post('verify-totp', { code: wrongTotp(key) }, person.cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('INVALID_CODE');
    expect((await security(person.cookie)).twoFactorEnabled).toBe(false);

    const confirmed = await post('verify-totp', { code: totp(key) }, person.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The plugin swaps this device's session for one that knows two-factor is on.
    const renewed = cookiesOf(confirmed);
    expect(await me(renewed)).toBe(200);
    expect((await security(renewed)).twoFactorEnabled).toBe(true);
  });

  it('cannot be turned on by an account without a password (Google only), and says why', async () => {
    const person = await t.signUp();
    await t.db.update(accounts).set({ password: null }).where(eq(accounts.userId, person.userId));
    const res = await post('enable', { password: person.password }, person.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'NO_PASSWORD', message: TWO_FACTOR_MESSAGES.noPassword });
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.userId))).toEqual([]);
  });

  it('offers no codes by email or SMS', async () => {
    const person = await t.signUp();
    const res = await post('enable', { password: person.password, method: 'otp' }, person.cookie);
    expect(res.statusCode).toBe(400);
    expect((await security(person.cookie)).twoFactorEnabled).toBe(false);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code before any session; a wrong code is refused, the right one signs in', async () => {
    const person = await personWithTwoFactor();
    const challenge = await passwordStep(person.email, person.password);
    expect(challenge.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(cookieValue(challenge, 'session_token') ?? '').toBe('');
    const pending = cookiesOf(challenge);
    expect(await me(pending)).toBe(401);

    const wrong = await post('verify-totp', { code: wrongTotp(person.key) }, pending);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CODE');
    expect(await me(pending)).toBe(401);

    const right = await post('verify-totp', { code: totp(person.key) }, pending);
    expect(right.statusCode, right.body).toBe(200);
    expect(await me(cookiesOf(right))).toBe(200);
    // The challenge is spent: the same cookie cannot make a second session.
    expect((await post('verify-totp', { code: totp(person.key) }, pending)).statusCode).toBe(401);
  });

  it('takes a backup code once and only once', async () => {
    const person = await personWithTwoFactor();
    const [first, second] = person.backupCodes;

    const used = await post(
      'verify-backup-code',
      { code: first },
      cookiesOf(await passwordStep(person.email, person.password)),
    );
    expect(used.statusCode, used.body).toBe(200);
    expect(await me(cookiesOf(used))).toBe(200);

    const again = await post(
      'verify-backup-code',
      { code: first },
      cookiesOf(await passwordStep(person.email, person.password)),
    );
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_BACKUP_CODE');

    const next = await post(
      'verify-backup-code',
      { code: second },
      cookiesOf(await passwordStep(person.email, person.password)),
    );
    expect(next.statusCode, next.body).toBe(200);
  });

  it('remembers a trusted device for 30 days, only that device, and only while two-factor stays on', async () => {
    const person = await personWithTwoFactor();
    const pending = cookiesOf(await passwordStep(person.email, person.password));
    const trusted = await post('verify-totp', { code: totp(person.key), trustDevice: true }, pending);
    expect(trusted.statusCode, trusted.body).toBe(200);
    const trust = trustCookieOf(trusted);
    expect(trust).toBeTruthy();
    expect(trusted.headers['set-cookie']?.toString()).toMatch(/trust_device=[^;]+;[^,]*Max-Age=2592000/);

    const again = await passwordStep(person.email, person.password, trust);
    expect(again.json()).toHaveProperty('token');
    expect(await me(cookiesOf(again))).toBe(200);
    // Each use swaps the trust cookie for a new one; the old one is spent.
    const stillTrusted = trustCookieOf(again);
    expect(stillTrusted).toBeTruthy();
    expect(stillTrusted).not.toBe(trust);
    // Another browser still gets the challenge.
    expect((await passwordStep(person.email, person.password)).json()).toHaveProperty(
      'twoFactorRedirect',
      true,
    );

    // Turned off (from another browser) and on again: the once-trusted browser is asked again.
    const off = await post('disable', { password: person.password }, person.cookie);
    expect(off.statusCode, off.body).toBe(200);
    const renewed = cookiesOf(off);
    const enabled = await post('enable', { password: person.password }, renewed);
    const key = secretOf(enabled.json<{ totpURI: string }>().totpURI);
    expect((await post('verify-totp', { code: totp(key) }, renewed)).statusCode).toBe(200);
    expect((await passwordStep(person.email, person.password, stillTrusted)).json()).toHaveProperty(
      'twoFactorRedirect',
      true,
    );
  });

  it('allows five tries per sign-in, then locks the codes after ten wrong ones in a row', async () => {
    const person = await personWithTwoFactor();
    const tries = async (pending: string, n: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < n; i++) {
        statuses.push((await post('verify-totp', { code: wrongTotp(person.key) }, pending)).statusCode);
      }
      return statuses;
    };
    const firstSignIn = cookiesOf(await passwordStep(person.email, person.password));
    expect(await tries(firstSignIn, 5)).toEqual([401, 401, 401, 401, 401]);
    // Spent: even the right code needs the password again now.
    const spent = await post('verify-totp', { code: totp(person.key) }, firstSignIn);
    expect(spent.statusCode).toBe(400);
    expect(spent.json().code).toBe('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');

    const secondSignIn = cookiesOf(await passwordStep(person.email, person.password));
    expect(await tries(secondSignIn, 5)).toEqual([401, 401, 401, 401, 401]);
    const thirdSignIn = cookiesOf(await passwordStep(person.email, person.password));
    const locked = await post('verify-totp', { code: totp(person.key) }, thirdSignIn);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('ACCOUNT_TEMPORARILY_LOCKED');
    const [row] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.userId));
    const minutes = (row!.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('still refuses a suspended account at the second step', async () => {
    const person = await personWithTwoFactor();
    const pending = cookiesOf(await passwordStep(person.email, person.password));
    await t.db.update(profiles).set({ suspendedAt: new Date() }).where(eq(profiles.userId, person.userId));
    const res = await post('verify-totp', { code: totp(person.key) }, pending);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    expect(cookieValue(res, 'session_token') ?? '').toBe('');
  });
});

describe('turning two-factor off', () => {
  it('needs the password; then the password alone signs in again', async () => {
    const person = await personWithTwoFactor();
    const wrong = await post('disable', { password: 'not-the-password-1' }, person.cookie);
    expect(wrong.statusCode).toBe(400);
    expect((await security(person.cookie)).twoFactorEnabled).toBe(true);

    const off = await post('disable', { password: person.password }, person.cookie);
    expect(off.statusCode, off.body).toBe(200);
    const renewed = cookiesOf(off);
    expect((await security(renewed)).twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.userId))).toEqual([]);
    const signIn = await passwordStep(person.email, person.password);
    expect(signIn.json()).toHaveProperty('token');
    expect(await me(cookiesOf(signIn))).toBe(200);
  });
});

describe('deleting the account', () => {
  it('forgets the two-factor secret and backup codes with the other ways in', async () => {
    const person = await personWithTwoFactor();
    const res = await t.inject({
      method: 'POST',
      url: '/api/me/delete-account',
      cookie: person.cookie,
      payload: { confirmation: 'DELETE', password: person.password },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, person.userId))).toEqual([]);
  });
});

describe('rate limits', () => {
  it('limit code checks per address like the other auth endpoints', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.inject({
          method: 'POST',
          url: '/api/auth/two-factor/verify-totp',
          payload: { code: '123456' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
