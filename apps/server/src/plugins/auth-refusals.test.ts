import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** Better Auth's refusals as our clients see them: a 4xx is JSON with a message a person can read. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the auth routes', () => {
  it('answer an unknown endpoint with a JSON 404 and a message (Better Auth sends an empty body)', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/no-such-thing', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().message).toBe('No such endpoint.');
  });

  it('give a signed-out caller words, not the bare "Unauthorized"', async () => {
    const res = await t.inject({ url: '/api/auth/list-sessions' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
  });

  it("keep Better Auth's own specific messages and codes", async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'nobody@example.com', password: 'not-the-password-1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(res.json().message).not.toBe('Please sign in to continue.');
  });

  it('refuse a NUL character or half a UTF-16 pair in a body or a link with 400 (the database cannot store one: it was a 500)', async () => {
    // A NUL, and half of a UTF-16 pair (found by the fuzzer: a 500).
    for (const token of ['\u0000', 'abc\ud800def']) {
      const body = await t.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { newPassword: 'correct-horse-42', token },
      });
      expect(body.statusCode, JSON.stringify(token)).toBe(400);
      expect(body.json().message).toBe('Some of the values sent are not valid.');
    }
    const link = await t.inject({ url: '/api/auth/verify-email?token=%00' });
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toBe('Some of the values sent are not valid.');
  });
});
