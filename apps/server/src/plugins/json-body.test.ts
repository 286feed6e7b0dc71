import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { jsonNestingDepth, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './json-body';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.signUp()).cookie;
});
afterAll(async () => {
  await t.close();
});

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const post = (url: string, payload: string, withCookie = true) =>
  t.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json' },
    ...(withCookie ? { cookie } : {}),
  });

describe('jsonNestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"[[[{{{\\"[["}')).toBe(1);
  });
});

describe('JSON bodies nested too deeply', () => {
  it('are refused with 400 and a message, on our routes and on the auth routes alike', async () => {
    // 5 000 levels overflowed JSON.stringify when the auth route forwarded the body: a 500.
    for (const url of ['/api/requests', '/api/auth/sign-in/email']) {
      const res = await post(
        url,
        `{"email":${nested(5_000)},"password":"x"}`,
        url !== '/api/auth/sign-in/email',
      );
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid', message: TOO_DEEP_MESSAGE });
    }
  });

  it('lets a body of the allowed depth through to validation', async () => {
    const res = await post('/api/requests', `{"description":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toBe(TOO_DEEP_MESSAGE);
  });

  it('still parses JSON sent with a charset parameter', async () => {
    const res = await t.inject({
      method: 'PUT',
      url: '/api/me/profile',
      cookie,
      payload: JSON.stringify({ displayName: 'Casey Customer', phone: null }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('still refuses prototype keys and broken JSON as before', async () => {
    const proto = await post('/api/requests', '{"__proto__":{"isAdmin":true}}');
    expect(proto.statusCode).toBe(400);
    const broken = await post('/api/requests', '{"a":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON.');
  });
});
