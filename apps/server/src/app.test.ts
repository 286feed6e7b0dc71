import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health and documentation', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('serves an OpenAPI document listing the API', async () => {
    const res = await t.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/me',
        '/api/notifications',
        '/api/badges',
        '/api/requests',
        '/api/service-categories',
      ]),
    );
  });

  it('tags every response with a request id, and keeps a safe one given by a proxy', async () => {
    const res = await t.inject({ url: '/healthz' });
    expect(res.headers['x-request-id']).toMatch(UUID);
    const given = await t.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(given.headers['x-request-id']).toBe('trace-123');
    // An unsafe one is replaced by a fresh UUID (checking only that 'bad' is absent failed whenever
    // the random hex happened to spell it).
    const unsafe = await t.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(unsafe.headers['x-request-id']).toMatch(UUID);
  });

  it('sends security headers', async () => {
    const res = await t.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('errors', () => {
  it('answers a malformed address with a 400 in the usual shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/%' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid', message: 'The address is not valid.' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('answers malformed JSON with a 400 and a clear message, never a 500', async () => {
    const { cookie } = await t.signUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"serviceType": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('answers a wrong content type with a 415', async () => {
    const { cookie } = await t.signUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/content type/i);
  });

  it('answers an oversized body with a 413', async () => {
    const { cookie } = await t.signUp();
    const res = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie,
      payload: { description: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses state changes posted from another site', async () => {
    const { cookie } = await t.signUp();
    const res = await t.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    // An encoded path reaches the same route and meets the same check.
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/%61pi/notifications/read-all',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(encoded.statusCode).toBe(403);
    const same = await t.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      cookie,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(same.statusCode).toBe(204);
  });
});

describe('maps in the content security policy', () => {
  it('allows the configured map style’s host and MapLibre’s blob worker', async () => {
    const t = await createTestApp({ MAP_STYLE_URL: 'https://tiles.example.com/styles/basic.json' });
    try {
      const res = await t.inject({ url: '/healthz' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' https://tiles.example.com;");
      expect(csp).toContain("worker-src 'self' blob:");
    } finally {
      await t.close();
    }
  });
});
