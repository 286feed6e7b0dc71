import { AUTH_MESSAGES } from '@grip/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRateLimits } from '../lib/rate-limits';
import { controlTheDate } from '../test/rate-limit-stores';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';
import { SIGN_UP_EXISTS_WINDOW_SECONDS, SignUpExistsLimit } from './sign-up-exists-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_UP_EXISTS_LIMIT: '2' });
});
afterAll(async () => {
  await t.close();
});

const signUpFrom = (remoteAddress: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress,
    payload: { name: 'Probe', email, password: 'tulip-garden-9', role: 'user' },
  });

describe('"already exists" answers to sign-up (docs/decisions/020)', () => {
  it('says so in plain words, twice an hour per address; then the address may not sign up at all', async () => {
    const { email } = await t.signUp();
    const first = await signUpFrom('10.0.0.1', email);
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      message: AUTH_MESSAGES.accountExists,
    });
    expect((await signUpFrom('10.0.0.1', email)).statusCode).toBe(422);
    const limited = await signUpFrom('10.0.0.1', email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(AUTH_MESSAGES.signUpLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    // Refused whatever the email, or a refusal would mean "exists" and an account "does not".
    const fresh = uniqueEmail('fresh');
    expect((await signUpFrom('10.0.0.1', fresh)).statusCode).toBe(429);
    // Another address is not held back by this one.
    expect((await signUpFrom('10.0.0.2', fresh)).statusCode).toBe(200);
  });

  it('twice an hour per email, across addresses', async () => {
    const { email } = await t.signUp();
    expect((await signUpFrom('10.0.1.1', email)).statusCode).toBe(422);
    expect((await signUpFrom('10.0.1.2', email.toUpperCase())).statusCode).toBe(422);
    expect((await signUpFrom('10.0.1.3', email)).statusCode).toBe(429);
    // That address may still sign up someone new.
    expect((await signUpFrom('10.0.1.3', uniqueEmail('other'))).statusCode).toBe(200);
  });

  describe('the count itself', () => {
    const at = controlTheDate();

    it('counts only "already exists" answers, and forgets them when the hour is over', async () => {
      const limits = await openRateLimits({ kind: 'pglite' }, { warn: () => {} });
      const limit = new SignUpExistsLimit(limits, 2);
      expect(await limit.wait('10.0.2.1', 'a@example.com')).toBe(0);
      await limit.record('10.0.2.1', 'a@example.com');
      expect(await limit.wait('10.0.2.1', 'b@example.com')).toBe(0);
      at(1000);
      await limit.record('10.0.2.1', 'b@example.com');
      at(2000);
      expect(await limit.wait('10.0.2.1', 'c@example.com')).toBe(SIGN_UP_EXISTS_WINDOW_SECONDS - 2);
      // An IPv6 /64 is one address.
      await limit.record('2001:db8:1:2::1', null);
      await limit.record('2001:db8:1:2::ffff', null);
      expect(await limit.wait('2001:db8:1:2:abcd::9', null)).toBeGreaterThan(0);
      at(SIGN_UP_EXISTS_WINDOW_SECONDS * 1000);
      expect(await limit.wait('10.0.2.1', 'c@example.com')).toBe(0);
      limits.close();
    });
  });
});
