import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await t.close();
});

describe('rate limits on auth endpoints', () => {
  it('answers 429 with a clear message after the limit of sign-in attempts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'someone@example.com', password: `guess-${i}-xyz` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().message).toBe('Too many attempts. Please wait a minute and try again.');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('limits sign-up and password reset separately', async () => {
    const signUps = [];
    for (let i = 0; i < 4; i++) {
      signUps.push(
        (
          await t.inject({
            method: 'POST',
            url: '/api/auth/sign-up/email',
            payload: { name: 'R', email: uniqueEmail('rl'), password: 'tulip-garden-9', role: 'user' },
          })
        ).statusCode,
      );
    }
    expect(signUps).toEqual([200, 200, 200, 429]);
    const resets = [];
    for (let i = 0; i < 4; i++) {
      resets.push(
        (
          await t.inject({
            method: 'POST',
            url: '/api/auth/request-password-reset',
            payload: { email: 'someone@example.com', redirectTo: '/auth' },
          })
        ).statusCode,
      );
    }
    expect(resets).toEqual([200, 200, 200, 429]);
  });

  it('cannot be dodged with dot segments or encoded dots in the path', async () => {
    // Over real HTTP: app.inject would tidy the path before the server saw it.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const path of ['/api/auth/x/../sign-in/email', '/api/auth/%2e/sign-in/email']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ email: 'dodger@example.com', password: 'guess-guess' }));
      });
      expect(status, path).toBe(404);
    }
  });

  it('also limits guesses at one account spread over many addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { email: 'target@example.com', password: `guess-${i}-abc` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
