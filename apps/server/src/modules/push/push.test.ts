import { createPublicKey, verify } from 'node:crypto';
import { PushPayloadSchema } from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, pushSubscriptions } from '../../db/schema';
import { drainOutbox, POOL_REQUEST, poolBusiness } from '../../test/pool-request';
import {
  startConnectionCounter,
  startPushService,
  type ConnectionCounter,
  type PushService,
  type TestDevice,
} from '../../test/push-service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PUBLIC_TEST_ADDRESS } from '../../test/test-dns';
import { PUSH_ENDPOINT_MESSAGES } from './push-endpoint';
import { vapidKeyStore } from './vapid-keys';

/**
 * Web push end to end: a device subscribes through the API, a real event creates a notification,
 * the outbox worker encrypts and signs the push, and a push service on loopback receives it; the
 * device's keys decrypt it to what the service worker shows.
 */
let t: TestApp;
let push: PushService;
beforeAll(async () => {
  push = await startPushService();
  // The local push service: plain http on an address listed as trusted (docs/decisions/021).
  t = await createTestApp({ PUSH_ALLOW_HTTP: 'true', PUSH_ALLOWED_HOSTS: '127.0.0.1' });
  await t.app.ready();
  await t.app.grip.outbox.stop(); // driven by hand below
});
afterAll(async () => {
  await t.close();
  await push.close();
});
beforeEach(() => {
  push.deliveries.length = 0;
  push.answerWith(201);
});

const subscribe = (cookie: string | undefined, device: Pick<TestDevice, 'endpoint' | 'keys'>, extra = {}) =>
  t.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    cookie,
    payload: { endpoint: device.endpoint, keys: device.keys, ...extra },
  });
const subscribeOn = (app: TestApp, cookie: string, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/push/subscriptions', cookie, payload });
const unsubscribe = (cookie: string, endpoint: string) =>
  t.inject({ method: 'DELETE', url: '/api/push/subscriptions', cookie, payload: { endpoint } });

async function postPoolRequest() {
  const customer = await t.signUp();
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: POOL_REQUEST,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, customer };
}

const pushRowsOn = (app: TestApp, userId: string) =>
  app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'push'), eq(outbox.userId, userId)));
const pushRowsOf = (userId: string) => pushRowsOn(t, userId);

/** Checks the VAPID header (RFC 8292): an ES256 JWT for the push service's origin, and our key. */
function expectVapid(authorization: string | undefined, audience: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  expect(match, authorization).not.toBeNull();
  const [, jwt = '', k] = match!;
  expect(k).toBe(publicKey);
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
  expect(body).toMatchObject({ aud: audience, sub: 'mailto:no-reply@grip.local' });
  expect(body.exp as number).toBeGreaterThan(Date.now() / 1000);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
}

describe('GET /api/push/key', () => {
  it('asks for a sign-in, then gives every caller the same stored key across restarts of the store', async () => {
    expect((await t.inject({ url: '/api/push/key' })).statusCode).toBe(401);
    const a = await t.signUp();
    const b = await t.signUp();
    const first = await t.inject({ url: '/api/push/key', cookie: a.cookie });
    expect(first.statusCode, first.body).toBe(200);
    const { publicKey } = first.json() as { publicKey: string };
    // An uncompressed P-256 point: 65 bytes starting 0x04.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(publicKey, 'base64url')[0]).toBe(4);
    expect((await t.inject({ url: '/api/push/key', cookie: b.cookie })).json()).toEqual({ publicKey });
    // A fresh store (another process, a restart) reads the same pair: subscriptions stay valid.
    expect((await vapidKeyStore(t.db, t.app.grip.config)()).publicKey).toBe(publicKey);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('refuses signed-out callers and malformed subscriptions with a clear message', async () => {
    const device = push.device();
    expect((await subscribe(undefined, device)).statusCode).toBe(401);
    const user = await t.signUp();
    const cases: [unknown, RegExp][] = [
      [{ endpoint: 'not a url', keys: device.keys }, /push endpoint must be a URL/],
      [
        { endpoint: device.endpoint, keys: { ...device.keys, p256dh: 'short' } },
        /encryption key is not valid/,
      ],
      [
        { endpoint: device.endpoint, keys: { ...device.keys, auth: 'no spaces allowed!!' } },
        /auth secret is not valid/,
      ],
      [{ endpoint: device.endpoint }, /.+/],
      [{ endpoint: `${push.origin}/${'x'.repeat(2100)}`, keys: device.keys }, /too long/],
    ];
    for (const [payload, message] of cases) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        cookie: user.cookie,
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.userId)),
    ).toEqual([]);
  });

  it('keeps one row per device, moves a device to whoever turns push on there, and turns off only your own', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    const device = push.device();
    expect((await subscribe(ana.cookie, device, { deviceLabel: 'Chrome on Android' })).statusCode).toBe(201);
    expect((await subscribe(ana.cookie, device)).statusCode).toBe(201);
    const rows = () =>
      t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(await rows()).toHaveLength(1);

    // Ben cannot turn off Ana's device...
    expect((await unsubscribe(ben.cookie, device.endpoint)).statusCode).toBe(204);
    expect((await rows())[0]?.userId).toBe(ana.userId);
    // ...but signing in on it and turning push on makes it his.
    expect((await subscribe(ben.cookie, device)).statusCode).toBe(201);
    expect((await rows())[0]?.userId).toBe(ben.userId);
    expect((await unsubscribe(ben.cookie, device.endpoint)).statusCode).toBe(204);
    expect(await rows()).toEqual([]);
    // Turning off twice is fine.
    expect((await unsubscribe(ben.cookie, device.endpoint)).statusCode).toBe(204);
  });
});

