/**
 * Web hardening (issue 10 §6, docs/reliability.md): security headers, cookie attributes, cross-site
 * state changes refused on every route, and no GET that changes anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { databaseDigest } from './database-digest';

const EVIL = 'https://evil.example';

let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Served from an https address, as in production behind TLS.
  https = await createTestApp({ PUBLIC_URL: 'https://grip.example' });
});
afterAll(async () => {
  await t.close();
  await https.close();
});

/** 'GET /api/requests/:id' -> a URL to call: ids that name nothing, a harmless wildcard. */
function urlOf(route: string) {
  return route.split(' ')[1]!.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
}

function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('sends a strict content security policy, nosniff and a referrer policy on every answer', async () => {
    for (const url of ['/api/config', '/api/requests', '/no-such-page', '/api/openapi.json']) {
      const res = await t.inject({ url });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      // Scripts only from our own origin: no inline script, no eval.
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('sends HSTS when served over https, and not over plain http', async () => {
    const secure = await https.inject({ url: '/api/config' });
    const hsts = String(secure.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(hsts).toContain('includeSubDomains');
    expect((await t.inject({ url: '/api/config' })).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('session cookies', () => {
  const attributes = (res: { headers: Record<string, unknown> }) =>
    [res.headers['set-cookie']]
      .flat()
      .map(String)
      .filter((c) => c.includes('session_token='));

  it('are HttpOnly and SameSite=Lax, and Secure when served over https', async () => {
    const plain = await t.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Plain', email: 'plain@example.com', password: 'correct-horse-42', role: 'user' },
    });
    const secure = await https.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://grip.example' },
      payload: { name: 'Secure', email: 'secure@example.com', password: 'correct-horse-42', role: 'user' },
    });
    for (const res of [plain, secure]) {
      expect(res.statusCode).toBe(200);
      const [cookie] = attributes(res);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    }
    expect(attributes(secure)[0]).toMatch(/;\s*Secure/i);
    expect(attributes(secure)[0]).toMatch(/^__Secure-/);
    expect(attributes(plain)[0]).not.toMatch(/;\s*Secure/i);
  });
});

describe('cross-site requests', () => {
  it('refuses every state-changing route when another site sends it, and nothing changes', async () => {
    const { cookie, email, password } = await t.signUp();
    const writes = t.app.grip.routes.filter((r) => !r.startsWith('GET '));
    // The whole API: a route added later is covered without being listed here.
    expect(writes.length).toBeGreaterThan(50);
    const before = await databaseDigest(t.db);
    for (const route of writes) {
      const method = route.split(' ')[0] as 'POST';
      // Better Auth's endpoints sit behind one wildcard route: a real one of them stands for it.
      const auth = route.endsWith('/api/auth/*');
      const url = auth ? '/api/auth/sign-in/email' : urlOf(route);
      const payload = auth ? { email, password } : {};
      const res = await t.inject({ method, url, cookie, headers: { origin: EVIL }, payload });
      expect(res.statusCode, `${route} from another site`).toBe(403);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
    console.log(`cross-site: ${writes.length} state-changing routes refused, nothing changed`);
  });
});

describe('GET never changes anything', () => {
  it('leaves every table as it was after every GET route, as a visitor and as every role', async () => {
    const customer = await t.signUp({ role: 'user' });
    const business = await t.signUp({ role: 'business_owner' });
    const reads = t.app.grip.routes.filter(
      (r) =>
        // The API, uploads and health checks; the built web app's files are served as they are.
        /^GET \/(api|uploads|healthz|readyz)\b/.test(r) &&
        // The live stream stays open until the client leaves; it only reads (live.routes.ts).
        r !== 'GET /api/events',
    );
    expect(reads.length).toBeGreaterThan(50);
    const before = await databaseDigest(t.db);
    for (const cookie of [undefined, customer.cookie, business.cookie]) {
      for (const route of reads) {
        const url = route.endsWith('/api/auth/*') ? '/api/auth/get-session' : urlOf(route);
        const res = await t.inject({ url, cookie });
        expect(res.statusCode, route).toBeLessThan(500);
      }
    }
    expect(await databaseDigest(t.db)).toEqual(before);
    console.log(`GET: ${reads.length} routes x 3 callers, nothing changed`);
  });
});
