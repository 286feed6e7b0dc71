/**
 * The attacker of issue 26 item 7 (docs/reliability.md, docs/decisions/021): a signed-up user who
 * wants the server to connect somewhere inside its own network through web push. Everything goes
 * over real HTTP to a listening server, as the attacker's script would. The attacker owns a business
 * account (whose device the pushes go to) and a customer account (whose request makes the next push),
 * and their own DNS zone — played by each app's TestDns, which they may change between any two steps.
 *
 * The target inside is a listener on loopback that counts connections; at the end it must have
 * counted none. Two servers: one with the production settings (the browsers' push services), one
 * with the widest a self-hoster may choose (`PUSH_ALLOWED_HOSTS=*`), where only the address check
 * stands in the way.
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, pushSubscriptions } from '../db/schema';
import { PUSH_ENDPOINT_MESSAGES } from '../modules/push/push-endpoint';
import { drainOutbox } from '../test/pool-request';
import { deviceKeys, startConnectionCounter, type ConnectionCounter } from '../test/push-service';
import { createTestApp, uniqueEmail, type TestApp } from '../test/test-app';
import { PUBLIC_TEST_ADDRESS } from '../test/test-dns';
import { poolBusinessProfile, poolRequestAt } from './world';

interface Server {
  t: TestApp;
  base: string;
  /** The attacker's business account (the pushes go to its devices) and customer account. */
  business: { cookie: string; userId: string };
  customer: { cookie: string; userId: string };
}

let inside: ConnectionCounter;
let production: Server;
let permissive: Server;
const figures = { tried: 0, refused: 0, accepted: 0, pushesRefused: 0 };

/** A real HTTP call as the attacker's script makes it; the answer's status and JSON body. */
async function call(server: Server, method: string, path: string, cookie?: string, body?: unknown) {
  const res = await fetch(server.base + path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null,
    res,
  };
}

