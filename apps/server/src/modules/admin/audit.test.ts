/**
 * Request Audit: the latest requests with the businesses that were really told of them — read from
 * the delivery records the request API writes (new_request notifications and outbox emails).
 */
import {
  ADMIN_DIRECTORY_MESSAGES,
  REQUEST_AUDIT_LIMIT,
  type AuditRequest,
  type RequestAudit,
} from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, serviceRequests, systemSettings } from '../../db/schema';
import { drainOutbox, poolBusiness, POOL_REQUEST } from '../../test/pool-request';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminAuditRoutes } from './audit.routes';

type Party = Awaited<ReturnType<TestApp['signUp']>>;

let t: TestApp;
let admin: Party;
let customer: Party;
/** Matches the pool request and wants email, at its own notification address. */
let emailed: Party;
/** Matches the pool request but asked for in-app notices only. */
let inAppOnly: Party;
/** In Manly but the wrong trade: never told of a pool request. */
let gardener: Party;

beforeAll(async () => {
  t = await createTestApp();
  if (!t.app.hasRoute({ method: 'GET', url: '/api/admin/request-audit' })) {
    await t.app.register(adminAuditRoutes, { db: t.db });
  }
  await t.app.ready();
  // Emails keep the status they are queued with until a test delivers them with drainOutbox().
  await t.app.grip.outbox.stop();
  admin = await t.signUp({ role: 'administrator' });
  customer = await t.signUp({ name: 'Cora Customer' });
  emailed = await poolBusiness(t, { notificationEmail: 'alerts@bluewater.example' }, 'Blue Water Pools');
  inAppOnly = await poolBusiness(t, { notificationPreferences: ['app'] }, 'Quiet Pools');
  gardener = await poolBusiness(t, { serviceCategories: ['Gardening'] }, 'Leafy Lawns');
});

afterAll(async () => {
  await t.close();
});

async function audit(): Promise<RequestAudit> {
  const res = await t.inject({ url: '/api/admin/request-audit', cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function post(
  payload: Record<string, unknown> = POOL_REQUEST,
): Promise<{ id: string; matchedBusinesses: number }> {
  const res = await t.inject({ method: 'POST', url: '/api/requests', cookie: customer.cookie, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function entry(id: string): Promise<AuditRequest> {
  const item = (await audit()).items.find((i) => i.id === id);
  expect(item, `request ${id} in the audit`).toBeTruthy();
  return item!;
}

describe('who may read the audit', () => {
  it('refuses signed-out callers (401), customers and business owners (403)', async () => {
    expect((await t.inject({ url: '/api/admin/request-audit' })).statusCode).toBe(401);
    for (const who of [customer, emailed]) {
      const res = await t.inject({ url: '/api/admin/request-audit', cookie: who.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: 'forbidden',
        message: ADMIN_DIRECTORY_MESSAGES.administratorsOnly,
      });
    }
  });
});

describe('the request audit', () => {
  it('lists a request posted through the API with exactly the businesses told, their email and time', async () => {
    const before = Date.now();
    const created = await post();
    expect(created.matchedBusinesses).toBe(2);

    const item = await entry(created.id);
    expect(item).toMatchObject({
      title: expect.any(String),
      serviceType: POOL_REQUEST.serviceType,
      serviceSubtype: POOL_REQUEST.serviceSubtype,
      status: 'open',
      isArchived: false,
      requester: { userId: customer.userId, name: 'Cora Customer', email: customer.email },
    });
    expect(Date.parse(item.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const byUser = new Map(item.notified.map((n) => [n.userId, n]));
    expect([...byUser.keys()].sort()).toEqual([emailed.userId, inAppOnly.userId].sort());
    expect(byUser.has(gardener.userId)).toBe(false);

    const mail = byUser.get(emailed.userId)!;
    expect(mail).toMatchObject({
      businessName: 'Blue Water Pools',
      isInApp: true,
      email: { recipient: 'alerts@bluewater.example', status: 'pending', sentAt: null },
    });
    expect(Date.parse(mail.notifiedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(mail.email!.queuedAt)).toBeGreaterThanOrEqual(before - 1000);

    // Told in the app only: notified, with no email.
    expect(byUser.get(inAppOnly.userId)).toMatchObject({
      businessName: 'Quiet Pools',
      isInApp: true,
      email: null,
    });

    // The email's fate is the outbox's: once the worker has run, it shows what happened and when.
    await drainOutbox(t);
    const delivered = (await entry(created.id)).notified.find((n) => n.userId === emailed.userId)!;
    expect(delivered.email).toMatchObject({ recipient: 'alerts@bluewater.example', status: 'logged' });
    expect(delivered.email!.sentAt).toBeTruthy();
    const [row] = await t.db
      .select({ sentAt: outbox.sentAt })
      .from(outbox)
      .where(eq(outbox.requestId, created.id));
    expect(delivered.email!.sentAt).toBe(row!.sentAt!.toISOString());
  });

  it('shows nobody for a request no business matches', async () => {
    const created = await post({ ...POOL_REQUEST, serviceSubtype: 'lawn-mowing' });
    expect(created.matchedBusinesses).toBe(0);
    expect((await entry(created.id)).notified).toEqual([]);
  });

  it('shows in-app notices alone while the platform email switch is off', async () => {
    await t.db
      .insert(systemSettings)
      .values({ key: 'email_notifications_enabled', value: 'false' })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: 'false' } });
    try {
      const created = await post();
      const notified = (await entry(created.id)).notified;
      expect(notified.map((n) => n.userId).sort()).toEqual([emailed.userId, inAppOnly.userId].sort());
      expect(notified.every((n) => n.isInApp && n.email === null)).toBe(true);
    } finally {
      await t.db
        .update(systemSettings)
        .set({ value: 'true' })
        .where(eq(systemSettings.key, 'email_notifications_enabled'));
    }
  });

  it('shows the latest 50 requests, newest first', async () => {
    const base = Date.now() + 60_000;
    await t.db.insert(serviceRequests).values(
      Array.from({ length: REQUEST_AUDIT_LIMIT + 3 }, (_, i) => ({
        userId: customer.userId,
        serviceType: 'Home & Property Services',
        title: `Bulk request ${i}`,
        description: 'Made for the audit limit.',
        createdAt: new Date(base + i * 1000),
        updatedAt: new Date(base + i * 1000),
      })),
    );
    const items = (await audit()).items;
    expect(items).toHaveLength(REQUEST_AUDIT_LIMIT);
    expect(items.map((i) => i.title)).toEqual(
      Array.from({ length: REQUEST_AUDIT_LIMIT }, (_, i) => `Bulk request ${REQUEST_AUDIT_LIMIT + 2 - i}`),
    );
    expect(items.every((i) => i.notified.length === 0)).toBe(true);
  });
});
