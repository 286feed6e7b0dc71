import { DELIVERY_MESSAGES, DELIVERY_PREVIEW_CHARS, type Delivery, type DeliveryPage } from '@grip/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { enqueue } from '../../jobs/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminDeliveryRoutes } from './deliveries.routes';

let t: TestApp;
let admin: { cookie: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  // buildApp may or may not register these routes yet; either way the test runs against them.
  if (!t.app.hasRoute({ method: 'GET', url: '/api/admin/deliveries' })) {
    await t.app.register(adminDeliveryRoutes, { db: t.db });
  }
  await t.app.ready();
  // Rows keep the status they are written with; the tests deliver explicitly with runOnce().
  await t.app.grip.outbox.stop();
  admin = await t.signUp({ role: 'administrator' });
});

afterAll(async () => {
  await t.close();
});

async function list(query = '', cookie = admin.cookie): Promise<DeliveryPage> {
  const res = await t.inject({ url: `/api/admin/deliveries${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of a listing, following nextCursor. */
async function listAll(params: string): Promise<Delivery[]> {
  const items: Delivery[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await list(`?${params}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(200);
  } while (cursor);
  return items;
}

async function deliverAll() {
  while ((await t.app.grip.outbox.runOnce()) > 0) {
    /* drain */
  }
}

describe('who may see deliveries', () => {
  it('refuses signed-out callers (401), customers and business owners (403)', async () => {
    const customer = await t.signUp();
    const business = await t.signUp({ role: 'business_owner' });
    await enqueue(t.db, {
      channel: 'sms',
      topic: 'secret',
      recipient: '+61400000001',
      payload: { text: 'Code 1234' },
    });
    const [row] = await t.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.topic, 'secret'));

    for (const url of ['/api/admin/deliveries', `/api/admin/deliveries/${row!.id}`]) {
      expect((await t.inject({ url })).statusCode).toBe(401);
      for (const cookie of [customer.cookie, business.cookie]) {
        const res = await t.inject({ url, cookie });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          error: 'forbidden',
          message: DELIVERY_MESSAGES.administratorsOnly,
        });
        expect(res.body).not.toContain('1234');
      }
    }
  });
});

