import fs from 'node:fs';
import path from 'node:path';
import { BUSINESS_NOTIFICATION_CHANNELS, RETIRED_BUSINESS_NOTIFICATION_CHANNELS } from '@grip/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';
import { outbox, profiles } from '../../db/schema';
import { drainOutbox, POOL_REQUEST, poolBusiness } from '../../test/pool-request';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fanOutNotifications } from './notification-fan-out';

/**
 * Issue 33 item 7, decision 029: every notification choice a business has does what it says. Email
 * and SMS carry the new-request notice or do not; in-app notifications are not a choice (always on:
 * the bell and the badge whatever the business chose). The retired 'phone' and 'app' choices are
 * dropped from what an older app sends and, by drizzle/0028, from stored profiles.
 */
let smtp: SmtpInbox;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: smtp.url });
  await t.app.ready();
  await t.app.grip.outbox.stop(); // delivered by hand with drainOutbox
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Each test's businesses hear only of its own request: a trade of its own. */
let trade = 0;
async function businessesAndRequest(...preferences: Partial<typeof profiles.$inferInsert>[]) {
  const serviceType = `Channel Trade ${++trade}`;
  const businesses = [];
  for (const [i, p] of preferences.entries()) {
    businesses.push(await poolBusiness(t, { serviceCategories: [serviceType], ...p }, `Channel Pools ${i}`));
  }
  const customer = await t.signUp();
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: { ...POOL_REQUEST, serviceType, serviceSubtype: null },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { businesses, requestId: res.json().id as string };
}

/** In-app: the bell holds the notice and the New Requests badge counts the request. */
async function expectInApp(cookie: string, requestId: string) {
  const bell = (await t.inject({ url: '/api/notifications', cookie })).json();
  expect(bell.items).toEqual(
    expect.arrayContaining([expect.objectContaining({ type: 'new_request', relatedId: requestId })]),
  );
  expect((await t.inject({ url: '/api/badges', cookie })).json().newRequests).toBe(1);
}

describe('business notification choices', () => {
  it('Email: the new-request email reaches the mail server only for a business that chose email', async () => {
    const { businesses, requestId } = await businessesAndRequest(
      { notificationPreferences: ['email'], notificationEmail: 'email-on@pools.example' },
      { notificationPreferences: ['sms', 'marketing'], notificationEmail: 'email-off@pools.example' },
      { notificationPreferences: [], notificationEmail: 'nothing@pools.example' },
    );
    await drainOutbox(t);
    const to = smtp.mails.flatMap((m) => m.to);
    expect(to).toContain('email-on@pools.example');
    expect(to).not.toContain('email-off@pools.example');
    expect(to).not.toContain('nothing@pools.example');
    // In-app is always on: every one of them, even with no channel at all, has it in Grip.
    for (const b of businesses) await expectInApp(b.cookie, requestId);
  });

  it('SMS: a text of the new request is queued only for a business that chose SMS', async () => {
    const { businesses } = await businessesAndRequest(
      { notificationPreferences: ['sms'], phone: '+61 412 345 601' },
      { notificationPreferences: ['email'], phone: '+61 412 345 602' },
    );
    while ((await fanOutNotifications(t.db)) > 0);
    const texts = await t.db
      .select({ userId: outbox.userId, recipient: outbox.recipient })
      .from(outbox)
      .where(
        and(
          eq(outbox.channel, 'sms'),
          inArray(
            outbox.userId,
            businesses.map((b) => b.userId),
          ),
        ),
      );
    expect(texts).toEqual([{ userId: businesses[0]!.userId, recipient: '+61412345601' }]);
  });

  it('offers email, SMS and marketing; an older app sending Phone call or In-app is accepted and they are dropped', async () => {
    expect([...BUSINESS_NOTIFICATION_CHANNELS]).toEqual(['email', 'sms', 'marketing']);
    const business = await t.signUp({ role: 'business_owner' });
    const res = await t.inject({
      method: 'PUT',
      url: '/api/business-profile',
      cookie: business.cookie,
      payload: {
        businessName: 'Old App Pools',
        contactPerson: 'Olive Old',
        address: '10 King St, Newtown NSW 2042',
        notificationEmail: 'old-app@pools.example',
        phone: '0412 345 678',
        serviceCategories: ['Pool Maintenance'],
        notificationPreferences: ['email', 'phone', 'app', 'sms'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notificationPreferences).toEqual(['email', 'sms']);
    const [row] = await t.db
      .select({ p: profiles.notificationPreferences })
      .from(profiles)
      .where(eq(profiles.userId, business.userId));
    expect(row?.p).toEqual(['email', 'sms']);
  });
});

/** The statement of drizzle/0028. */
function retireStatement(): string {
  const file = fs.readdirSync(migrationsFolder()).find((f) => f.startsWith('0028_') && f.endsWith('.sql'));
  expect(file).toBeDefined();
  return fs.readFileSync(path.join(migrationsFolder(), file!), 'utf8');
}

describe('drizzle/0028: the retired choices leave stored profiles', () => {
  it('removes phone and app, keeps every other choice in order and updated_at, and runs twice safely', async () => {
    expect([...RETIRED_BUSINESS_NOTIFICATION_CHANNELS]).toEqual(['phone', 'app']);
    const cases: [string[], string[]][] = [
      [
        ['email', 'phone', 'sms', 'app'],
        ['email', 'sms'],
      ],
      [['app', 'marketing'], ['marketing']],
      [['phone'], []],
      [
        ['sms', 'email'],
        ['sms', 'email'],
      ],
      [[], []],
    ];
    const ids: string[] = [];
    for (const [before] of cases) {
      const b = await t.signUp({ role: 'business_owner' });
      await t.db
        .update(profiles)
        .set({ notificationPreferences: before, updatedAt: sql`'2026-01-02T03:04:05Z'::timestamptz` })
        .where(eq(profiles.userId, b.userId));
      ids.push(b.userId);
    }
    const statement = retireStatement();
    for (let run = 0; run < 2; run++) {
      await t.db.execute(sql.raw(statement));
      const rows = await t.db
        .select({
          userId: profiles.userId,
          p: profiles.notificationPreferences,
          updatedAt: profiles.updatedAt,
        })
        .from(profiles)
        .where(inArray(profiles.userId, ids));
      const byId = new Map(rows.map((r) => [r.userId, r]));
      cases.forEach(([, after], i) => {
        expect(byId.get(ids[i]!)?.p).toEqual(after);
        expect(byId.get(ids[i]!)?.updatedAt.toISOString()).toBe('2026-01-02T03:04:05.000Z');
      });
    }
  });
});
