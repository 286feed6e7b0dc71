import { AUTH_MESSAGES } from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../db/schema';
import { cookiesOf, createTestApp, uniqueEmail, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signUp = (payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });

describe('sign-up', () => {
  it('creates a customer account with a profile, signs it in and reports it on /api/me', async () => {
    const email = uniqueEmail('casey');
    const res = await signUp({ name: 'Casey', email, password: 'tulip-garden-9', role: 'user' });
    expect(res.statusCode).toBe(200);
    const cookie = cookiesOf(res);
    expect(cookie).toContain('grip.session_token=');
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(res.headers['set-cookie'])).toMatch(/SameSite=Lax/i);

    const me = await t.inject({ url: '/api/me', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email, name: 'Casey', emailVerified: false },
      profile: { role: 'user', displayName: 'Casey', businessName: null },
    });
  });

  it('creates a business owner with its business name', async () => {
    const res = await signUp({
      name: 'Pat',
      email: uniqueEmail('pat'),
      password: 'tulip-garden-9',
      role: 'business_owner',
      businessName: 'Pat Plumbing',
    });
    expect(res.statusCode).toBe(200);
    const me = await t.inject({ url: '/api/me', cookie: cookiesOf(res) });
    expect(me.json().profile).toMatchObject({ role: 'business_owner', businessName: 'Pat Plumbing' });
  });

  it.each([
    ['missing display name', { name: '' }, AUTH_MESSAGES.displayNameRequired],
    ['blank display name', { name: '   ' }, AUTH_MESSAGES.displayNameRequired],
    [
      'business owner without business name',
      { role: 'business_owner', businessName: ' ' },
      AUTH_MESSAGES.businessNameRequired,
    ],
    ['invalid email', { email: 'not-an-email' }, AUTH_MESSAGES.emailInvalid],
    ['missing email', { email: '' }, AUTH_MESSAGES.credentialsMissing],
    ['missing password', { password: '' }, AUTH_MESSAGES.credentialsMissing],
    ['password under 6 characters', { password: 'abc12' }, AUTH_MESSAGES.passwordTooShort],
    ['password over 128 characters', { password: 'x'.repeat(129) }, AUTH_MESSAGES.passwordTooLong],
    ['a very common password', { password: 'password1' }, AUTH_MESSAGES.passwordTooCommon],
    ['a common password from the large list', { password: 'zeppelin' }, AUTH_MESSAGES.passwordTooCommon],
    ['an unknown account type', { role: 'superuser' }, AUTH_MESSAGES.accountTypeInvalid],
  ])('refuses %s with a clear message and creates nothing', async (_label, change, message) => {
    const email = uniqueEmail('bad');
    const res = await signUp({
      name: 'Bad Input',
      email,
      password: 'tulip-garden-9',
      role: 'user',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(cookiesOf(res)).not.toContain('session_token');
  });

  it('accepts a 6-character uncommon password (the spec minimum)', async () => {
    const res = await signUp({ name: 'Six', email: uniqueEmail('six'), password: 'kq7#zp', role: 'user' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an email that is already registered', async () => {
    const email = uniqueEmail('dup');
    expect((await signUp({ name: 'One', email, password: 'tulip-garden-9' })).statusCode).toBe(200);
    const again = await signUp({ name: 'Two', email, password: 'tulip-garden-9' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/already exists/i);
  });
});

describe('input Better Auth would otherwise take as it is', () => {
  it('refuses control characters without leaving a half-made account behind', async () => {
    const email = uniqueEmail('nul');
    const res = await signUp({
      name: 'Nul',
      email,
      password: 'tulip-garden-9',
      role: 'business_owner',
      businessName: 'Bad\u0000Name',
    });
    expect(res.statusCode).toBe(400);
    expect((await t.signIn(email, 'tulip-garden-9')).res.statusCode).toBe(401);
  });

  it('refuses a picture link at sign-up and on update', async () => {
    const res = await signUp({
      name: 'Pic',
      email: uniqueEmail('pic'),
      password: 'tulip-garden-9',
      image: 'javascript:alert(1)',
    });
    expect(res.statusCode).toBe(400);
    const { cookie } = await t.signUp();
    const update = await t.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      cookie,
      payload: { image: 'https://evil.example/x.png' },
    });
    expect(update.statusCode).toBe(400);
  });

  it('keeps display names within the sign-up rules when updated', async () => {
    const { cookie } = await t.signUp();
    const long = await t.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      cookie,
      payload: { name: 'x'.repeat(5000) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(AUTH_MESSAGES.displayNameTooLong);
    const ok = await t.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      cookie,
      payload: { name: 'New Name' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.inject({ url: '/api/me', cookie })).json().user.name).toBe('New Name');
  });
});

describe('sign-in', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const { email, password } = await t.signUp();
    const ok = await t.signIn(email, password);
    expect(ok.res.statusCode).toBe(200);
    expect((await t.inject({ url: '/api/me', cookie: ok.cookie })).statusCode).toBe(200);

    const bad = await t.signIn(email, 'wrong-password-1');
    expect(bad.res.statusCode).toBe(401);
    expect(bad.res.json().message).toMatch(/invalid email or password/i);
  });

  it('asks for an email and a password when either is missing', async () => {
    for (const payload of [{ email: 'a@example.com' }, { password: 'whatever1' }, {}]) {
      const res = await t.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.credentialsMissing);
    }
  });

  it('answers /api/me with 401 and a message when signed out', async () => {
    const res = await t.inject({ url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'Please sign in to continue.' });
  });

  it('answers /api/me?optional=true with null for a visitor and the account for a signed-in user', async () => {
    const visitor = await t.inject({ url: '/api/me?optional=true' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toBe('null');
    // A stale cookie is a visitor too.
    const stale = await t.inject({ url: '/api/me?optional=true', cookie: 'grip.session_token=gone.sig' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe('null');
    expect((await t.inject({ url: '/api/me?optional=false' })).statusCode).toBe(401);
    const bad = await t.inject({ url: '/api/me?optional=yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('optional must be true or false.');

    const email = uniqueEmail('opal');
    const cookie = cookiesOf(await signUp({ name: 'Opal', email, password: 'tulip-garden-9', role: 'user' }));
    const me = await t.inject({ url: '/api/me?optional=true', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email, name: 'Opal' }, profile: { role: 'user' } });
  });
});

describe('sign-out', () => {
  it.each([
    ['local', 'signs out this device only', 200],
    ['global', 'signs out every device', 401],
  ])('scope %s %s', async (scope, _label, otherDevice) => {
    const { email, password } = await t.signUp();
    const a = await t.signIn(email, password);
    const b = await t.signIn(email, password);
    const out = await t.inject({
      method: 'POST',
      url: '/api/session/sign-out',
      cookie: a.cookie,
      payload: { scope },
    });
    expect(out.statusCode).toBe(204);
    expect((await t.inject({ url: '/api/me', cookie: a.cookie })).statusCode).toBe(401);
    expect((await t.inject({ url: '/api/me', cookie: b.cookie })).statusCode).toBe(otherDevice);
  });

  it('treats signing out without a session as success', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/session/sign-out', payload: {} });
    expect(res.statusCode).toBe(204);
  });

  it('refuses an unknown scope', async () => {
    const { cookie } = await t.signUp();
    const res = await t.inject({
      method: 'POST',
      url: '/api/session/sign-out',
      cookie,
      payload: { scope: 'everyone' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('the administrator rule', () => {
  it('lets the first administrator sign up, then refuses the type and never grants it', async () => {
    const roleOf = async (userId: string) =>
      (await t.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]?.role;

    // Two sign-ups race for the first administrator: exactly one gets it.
    const attempts = await Promise.all(
      [1, 2, 3].map((n) =>
        signUp({
          name: `Admin ${n}`,
          email: uniqueEmail('admin'),
          password: 'tulip-garden-9',
          role: 'administrator',
        }),
      ),
    );
    const created = attempts.filter((r) => r.statusCode === 200);
    const roles = await Promise.all(created.map((r) => roleOf(r.json().user.id)));
    expect(roles.filter((r) => r === 'administrator')).toHaveLength(1);

    const later = await signUp({
      name: 'Mallory',
      email: uniqueEmail('mallory'),
      password: 'tulip-garden-9',
      role: 'administrator',
    });
    expect(later.statusCode).toBe(403);
    expect(later.json().message).toBe(AUTH_MESSAGES.administratorExists);

    // Extra fields cannot smuggle a role in either.
    const sneaky = await signUp({
      name: 'Sneaky',
      email: uniqueEmail('sneaky'),
      password: 'tulip-garden-9',
      role: 'user',
      profileRole: 'administrator',
      isAdmin: true,
    });
    expect(sneaky.statusCode).toBe(200);
    expect(await roleOf(sneaky.json().user.id)).toBe('user');
  });
});
