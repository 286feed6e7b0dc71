import {
  ADMIN_TEST_SENDS_PER_MINUTE,
  ADMIN_TEST_TOOL_MESSAGES,
  type PlaceSearchResponse,
  type TestRequestChoice,
  type TestSendResult,
} from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, profiles, systemSettings } from '../../db/schema';
import { drainOutbox, POOL_REQUEST, poolBusiness } from '../../test/pool-request';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';
import { adminTestToolRoutes } from './test-tools.routes';

/** A real app on the test database with a real SMTP server on loopback; no SMS provider. */
let smtp: SmtpInbox;
let t: TestApp;
let admin: { cookie: string; userId: string };

beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: smtp.url });
  // buildApp may or may not register these routes yet; either way the test runs against them.
  if (!t.app.hasRoute({ method: 'POST', url: '/api/admin/test/email' })) {
    await t.app.register(adminTestToolRoutes, { db: t.db, config: t.app.grip.config });
  }
  await t.app.ready();
  await t.app.grip.outbox.stop(); // delivered by hand with drainOutbox
  admin = await t.signUp({ role: 'administrator' });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

beforeEach(async () => {
  await t.db.delete(systemSettings);
});

const post = (url: string, payload: unknown, cookie = admin.cookie) =>
  t.inject({ method: 'POST', url, payload, cookie });

/** The mail the SMTP server received for `to`, with its headers unfolded. */
function mailTo(to: string) {
  const mail = smtp.mails.find((m) => m.to.includes(to));
  if (!mail) return null;
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return { ...mail, subject: /^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() };
}

async function outboxRow(id: number) {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

describe('who may use the test tools', () => {
  it('refuses signed-out callers (401), customers and business owners (403), and queues nothing', async () => {
    const customer = await t.signUp();
    const business = await t.signUp({ role: 'business_owner' });
    const calls = [
      { method: 'POST' as const, url: '/api/admin/test/email', payload: { to: 'x@example.com' } },
      { method: 'POST' as const, url: '/api/admin/test/sms', payload: { to: '+61400000001' } },
      {
        method: 'POST' as const,
        url: '/api/admin/test/new-request-email',
        payload: { requestId: '00000000-0000-4000-8000-000000000000', to: 'x@example.com' },
      },
      { method: 'GET' as const, url: '/api/admin/test/requests' },
      { method: 'GET' as const, url: '/api/admin/test/places?q=pool' },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, call.url).toBe(401);
      for (const cookie of [customer.cookie, business.cookie]) {
        const res = await t.inject({ ...call, cookie });
        expect(res.statusCode, call.url).toBe(403);
        expect(res.json()).toMatchObject({
          error: 'forbidden',
          message: ADMIN_TEST_TOOL_MESSAGES.administratorsOnly,
        });
      }
    }
    const tests = await t.db.select().from(outbox).where(eq(outbox.recipient, 'x@example.com'));
    expect(tests).toEqual([]);
  });
});

describe('test email', () => {
  it('needs an address: blank is the spec text, a bad address is a 400', async () => {
    for (const payload of [{ to: '' }, { to: '   ' }, {}]) {
      const res = await post('/api/admin/test/email', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(ADMIN_TEST_TOOL_MESSAGES.emailRequired);
      expect(res.json().message).toBe('Please enter an email address to test.');
    }
    for (const to of ['nope', 'a@', '@b.com', `${'a'.repeat(250)}@b.com`]) {
      const res = await post('/api/admin/test/email', { to });
      expect(res.statusCode, to).toBe(400);
      expect(res.json().message).toBe(ADMIN_TEST_TOOL_MESSAGES.emailInvalid);
    }
  });

  it('queues a test email that the worker delivers through SMTP to the typed address', async () => {
    const to = uniqueEmail('smtp-test');
    const res = await post('/api/admin/test/email', { to: `  ${to} ` });
    expect(res.statusCode, res.body).toBe(202);
    const result: TestSendResult = res.json();
    expect(result).toMatchObject({
      channel: 'email',
      topic: 'test_email',
      recipient: to,
      isSwitchOn: true,
      isProviderConfigured: true,
    });
    expect((await outboxRow(result.outboxId)).status).toBe('pending');

    await drainOutbox(t);
    const mail = mailTo(to);
    expect(mail?.subject).toBe('Grip test email');
    expect(mail?.raw).toContain('If you can read this, email delivery works.');
    expect(await outboxRow(result.outboxId)).toMatchObject({
      status: 'sent',
      attempts: 1,
      topic: 'test_email',
    });
  });

  it('is sent even while the Email switch is off, and says the switch is off', async () => {
    await t.db.insert(systemSettings).values({ key: 'email_notifications_enabled', value: 'false' });
    const to = uniqueEmail('switch-off');
    const res = await post('/api/admin/test/email', { to });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ isSwitchOn: false });
    await drainOutbox(t);
    expect(mailTo(to)).not.toBeNull();
  });
});

