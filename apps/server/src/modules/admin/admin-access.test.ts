/**
 * Every administrator endpoint, read from the API's own OpenAPI document (so an endpoint added later
 * is checked too): signed out gets 401, customers and business owners 403 before their input is even
 * looked at, and an administrator's careless call (no body, made-up ids) is never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ADMIN_ROUTE_PREFIX } from './require-administrator';

type Party = Awaited<ReturnType<TestApp['signUp']>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Open to every signed-in person: 'Grant myself admin' and whether it is available. */
const OPEN_TO_SIGNED_IN = new Set(['GET /api/admin/self-grant', 'POST /api/admin/grant-self-admin']);

let t: TestApp;
let admin: Party;
let customer: Party;
let business: Party;
let operations: { method: Method; url: string; name: string }[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await t.app.grip.outbox.stop();
  admin = await t.signUp({ role: 'administrator' });
  customer = await t.signUp();
  business = await t.signUp({ role: 'business_owner' });
  const doc = (await t.inject({ url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith(ADMIN_ROUTE_PREFIX))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => {
        const upper = method.toUpperCase() as Method;
        return {
          method: upper,
          // A made-up value for every path parameter: the refusal must come before any lookup.
          url: path.replace(/\{[^}]+\}/g, 'made-up-id'),
          name: `${upper} ${path}`,
        };
      }),
    );
});

afterAll(async () => {
  await t.close();
});

describe('administrator endpoints', () => {
  it('are all found in the API document', () => {
    const names = operations.map((o) => o.name);
    expect(names.length).toBeGreaterThanOrEqual(23);
    for (const expected of [
      'GET /api/admin/stats',
      'PUT /api/admin/settings/{key}',
      'POST /api/admin/businesses/bulk',
      'GET /api/admin/users',
      'PUT /api/admin/users/{userId}/suspension',
      'GET /api/admin/business-search',
      'POST /api/admin/test/sms',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('refuse signed-out callers (401), customers and business owners (403) before reading input', async () => {
    const checked: string[] = [];
    for (const op of operations.filter((o) => !OPEN_TO_SIGNED_IN.has(o.name))) {
      const signedOut = await t.inject({ method: op.method, url: op.url });
      expect(signedOut.statusCode, op.name).toBe(401);
      for (const who of [customer, business]) {
        // A body the endpoint would refuse as input: the answer is still 403, not 400.
        const res = await t.inject({
          method: op.method,
          url: op.url,
          cookie: who.cookie,
          ...(op.method === 'GET' ? {} : { payload: { nonsense: true } }),
        });
        expect(res.statusCode, `${op.name} as ${who === customer ? 'customer' : 'business'}`).toBe(403);
        expect(res.json().message, op.name).toMatch(/administrators|permission/i);
      }
      checked.push(op.name);
    }
    expect(checked.length).toBe(operations.length - OPEN_TO_SIGNED_IN.size);
  });

  it('answer an administrator’s empty or made-up input with a 4xx, never a 500', async () => {
    for (const op of operations.filter((o) => !OPEN_TO_SIGNED_IN.has(o.name))) {
      // Archiving everything is a real action, with nothing to archive here; the rest are reads or refused.
      const res = await t.inject({ method: op.method, url: op.url, cookie: admin.cookie });
      expect(res.statusCode, `${op.name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });

  it('let any signed-in person ask about and call Grant myself admin, but nobody signed out', async () => {
    expect((await t.inject({ url: '/api/admin/self-grant' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/admin/grant-self-admin' })).statusCode).toBe(401);
    const asked = await t.inject({ url: '/api/admin/self-grant', cookie: customer.cookie });
    expect(asked.json()).toEqual({ available: false });
    expect(
      (await t.inject({ method: 'POST', url: '/api/admin/grant-self-admin', cookie: customer.cookie }))
        .statusCode,
    ).toBe(403);
  });
});