describe('push delivery', () => {
  it('pushes a new request to each of the business’s devices, encrypted for it and signed with our key', async () => {
    const business = await poolBusiness(t);
    const phone = push.device();
    const laptop = push.device();
    expect((await subscribe(business.cookie, phone)).statusCode).toBe(201);
    expect((await subscribe(business.cookie, laptop)).statusCode).toBe(201);
    const { publicKey } = (await t.inject({ url: '/api/push/key', cookie: business.cookie })).json() as {
      publicKey: string;
    };

    const { id: requestId } = await postPoolRequest();
    await drainOutbox(t);

    expect(push.deliveries.map((d) => d.path).sort()).toEqual(
      [new URL(phone.endpoint).pathname, new URL(laptop.endpoint).pathname].sort(),
    );
    const [notification] = (await t.inject({ url: '/api/notifications', cookie: business.cookie })).json()
      .items as { id: string; title: string; message: string; relatedId: string }[];
    expect(notification?.relatedId).toBe(requestId);
    for (const delivery of push.deliveries) {
      const device = delivery.path === new URL(phone.endpoint).pathname ? phone : laptop;
      expect(delivery.headers['content-encoding']).toBe('aes128gcm');
      expect(delivery.headers.ttl).toBe('86400');
      expectVapid(delivery.headers.authorization, push.origin, publicKey);
      expect(PushPayloadSchema.parse(device.open(delivery))).toEqual({
        title: notification!.title,
        body: notification!.message,
        url: '/business-requests',
        tag: notification!.id,
      });
    }
    const rows = await pushRowsOf(business.userId);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    const devices = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, business.userId));
    expect(devices.every((d) => d.lastSuccessAt !== null)).toBe(true);
  });

  it('opens the right screen for the customer, and pushes nothing to users without a device', async () => {
    const business = await poolBusiness(t);
    const { id: requestId, customer } = await postPoolRequest();
    const device = push.device();
    expect((await subscribe(customer.cookie, device)).statusCode).toBe(201);
    const quoted = await t.inject({
      method: 'POST',
      url: `/api/business/requests/${requestId}/responses`,
      cookie: business.cookie,
      payload: { message: 'Thursday works.', quotedPrice: 180, priceType: 'fixed' },
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    await drainOutbox(t);
    const mine = push.deliveries.filter((d) => d.path === new URL(device.endpoint).pathname);
    expect(mine).toHaveLength(1);
    expect(device.open(mine[0]!)).toMatchObject({ url: '/requests' });
    expect(await pushRowsOf(business.userId)).toEqual([]);
  });

  it('forgets a device the push service says is gone, and fails that push without retrying', async () => {
    const business = await poolBusiness(t);
    const device = push.device();
    expect((await subscribe(business.cookie, device)).statusCode).toBe(201);
    push.answerWith(410);
    await postPoolRequest();
    await drainOutbox(t);
    // Earlier tests' pool businesses have devices too: count this one's.
    const toDevice = () => push.deliveries.filter((d) => d.path === new URL(device.endpoint).pathname);
    expect(toDevice()).toHaveLength(1);
    const [row] = await pushRowsOf(business.userId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toMatch(/unsubscribed.*410/);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, business.userId)),
    ).toEqual([]);

    // The next notification has no device to go to.
    push.deliveries.length = 0;
    await postPoolRequest();
    await drainOutbox(t);
    expect(toDevice()).toEqual([]);
    expect(await pushRowsOf(business.userId)).toHaveLength(1);
  });

  it('retries when the push service is unavailable, and never pushes to a device turned off meanwhile', async () => {
    const business = await poolBusiness(t);
    const device = push.device();
    expect((await subscribe(business.cookie, device)).statusCode).toBe(201);
    push.answerWith(503);
    await postPoolRequest();
    await drainOutbox(t);
    const [retrying] = await pushRowsOf(business.userId);
    expect(retrying).toMatchObject({ status: 'pending', attempts: 1 });
    expect(retrying?.lastError).toMatch(/503/);

    expect((await unsubscribe(business.cookie, device.endpoint)).statusCode).toBe(204);
    await t.db.update(outbox).set({ runAt: new Date() }).where(eq(outbox.id, retrying!.id));
    push.deliveries.length = 0;
    push.answerWith(201);
    await drainOutbox(t);
    expect(push.deliveries.filter((d) => d.path === new URL(device.endpoint).pathname)).toEqual([]);
    const [row] = await pushRowsOf(business.userId);
    expect(row).toMatchObject({ status: 'failed', lastError: 'push turned off on this device' });
  });
});