describe('the deliveries list', () => {
  it('shows that the confirmation email of a real sign-up went out, never its link, and wipes the link once stored', async () => {
    const { email, userId } = await t.signUp({ name: 'Vera' });
    const pending = (await list('?channel=email')).items.find((d) => d.recipient === email);
    expect(pending).toMatchObject({
      channel: 'email',
      topic: 'verify_email',
      summary: 'Confirm your Grip account',
      text: DELIVERY_MESSAGES.secretHidden,
      link: null,
      isRedacted: true,
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
      isTextTruncated: false,
    });
    expect(Number.isNaN(Date.parse(pending!.createdAt))).toBe(false);
    // Until delivered, the row holds the link: the worker needs it.
    const [before] = await t.db.select().from(outbox).where(eq(outbox.id, pending!.id));
    expect(JSON.stringify(before!.payload)).toMatch(/verify-email\?token=/);
    expect(before!.userId).toBe(userId);

    await deliverAll();
    const logged = (await list('?channel=email&status=logged')).items.find((d) => d.recipient === email);
    expect(logged).toMatchObject({ id: pending!.id, status: 'logged', attempts: 1, link: null });
    expect(logged!.sentAt).toBeTruthy();

    const detail = await t.inject({ url: `/api/admin/deliveries/${pending!.id}`, cookie: admin.cookie });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: pending!.id,
      status: 'logged',
      text: DELIVERY_MESSAGES.secretHidden,
      link: null,
      isRedacted: true,
    });
    expect(detail.body).not.toContain('token');
    // Settled: the database keeps the subject only.
    const [after] = await t.db.select().from(outbox).where(eq(outbox.id, pending!.id));
    expect(after!.payload).toEqual({ subject: 'Confirm your Grip account', secretWiped: true });
  });

  it('reads each channel’s payload into summary, text and link, newest first', async () => {
    await enqueue(t.db, [
      {
        channel: 'email',
        topic: 'shape_email',
        recipient: 'ann@example.com',
        payload: { subject: 'Your quote', text: 'A plumber quoted $120.', link: 'http://localhost/q/1' },
      },
      {
        channel: 'sms',
        topic: 'shape_sms',
        recipient: '+61400000002',
        payload: { text: 'New request nearby', link: 'http://localhost/r/2' },
      },
      {
        channel: 'push',
        topic: 'shape_push',
        recipient: 'https://push.example.com/endpoint/abc',
        payload: { title: 'New message', body: 'Sam: see you at 9', url: '/messages', tag: 'm1' },
      },
      // A payload missing its fields still lists (the topic stands in for the summary).
      { channel: 'sms', topic: 'shape_empty', recipient: '+61400000003', payload: {} },
    ]);
    const items = (await list('?limit=4')).items;
    expect(items.map((d) => d.topic)).toEqual(['shape_empty', 'shape_push', 'shape_sms', 'shape_email']);
    const [empty, push, sms, email] = items;
    expect(email).toMatchObject({
      summary: 'Your quote',
      text: 'A plumber quoted $120.',
      link: 'http://localhost/q/1',
      isRedacted: false,
    });
    expect(sms).toMatchObject({
      summary: 'New request nearby',
      text: 'New request nearby',
      link: 'http://localhost/r/2',
    });
    expect(push).toMatchObject({ summary: 'New message', text: 'Sam: see you at 9', link: '/messages' });
    expect(empty).toMatchObject({ summary: 'shape_empty', text: '', link: null, status: 'pending' });
  });

  it('filters by channel, by status, and by both', async () => {
    await enqueue(t.db, [
      {
        channel: 'push',
        topic: 'filter',
        recipient: 'https://push.example.com/1',
        payload: { title: 'a', body: 'b', url: '/' },
      },
      { channel: 'sms', topic: 'filter', recipient: '+61400000010', payload: { text: 'hi' } },
    ]);
    const [failed] = await t.db
      .update(outbox)
      .set({ status: 'failed', attempts: 8, lastError: 'connect ECONNREFUSED' })
      .where(eq(outbox.recipient, '+61400000010'))
      .returning({ id: outbox.id });

    const sms = await listAll('channel=sms&limit=100');
    expect(sms.length).toBeGreaterThan(0);
    expect(sms.every((d) => d.channel === 'sms')).toBe(true);

    const pending = await listAll('status=pending&limit=100');
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((d) => d.status === 'pending')).toBe(true);

    const failedSms = await listAll('channel=sms&status=failed');
    expect(failedSms).toHaveLength(1);
    expect(failedSms[0]).toMatchObject({ id: failed!.id, attempts: 8, lastError: 'connect ECONNREFUSED' });
    expect(await listAll('channel=email&status=failed')).toEqual([]);

    // An empty filter means any.
    expect((await list('?channel=&status=&limit=100')).items.length).toBeGreaterThan(failedSms.length);
  });

  it('pages through every delivery exactly once, newest first, even while new ones arrive', async () => {
    await enqueue(
      t.db,
      Array.from({ length: 23 }, (_, i) => ({
        channel: 'email' as const,
        topic: 'paging',
        recipient: `page${i}@example.com`,
        payload: { subject: `Page ${i}`, text: 'x' },
      })),
    );
    const expected = (await t.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id))).map(
      (r) => r.id,
    );

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: DeliveryPage = await list(`?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((d) => d.id));
      cursor = page.nextCursor;
      if (pages === 0) {
        // Arrives after the first page: belongs before it, so it must not show up later.
        await enqueue(t.db, {
          channel: 'sms',
          topic: 'late',
          recipient: '+61400000099',
          payload: { text: 'late' },
        });
      }
      pages += 1;
    } while (cursor);

    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(expected.length / 4));

    // The default page is 25; a filtered walk also matches the table.
    expect((await list()).items).toHaveLength(Math.min(25, expected.length + 1));
    const emailIds = (
      await t.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(eq(outbox.channel, 'email'))
        .orderBy(desc(outbox.id))
    ).map((r) => r.id);
    expect((await listAll('channel=email&limit=3')).map((d) => d.id)).toEqual(emailIds);
  });

  it('shortens long texts in the list; the detail has all of it', async () => {
    const long = `${'word '.repeat(300)}🙂 end`;
    await enqueue(t.db, {
      channel: 'email',
      topic: 'long',
      recipient: 'long@example.com',
      payload: { subject: 'Long one', text: long },
    });
    const item = (await list('?limit=1')).items[0]!;
    expect(item.topic).toBe('long');
    expect(item.isTextTruncated).toBe(true);
    expect(item.text).toBe(long.slice(0, DELIVERY_PREVIEW_CHARS));
    const detail = (await t.inject({ url: `/api/admin/deliveries/${item.id}`, cookie: admin.cookie })).json();
    expect(detail).toMatchObject({ text: long, isTextTruncated: false });
  });

  it('answers bad filters, limits, cursors and ids with a clear 400, and a missing id with 404', async () => {
    const cases: [string, string][] = [
      ['?channel=fax', DELIVERY_MESSAGES.badChannel],
      ['?status=delivered', DELIVERY_MESSAGES.badStatus],
      ['?cursor=abc', DELIVERY_MESSAGES.badCursor],
      ['?cursor=-1', DELIVERY_MESSAGES.badCursor],
      ['?cursor=99999999999999999999', DELIVERY_MESSAGES.badCursor],
      ['?limit=0', DELIVERY_MESSAGES.badLimit],
      ['?limit=101', DELIVERY_MESSAGES.badLimit],
      ['?limit=abc', DELIVERY_MESSAGES.badLimit],
      ['?limit=2.5', DELIVERY_MESSAGES.badLimit],
      ['?channel=email&channel=sms', DELIVERY_MESSAGES.badChannel],
    ];
    for (const [query, message] of cases) {
      const res = await t.inject({ url: `/api/admin/deliveries${query}`, cookie: admin.cookie });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    for (const id of ['abc', '0', '1.5', '99999999999999999999']) {
      const res = await t.inject({ url: `/api/admin/deliveries/${id}`, cookie: admin.cookie });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe(DELIVERY_MESSAGES.badId);
    }
    const missing = await t.inject({ url: '/api/admin/deliveries/987654321', cookie: admin.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(DELIVERY_MESSAGES.notFound);
  });
});