describe('new-request email debugging', () => {
  it('lists the latest open requests and sends the exact email a matching business got', async () => {
    const business = await poolBusiness(t, {}, 'Debug Pools');
    const customer = await t.signUp();
    const posted = await post('/api/requests', POOL_REQUEST, customer.cookie);
    expect(posted.statusCode, posted.body).toBe(201);
    const requestId: string = posted.json().request?.id ?? posted.json().id;
    expect(requestId).toBeTruthy();

    const [told] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'new_request'), eq(outbox.userId, business.userId)));
    expect(told).toBeTruthy();

    const choices = await t.inject({ url: '/api/admin/test/requests', cookie: admin.cookie });
    expect(choices.statusCode).toBe(200);
    const items: TestRequestChoice[] = choices.json().items;
    expect(items[0]).toMatchObject({ id: requestId, title: 'Pool Maintenance request' });
    expect(JSON.stringify(items)).not.toContain(POOL_REQUEST.location);

    const to = uniqueEmail('debug');
    const res = await post('/api/admin/test/new-request-email', { requestId, to });
    expect(res.statusCode, res.body).toBe(202);
    const result: TestSendResult = res.json();
    expect(result).toMatchObject({ channel: 'email', topic: 'test_new_request', recipient: to });
    const row = await outboxRow(result.outboxId);
    expect(row.payload).toEqual(told!.payload);
    // Not a business being told: request audits keep counting only the real notifications.
    expect(row).toMatchObject({ requestId: null, userId: null });

    await drainOutbox(t);
    const mail = mailTo(to);
    expect(mail?.subject).toBe((told!.payload as { subject: string }).subject);
    expect(mail?.raw).toContain(`/respond/${requestId}`);
  });

  it('needs a request and an address', async () => {
    const to = 'debug@example.com';
    const missing = await post('/api/admin/test/new-request-email', {
      requestId: '00000000-0000-4000-8000-000000000000',
      to,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_TEST_TOOL_MESSAGES.requestNotFound);
    const blank = await post('/api/admin/test/new-request-email', { requestId: '', to });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(ADMIN_TEST_TOOL_MESSAGES.requestRequired);
    const noAddress = await post('/api/admin/test/new-request-email', {
      requestId: '00000000-0000-4000-8000-000000000000',
      to: ' ',
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().message).toBe(ADMIN_TEST_TOOL_MESSAGES.emailRequired);
  });
});

