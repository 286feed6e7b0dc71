import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestApp, type TestApp } from '../test/test-app';

/**
 * "Continue with Google" against a real OIDC server on loopback (oauth2-mock-server): discovery,
 * authorization code with PKCE, token, ID token signature and userinfo, end to end.
 */
let oidc: OAuth2Server;
let t: TestApp;
let nextUser = { sub: 'google-1', email: 'gina@example.com', name: 'Gina Google' };

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => {
    token.payload.sub = nextUser.sub;
    token.payload.email = nextUser.email;
    token.payload.email_verified = true;
    token.payload.name = nextUser.name;
    token.payload.aud = 'grip-test-client';
  });
  oidc.service.on('beforeUserinfo', (res) => {
    res.body = { sub: nextUser.sub, email: nextUser.email, email_verified: true, name: nextUser.name };
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'grip-test-client',
    GOOGLE_CLIENT_SECRET: 'grip-test-secret',
    GOOGLE_ISSUER: oidc.issuer.url!,
  });
});

afterAll(async () => {
  await t.close();
  await oidc.stop();
});

/** Runs the browser's part of the flow: start, visit the provider, come back to the callback. */
async function signInWithGoogle(role?: string) {
  const start = await t.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: {
      provider: 'google',
      callbackURL: '/',
      errorCallbackURL: '/auth?error=google',
      additionalData: role ? { role } : undefined,
    },
  });
  expect(start.statusCode).toBe(200);
  const { url } = start.json() as { url: string };
  expect(url.startsWith(oidc.issuer.url!)).toBe(true);
  const stateCookie = cookiesOf(start);

  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location')!);
  expect(callback.pathname).toBe('/api/auth/callback/google');

  const done = await t.inject({ url: `${callback.pathname}${callback.search}`, cookie: stateCookie });
  return done;
}

describe('sign-in with Google (OIDC)', () => {
  it('tells the client that Google sign-in is available', async () => {
    expect((await t.inject({ url: '/api/config' })).json()).toMatchObject({ googleEnabled: true });
  });

  it('creates an account with the role chosen on the Sign Up tab and signs it in', async () => {
    nextUser = { sub: 'google-business', email: 'gina.business@example.com', name: 'Gina Business' };
    const done = await signInWithGoogle('business_owner');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    const me = await t.inject({ url: '/api/me', cookie: cookiesOf(done) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email: 'gina.business@example.com', name: 'Gina Business' },
      profile: { role: 'business_owner' },
    });
  });

  it('defaults to a customer account when no role is chosen (Sign In tab)', async () => {
    nextUser = { sub: 'google-customer', email: 'gina.customer@example.com', name: 'Gina Customer' };
    const done = await signInWithGoogle();
    const me = await t.inject({ url: '/api/me', cookie: cookiesOf(done) });
    expect(me.json().profile.role).toBe('user');
  });

  it('signs an existing Google account back in without changing its role', async () => {
    nextUser = { sub: 'google-business', email: 'gina.business@example.com', name: 'Gina Business' };
    const done = await signInWithGoogle('user');
    const me = await t.inject({ url: '/api/me', cookie: cookiesOf(done) });
    expect(me.json().profile.role).toBe('business_owner');
  });

  it('never makes an administrator once one exists', async () => {
    await t.signUp({ role: 'administrator' });
    const start = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/', additionalData: { role: 'administrator' } },
    });
    expect(start.statusCode).toBe(403);
  });
});

describe('without Google configured', () => {
  it('reports Google sign-in as unavailable', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.inject({ url: '/api/config' })).json()).toMatchObject({ googleEnabled: false });
      const start = await plain.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        payload: { provider: 'google', callbackURL: '/' },
      });
      expect(start.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