/**
 * The push endpoint policy with the production settings (the browsers' push services) and with the
 * widest (`PUSH_ALLOWED_HOSTS=*`): names resolve through each app's TestDns, and a name answered with
 * a public address is only ever checked, never delivered to (the outboxes are driven by hand, and
 * such names are forgotten again before anything is delivered).
 */
describe('push endpoints in production', () => {
  let strict: TestApp;
  let open: TestApp;
  let inside: ConnectionCounter;
  beforeAll(async () => {
    [strict, open, inside] = await Promise.all([
      createTestApp(),
      createTestApp({ PUSH_ALLOWED_HOSTS: '*' }),
      startConnectionCounter(),
    ]);
    // Ready first (which starts the outbox), then stopped: driven by hand below.
    await Promise.all([strict.app.ready(), open.app.ready()]);
    await Promise.all([strict.app.grip.outbox.stop(), open.app.grip.outbox.stop()]);
  });
  afterAll(async () => {
    await Promise.all([strict.close(), open.close(), inside.close()]);
  });

  const devicesOf = (app: TestApp, userId: string) =>
    app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  it('accepts the browsers’ push services and, with *, any host, when their addresses are public', async () => {
    strict.dns.set('fcm.googleapis.com', PUBLIC_TEST_ADDRESS);
    strict.dns.set('web.push.apple.com', '2607:f8b0:4004:800::200e');
    open.dns.set('push.example.org', PUBLIC_TEST_ADDRESS);
    try {
      const device = push.device();
      for (const [app, endpoint] of [
        [strict, 'https://fcm.googleapis.com/fcm/send/abc123'],
        [strict, 'https://web.push.apple.com/QGuQyavXutnMH'],
        [open, 'https://push.example.org/wpush/v2/abc'],
      ] as const) {
        const user = await app.signUp();
        const res = await subscribeOn(app, user.cookie, { endpoint, keys: device.keys });
        expect(res.statusCode, `${endpoint} ${res.body}`).toBe(201);
        expect((await devicesOf(app, user.userId)).map((d) => d.endpoint)).toEqual([endpoint]);
      }
    } finally {
      strict.dns.set('fcm.googleapis.com').set('web.push.apple.com');
      open.dns.set('push.example.org');
    }
  });

  it('refuses each kind of endpoint that could lead inside, with a plain message, and stores nothing', async () => {
    const { port } = inside;
    strict.dns.set('web.push.apple.com', '10.0.0.7');
    for (const [name, address] of [
      ['loopback.attacker.example', '127.0.0.1'],
      ['private.attacker.example', '192.168.1.10'],
      ['metadata.attacker.example', '169.254.169.254'],
      ['cgnat.attacker.example', '100.64.0.1'],
      ['zero.attacker.example', '0.0.0.0'],
      ['multicast.attacker.example', '224.0.0.251'],
      ['docs.attacker.example', '192.0.2.10'],
      ['v6.attacker.example', '::1'],
      ['ula.attacker.example', 'fd00::1'],
      ['linklocal6.attacker.example', 'fe80::1'],
      ['mapped.attacker.example', '::ffff:127.0.0.1'],
      ['nat64.attacker.example', '64:ff9b::a00:1'],
    ]) {
      open.dns.set(name!, address!);
    }
    const { notHttps, notAllowed, notPublic, notFound } = PUSH_ENDPOINT_MESSAGES;
    const cases: [TestApp, string, string][] = [
      [strict, `http://fcm.googleapis.com/fcm/send/abc`, notHttps],
      [strict, `https://push.example.net/send/abc`, notAllowed],
      [strict, `https://localhost:${port}/push`, notAllowed],
      [strict, `https://127.0.0.1:${port}/push`, notPublic],
      [strict, `https://[::1]:${port}/push`, notPublic],
      [strict, `https://web.push.apple.com/abc`, notPublic], // an allowed name that resolves inside
      [strict, `https://wns2-x.notify.windows.com/w/?token=abc`, notFound],
      [open, `http://push.example.org/abc`, notHttps],
      [open, `https://localhost:${port}/push`, notPublic],
      [open, `https://127.0.0.1:${port}/push`, notPublic],
      [open, `https://2130706433:${port}/push`, notPublic],
      [open, `https://0x7f.0.0.1:${port}/push`, notPublic],
      [open, `https://[::ffff:127.0.0.1]:${port}/push`, notPublic],
      [open, `https://169.254.169.254/latest/meta-data/`, notPublic],
      [open, `https://[fe80::1]/push`, notPublic],
      [open, `https://8.8.8.8/push`, notAllowed],
      ...[
        'loopback',
        'private',
        'metadata',
        'cgnat',
        'zero',
        'multicast',
        'docs',
        'v6',
        'ula',
        'linklocal6',
        'mapped',
        'nat64',
      ].map((n): [TestApp, string, string] => [
        open,
        `https://${n}.attacker.example:${port}/push`,
        notPublic,
      ]),
    ];
    const device = push.device();
    for (const [app, endpoint, message] of cases) {
      const user = await app.signUp();
      const res = await subscribeOn(app, user.cookie, { endpoint, keys: device.keys });
      expect(res.statusCode, `${endpoint} ${res.body}`).toBe(400);
      expect(res.json().message, endpoint).toBe(message);
      expect(await devicesOf(app, user.userId)).toEqual([]);
    }
    expect(inside.connections).toBe(0);
  });

  it('never connects to a host that moved inside after subscribing: the push fails and the device is forgotten', async () => {
    const host = 'push.rebind.example';
    const endpoint = `https://${host}:${inside.port}/wpush/v2/abc`;
    const business = await poolBusiness(open);
    open.dns.set(host, PUBLIC_TEST_ADDRESS);
    const device = push.device();
    expect((await subscribeOn(open, business.cookie, { endpoint, keys: device.keys })).statusCode).toBe(201);
    // The attacker's DNS now answers loopback, where the push would reach a service inside.
    open.dns.set(host, '127.0.0.1');
    const customer = await open.signUp();
    const posted = await open.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: POOL_REQUEST,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await drainOutbox(open);

    expect(inside.connections).toBe(0);
    const [row] = await pushRowsOn(open, business.userId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toBe(
      `push endpoint refused, device forgotten: ${host} resolves to 127.0.0.1, not a public address (loopback)`,
    );
    expect(await devicesOf(open, business.userId)).toEqual([]);
  });

  it('refuses at delivery what was stored before the policy: an address, or a host not allowed now', async () => {
    const business = await poolBusiness(strict);
    const device = push.device();
    const asked = strict.dns.asked.length;
    for (const endpoint of [
      `https://127.0.0.1:${inside.port}/push/old`,
      `https://[::ffff:127.0.0.1]:${inside.port}/push/old`,
      `https://push.example.net/send/old`,
    ]) {
      await strict.db
        .insert(pushSubscriptions)
        .values({ userId: business.userId, endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth });
    }
    const customer = await strict.signUp();
    const posted = await strict.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: POOL_REQUEST,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await drainOutbox(strict);

    expect(inside.connections).toBe(0);
    expect(strict.dns.asked.length).toBe(asked);
    const rows = await pushRowsOn(strict, business.userId);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
    expect(rows.map((r) => r.lastError).sort()).toEqual([
      'push endpoint refused, device forgotten: 127.0.0.1 is not a public address (loopback)',
      'push endpoint refused, device forgotten: ::ffff:7f00:1 is not a public address (ipv4Mapped)',
      'push endpoint refused, device forgotten: push.example.net is not in PUSH_ALLOWED_HOSTS',
    ]);
    expect(await devicesOf(strict, business.userId)).toEqual([]);
  });
});