describe('SMS test', () => {
  it('needs a number with its country code', async () => {
    const cases: [unknown, string][] = [
      [{ to: '' }, 'Phone number required'],
      [{ to: '  ' }, ADMIN_TEST_TOOL_MESSAGES.phoneRequired],
      [{}, ADMIN_TEST_TOOL_MESSAGES.phoneRequired],
      [{ to: '0412 345 678' }, ADMIN_TEST_TOOL_MESSAGES.phoneCountryCode],
      [{ to: '+12' }, ADMIN_TEST_TOOL_MESSAGES.phoneInvalid],
      [{ to: '+61 abc' }, ADMIN_TEST_TOOL_MESSAGES.phoneInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/admin/test/sms', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(ADMIN_TEST_TOOL_MESSAGES.phoneCountryCode).toContain('country code');
  });

  it('queues a text in international form, logged (not sent) without an SMS provider', async () => {
    await t.db.insert(systemSettings).values({ key: 'sms_notifications_enabled', value: 'false' });
    const res = await post('/api/admin/test/sms', { to: '+61 (412) 345-678' });
    expect(res.statusCode, res.body).toBe(202);
    const result: TestSendResult = res.json();
    expect(result).toMatchObject({
      channel: 'sms',
      topic: 'test_sms',
      recipient: '+61412345678',
      isSwitchOn: false,
      isProviderConfigured: false,
    });
    await drainOutbox(t);
    expect(await outboxRow(result.outboxId)).toMatchObject({ status: 'logged', recipient: '+61412345678' });
  });
});

describe('rate limit', () => {
  it(`allows ${ADMIN_TEST_SENDS_PER_MINUTE} test sends a minute per administrator`, async () => {
    // Only the first administrator signs up as one; a second is granted the role (as an admin would).
    const busy = await t.signUp();
    await t.db.update(profiles).set({ role: 'administrator' }).where(eq(profiles.userId, busy.userId));
    for (let i = 0; i < ADMIN_TEST_SENDS_PER_MINUTE; i++) {
      const res = await post('/api/admin/test/sms', { to: '+61400000123' }, busy.cookie);
      expect(res.statusCode).toBe(202);
    }
    const over = await post('/api/admin/test/email', { to: 'over@example.com' }, busy.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(ADMIN_TEST_TOOL_MESSAGES.rateLimited);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another administrator has their own allowance.
    expect((await post('/api/admin/test/sms', { to: '+61400000123' })).statusCode).toBe(202);
  });
});

describe('places search demo', () => {
  it('needs a non-blank query', async () => {
    for (const q of ['', '%20%20']) {
      const res = await t.inject({ url: `/api/admin/test/places?q=${q}`, cookie: admin.cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a search query');
    }
    const none = await t.inject({ url: '/api/admin/test/places', cookie: admin.cookie });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(ADMIN_TEST_TOOL_MESSAGES.queryRequired);
  });

  it('finds businesses by name, category or area in the spec’s place shape, directory only', async () => {
    const b = await poolBusiness(t, {}, 'Zebra Crossing Pools');
    await t.db
      .update(profiles)
      .set({
        phone: '+61 2 9999 0000',
        website: 'https://zebra.example.com',
        areaLabel: 'Manly',
        address: '1 Zebra St, Manly NSW 2095',
        serviceCategories: ['Pool Maintenance', 'Zebra_Painting'],
      })
      .where(eq(profiles.userId, b.userId));

    const search = async (q: string): Promise<PlaceSearchResponse> => {
      const res = await t.inject({
        url: `/api/admin/test/places?q=${encodeURIComponent(q)}`,
        cookie: admin.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    const byName = await search('zebra crossing');
    expect(byName.sources).toEqual(['directory']);
    expect(byName.notice).toBe('Searching the business directory only (no places provider configured)');
    expect(byName.results).toEqual([
      {
        source: 'directory',
        name: 'Zebra Crossing Pools',
        place_id: b.userId,
        formatted_address: '1 Zebra St, Manly NSW 2095',
        formatted_phone_number: '+61 2 9999 0000',
        international_phone_number: '+61299990000',
        website: 'https://zebra.example.com',
        rating: null,
        user_ratings_total: 0,
        business_status: null,
        types: ['Pool Maintenance', 'Zebra_Painting'],
      },
    ]);
    expect((await search('ZEBRA_PAINT')).results.map((r) => r.place_id)).toEqual([b.userId]);
    // LIKE wildcards are literal: '_' does not match any character, '%' does not match everything.
    expect((await search('Zebra Crossing_Pools')).results).toEqual([]);
    expect((await search('%')).results).toEqual([]);
    // Customers are not in the directory.
    await t.signUp({ name: 'Zebra Customer' });
    expect((await search('Zebra Customer')).results).toEqual([]);
  });
});
