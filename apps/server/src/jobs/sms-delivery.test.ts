import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, profiles, systemSettings } from '../db/schema';
import { drainOutbox, POOL_REQUEST, poolBusiness } from '../test/pool-request';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Texts through an HTTP SMS provider. The provider lives on the internet, so here it is a server on
 * loopback at the HTTP boundary, answering as the test says; everything else is the real app.
 */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let provider: { origin: string; received: Received[]; status: number; close(): Promise<void> };

async function startProvider() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res
        .writeHead(state.status, { 'content-type': 'application/json' })
        .end('{"detail":"from the provider"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    get status() {
      return state.status;
    },
    set status(s: number) {
      state.status = s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
beforeAll(async () => {
  provider = await startProvider();
  t = await createTestApp({
    SMS_WEBHOOK_URL: `${provider.origin}/send`,
    SMS_WEBHOOK_TOKEN: 'gateway-secret',
    SMS_FROM: 'Grip',
  });
  await t.app.ready();
  await t.app.grip.outbox.stop(); // driven by hand below
});
afterAll(async () => {
  await t.close();
  await provider.close();
});
beforeEach(async () => {
  provider.received.length = 0;
  provider.status = 200;
  await t.db.delete(systemSettings);
  // Every test starts from a quiet outbox: earlier tests' texts are done with.
  await t.db.delete(outbox);
});

/** A pool business with this phone and these notification channels. */
const smsBusiness = (phone: string | null, preferences: string[]) =>
  poolBusiness(t, { phone, notificationPreferences: preferences });

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

/** The user's SMS rows, once the committed notifications are fanned out (as the worker would). */
const smsRowsOf = async (userId: string) => {
  await t.app.grip.outbox.fanOut();
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), eq(outbox.userId, userId)));
};

describe('SMS through a webhook provider', () => {
  it('texts a new request to a business that chose SMS, with the screen’s link, from our sender', async () => {
    const business = await smsBusiness('+61 400 111-222', ['email', 'sms']);
    await postPoolRequest();
    await drainOutbox(t);

    const mine = provider.received.filter((r) => JSON.parse(r.body).to === '+61400111222');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.path).toBe('/send');
    expect(mine[0]!.headers.authorization).toBe('Bearer gateway-secret');
    expect(mine[0]!.headers['content-type']).toBe('application/json');
    const sent = JSON.parse(mine[0]!.body) as { to: string; from: string; text: string };
    expect(sent.from).toBe('Grip');
    expect(sent.text).toMatch(/^Grip: .+ — .+ http:\/\/localhost:3000\/business-requests$/);
    expect(sent.text.length).toBeLessThanOrEqual(320);
    const [row] = await smsRowsOf(business.userId);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      recipient: '+61400111222',
      topic: 'new_request',
    });
  });

  it('sends nothing to businesses without SMS chosen or without an international number', async () => {
    const emailOnly = await smsBusiness('+61 400 111 333', ['email']);
    const localNumber = await smsBusiness('0400 111 444', ['sms']);
    const noPhone = await smsBusiness(null, ['sms']);
    await postPoolRequest();
    for (const b of [emailOnly, localNumber, noPhone]) expect(await smsRowsOf(b.userId)).toEqual([]);
  });

  it('sends no texts at all while the administrators’ SMS switch is off', async () => {
    await t.db.insert(systemSettings).values({ key: 'sms_notifications_enabled', value: 'false' });
    const business = await smsBusiness('+61 400 111 555', ['sms']);
    await postPoolRequest();
    await drainOutbox(t);
    expect(await smsRowsOf(business.userId)).toEqual([]);
    expect(provider.received).toEqual([]);
  });

  it('texts the customer a quote, but keeps chat messages off SMS', async () => {
    const business = await smsBusiness(null, ['email']);
    const { id: requestId, customer } = await postPoolRequest();
    await t.db
      .update(profiles)
      .set({ phone: '+64 21 555 0101', notificationPreferences: ['email', 'sms'] })
      .where(eq(profiles.userId, customer.userId));
    const quoted = await t.inject({
      method: 'POST',
      url: `/api/business/requests/${requestId}/responses`,
      cookie: business.cookie,
      payload: { message: 'Thursday works.', quotedPrice: 180, priceType: 'fixed' },
    });
    expect(quoted.statusCode, quoted.body).toBe(201);
    const responseId = quoted.json().id as string;
    const confirmed = await t.confirmOffer(customer.cookie, responseId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const sent = await t.inject({
      method: 'POST',
      url: `/api/conversations/${responseId}/messages`,
      cookie: business.cookie,
      payload: { message: 'See you Thursday.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const rows = await smsRowsOf(customer.userId);
    expect(rows.map((r) => r.topic)).toEqual(['new_response']);
    expect(rows[0]!.payload).toMatchObject({ link: '/requests' });
  });

  it('fails a text the provider refuses at once, and retries one it could not take yet', async () => {
    const business = await smsBusiness('+61 400 111 666', ['sms']);
    provider.status = 400;
    await postPoolRequest();
    await drainOutbox(t);
    const [refused] = await smsRowsOf(business.userId);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused?.lastError).toMatch(/^SMS provider answered 400: .*from the provider/);

    await t.db.delete(outbox);
    provider.status = 503;
    await postPoolRequest();
    await drainOutbox(t);
    const [later] = await smsRowsOf(business.userId);
    expect(later).toMatchObject({ status: 'pending', attempts: 1 });
    expect(later!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});

describe('SMS through Twilio', () => {
  it('posts to the Messages API with basic auth and a form body', async () => {
    const twilio = await createTestApp({
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'twilio-token',
      TWILIO_API_URL: provider.origin,
      SMS_FROM: '+15005550006',
    });
    try {
      await twilio.app.ready();
      await twilio.app.grip.outbox.stop();
      await poolBusiness(twilio, { phone: '+61 400 111 777', notificationPreferences: ['sms'] });
      const customer = await twilio.signUp();
      const res = await twilio.inject({
        method: 'POST',
        url: '/api/requests',
        cookie: customer.cookie,
        payload: POOL_REQUEST,
      });
      expect(res.statusCode, res.body).toBe(201);
      await drainOutbox(twilio);

      expect(provider.received).toHaveLength(1);
      const [req] = provider.received;
      expect(req!.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(req!.headers.authorization).toBe(
        `Basic ${Buffer.from('AC123:twilio-token').toString('base64')}`,
      );
      const form = new URLSearchParams(req!.body);
      expect(form.get('To')).toBe('+61400111777');
      expect(form.get('From')).toBe('+15005550006');
      expect(form.get('Body')).toMatch(/^Grip: .+ http:\/\/localhost:3000\/business-requests$/);
    } finally {
      await twilio.close();
    }
  });
});

describe('SMS without a provider', () => {
  it('keeps the text as logged, for administrators to read', async () => {
    const quiet = await createTestApp();
    try {
      await quiet.app.ready();
      await quiet.app.grip.outbox.stop();
      await poolBusiness(quiet, { phone: '+61 400 111 888', notificationPreferences: ['sms'] });
      const customer = await quiet.signUp();
      await quiet.inject({
        method: 'POST',
        url: '/api/requests',
        cookie: customer.cookie,
        payload: POOL_REQUEST,
      });
      await drainOutbox(quiet);
      const rows = await quiet.db.select().from(outbox).where(eq(outbox.channel, 'sms'));
      expect(rows.map((r) => [r.recipient, r.status])).toEqual([['+61400111888', 'logged']]);
      expect(provider.received).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