async function signUp(server: Omit<Server, 'business' | 'customer'>, role: string) {
  const res = await fetch(`${server.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Mallory',
      email: uniqueEmail('mallory'),
      password: 'correct-horse-42',
      role,
      ...(role === 'business_owner' ? { businessName: 'Mallory Pools' } : {}),
    }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, userId: ((await res.json()) as { user: { id: string } }).user.id };
}

async function startServer(overrides: Record<string, string>): Promise<Server> {
  const t = await createTestApp(overrides);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Driven by hand (stopped after listening, which starts it): every push happens when the test
  // says, after the DNS step it is about.
  await t.app.grip.outbox.stop();
  const partial = { t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
  const business = await signUp(partial, 'business_owner');
  const customer = await signUp(partial, 'user');
  const server = { ...partial, business, customer };
  const profile = await call(
    server,
    'PUT',
    '/api/business-profile',
    business.cookie,
    poolBusinessProfile('Mallory Pools', '+61400000009', uniqueEmail('jobs.mallory')),
  );
  if (profile.status !== 200) throw new Error(`business profile: ${profile.status}`);
  return server;
}

beforeAll(async () => {
  inside = await startConnectionCounter();
  [production, permissive] = await Promise.all([startServer({}), startServer({ PUSH_ALLOWED_HOSTS: '*' })]);
});
afterAll(async () => {
  await Promise.all([production?.t.close(), permissive?.t.close(), inside?.close()]);
  console.log(
    `attacker-push: ${figures.tried} endpoints tried, ${figures.refused} refused at subscription, ` +
      `${figures.accepted} accepted then moved inside, ${figures.pushesRefused} pushes refused at delivery, ` +
      `${inside?.connections} connections inside`,
  );
});

const devicesOf = (server: Server) =>
  server.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, server.business.userId));

async function subscribe(server: Server, endpoint: string) {
  figures.tried += 1;
  return call(server, 'POST', '/api/push/subscriptions', server.business.cookie, {
    endpoint,
    keys: deviceKeys(),
  });
}

describe('web push as a way inside (issue 26 item 7)', () => {
  it('every endpoint naming the inside directly is refused with a plain 400, on both servers', async () => {
    const { port } = inside;
    const endpoints = [
      `https://127.0.0.1:${port}/admin`,
      `https://127.1:${port}/admin`,
      `https://2130706433:${port}/admin`,
      `https://0x7f000001:${port}/admin`,
      `https://0177.0.0.1:${port}/admin`,
      `https://[::1]:${port}/admin`,
      `https://[::ffff:127.0.0.1]:${port}/admin`,
      `https://[::ffff:7f00:1]:${port}/admin`,
      `https://[0:0:0:0:0:ffff:7f00:1]:${port}/admin`,
      `https://[::127.0.0.1]:${port}/admin`,
      `https://[64:ff9b::127.0.0.1]:${port}/admin`,
      `https://[2002:7f00:1::]:${port}/admin`,
      `https://0.0.0.0:${port}/admin`,
      `https://0:${port}/admin`,
      `https://localhost:${port}/admin`,
      `https://LOCALHOST.:${port}/admin`,
      `https://169.254.169.254/latest/meta-data/iam/security-credentials/`,
      `https://[fd00:ec2::254]/latest/meta-data/`,
      `https://10.0.0.1/admin`,
      `https://172.16.0.1/admin`,
      `https://192.168.0.1/admin`,
      `https://100.64.0.1/admin`,
      `https://[fe80::1]/admin`,
      `https://[fc00::1]/admin`,
      `https://224.0.0.1/admin`,
      `https://255.255.255.255/admin`,
      `https://192.0.2.1/admin`,
      `https://198.18.0.1/admin`,
      `http://127.0.0.1:${port}/admin`,
      `http://fcm.googleapis.com:${port}/fcm/send/x`,
      `https://user:pass@fcm.googleapis.com/fcm/send/x`,
    ];
    const plain = new Set<string>(Object.values(PUSH_ENDPOINT_MESSAGES));
    for (const server of [production, permissive]) {
      for (const endpoint of endpoints) {
        const answer = await subscribe(server, endpoint);
        expect(answer.status, `${endpoint} ${JSON.stringify(answer.body)}`).toBe(400);
        expect(plain.has(String(answer.body?.message)), String(answer.body?.message)).toBe(true);
        figures.refused += 1;
      }
      expect(await devicesOf(server)).toEqual([]);
    }
    expect(inside.connections).toBe(0);
  });

  it('names the attacker points at non-public addresses are refused, even where any host is allowed', async () => {
    const answers: [string, string[]][] = [
      ['loopback', ['127.0.0.1']],
      ['loopback-high', ['127.255.255.254']],
      ['v6-loopback', ['::1']],
      ['mapped', ['::ffff:127.0.0.1']],
      ['rfc1918', ['10.20.30.40']],
      ['rfc1918-b', ['172.20.0.5']],
      ['rfc1918-c', ['192.168.1.1']],
      ['metadata', ['169.254.169.254']],
      ['cgnat', ['100.100.100.200']],
      ['zero', ['0.0.0.0']],
      ['multicast', ['239.255.255.250']],
      ['documentation', ['203.0.113.5']],
      ['benchmark', ['198.19.0.1']],
      ['ula', ['fd12:3456::1']],
      ['link-local6', ['fe80::abcd']],
      ['nat64', ['64:ff9b::a00:1']],
      ['teredo', ['2001:0:4136:e378:8000:63bf:3fff:fdd2']],
      ['mixed', [PUBLIC_TEST_ADDRESS, '127.0.0.1']],
      ['mixed6', ['2607:f8b0:4004:800::200e', 'fd00::1']],
    ];
    for (const [label, addresses] of answers) {
      const name = `${label}.mallory.example`;
      permissive.t.dns.set(name, ...addresses);
      const answer = await subscribe(permissive, `https://${name}:${inside.port}/admin`);
      expect(answer.status, `${name} → ${addresses.join(', ')}`).toBe(400);
      expect(answer.body?.message).toBe(PUSH_ENDPOINT_MESSAGES.notPublic);
      figures.refused += 1;
      // The production server does not even look the name up: it is no browser's push service.
      const before = production.t.dns.asked.length;
      production.t.dns.set(name, ...addresses);
      const refused = await subscribe(production, `https://${name}/admin`);
      expect(refused.body?.message).toBe(PUSH_ENDPOINT_MESSAGES.notAllowed);
      expect(production.t.dns.asked.length).toBe(before);
      figures.refused += 1;
    }
    // Even a push service's own name, when this server's DNS says it is inside.
    production.t.dns.set('fcm.googleapis.com', '10.0.0.5');
    const poisoned = await subscribe(production, `https://fcm.googleapis.com/fcm/send/x`);
    expect(poisoned.status).toBe(400);
    expect(poisoned.body?.message).toBe(PUSH_ENDPOINT_MESSAGES.notPublic);
    figures.refused += 1;
    for (const server of [production, permissive]) expect(await devicesOf(server)).toEqual([]);
    expect(inside.connections).toBe(0);
  });

  it('a name that was public at subscription and points inside at delivery is never connected to', async () => {
    const rebinds: [Server, string, string[]][] = [
      [permissive, 'rebind.mallory.example', ['127.0.0.1']],
      [permissive, 'rebind6.mallory.example', ['::ffff:127.0.0.1']],
      [permissive, 'rebind-both.mallory.example', ['127.0.0.1', '::1']],
      // The same against the production server, with its resolver poisoned after the subscription.
      [production, 'fcm.googleapis.com', ['127.0.0.1']],
    ];
    for (const [server, name, insideAnswer] of rebinds) {
      const endpoint = `https://${name}:${inside.port}/wpush/v2/${figures.tried}`;
      server.t.dns.set(name, PUBLIC_TEST_ADDRESS);
      const accepted = await subscribe(server, endpoint);
      expect(accepted.status, `${endpoint} ${JSON.stringify(accepted.body)}`).toBe(201);
      figures.accepted += 1;
      // Nothing was delivered while the name was public (the outbox only runs below).
      server.t.dns.set(name, ...insideAnswer);

      // The attacker's own customer account posts a request their business matches: the next push.
      const posted = await call(
        server,
        'POST',
        '/api/requests',
        server.customer.cookie,
        poolRequestAt('Manly NSW 2095', `Pool pump noise ${figures.tried}`),
      );
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
      await drainOutbox(server.t);

      expect(inside.connections, name).toBe(0);
      const rows = await server.t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, 'push'), eq(outbox.userId, server.business.userId)));
      const latest = rows.find((r) => r.recipient === accepted.body?.id);
      expect(latest, `${name} ${latest?.lastError}`).toMatchObject({ status: 'failed', attempts: 1 });
      expect(latest?.lastError).toBe(
        `push endpoint refused, device forgotten: ${name} resolves to ${insideAnswer[0]}, not a public address (${
          insideAnswer[0] === '127.0.0.1' ? 'loopback' : 'ipv4Mapped'
        })`,
      );
      figures.pushesRefused += 1;
      // The device is forgotten: later notifications do not even try.
      expect(await devicesOf(server)).toEqual([]);
      server.t.dns.set(name);
    }
    expect(inside.connections).toBe(0);
  });
});
