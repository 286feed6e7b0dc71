import {
  ADMIN_OVERVIEW_MESSAGES,
  GRANT_SELF_ADMIN_MESSAGES,
  type AdminStats,
  type ResponseStatus,
  type SystemSettings,
} from '@grip/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, serviceRequests, systemSettings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isSwitchOn } from '../notifications/system-switches';
import { adminOverviewRoutes } from './overview.routes';

let t: TestApp;
let admin: { cookie: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  // buildApp may or may not register these routes yet; either way the test runs against them.
  if (!t.app.hasRoute({ method: 'GET', url: '/api/admin/stats' })) {
    await t.app.register(adminOverviewRoutes, { db: t.db });
  }
  await t.app.ready();
  admin = await t.signUp({ role: 'administrator' });
});

afterAll(async () => {
  await t.close();
});

async function stats(): Promise<AdminStats> {
  const res = await t.inject({ url: '/api/admin/stats', cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function settings(): Promise<SystemSettings> {
  const res = await t.inject({ url: '/api/admin/settings', cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function putSetting(key: string, payload: unknown, cookie = admin.cookie) {
  return t.inject({ method: 'PUT', url: `/api/admin/settings/${key}`, cookie, payload });
}

function archiveAll(cookie = admin.cookie) {
  return t.inject({ method: 'POST', url: '/api/admin/archive-requests', cookie });
}

let requestCounter = 0;
async function makeRequest(
  userId: string,
  fields: { status?: 'open' | 'assigned' | 'completed'; archivedAt?: Date | null } = {},
): Promise<string> {
  requestCounter += 1;
  const [row] = await t.db
    .insert(serviceRequests)
    .values({
      userId,
      serviceType: 'Plumbing',
      title: `Leaking tap ${requestCounter}`,
      description: 'The kitchen tap drips.',
      status: fields.status ?? 'open',
      archivedAt: fields.archivedAt ?? null,
    })
    .returning({ id: serviceRequests.id });
  return row!.id;
}

async function respond(requestId: string, businessUserId: string, status: ResponseStatus) {
  await t.db
    .insert(businessResponses)
    .values({ requestId, businessUserId, status, quotedPrice: '120.00', message: 'Happy to help.' });
}

describe('an empty platform', () => {
  it('shows zeros, and an average of 0 with no businesses', async () => {
    expect(await stats()).toEqual({
      totalUsers: 1,
      registeredBusinesses: 0,
      activeRequests: 0,
      activeResponses: 0,
      activeOffersPerBusiness: 0,
    });
    expect((await archiveAll()).json()).toEqual({ archived: 0 });
  });
});

describe('who may use the overview', () => {
  it('refuses signed-out callers (401), customers and business owners (403) on every endpoint', async () => {
    const customer = await t.signUp();
    const business = await t.signUp({ role: 'business_owner' });
    const open = await makeRequest(customer.userId);
    const calls = [
      { method: 'GET' as const, url: '/api/admin/stats' },
      { method: 'GET' as const, url: '/api/admin/settings' },
      {
        method: 'PUT' as const,
        url: '/api/admin/settings/sms_notifications_enabled',
        payload: { enabled: false },
      },
      { method: 'POST' as const, url: '/api/admin/archive-requests' },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, call.url).toBe(401);
      for (const cookie of [customer.cookie, business.cookie]) {
        const res = await t.inject({ ...call, cookie });
        expect(res.statusCode, call.url).toBe(403);
        expect(res.json()).toMatchObject({
          error: 'forbidden',
          // Spec 3 §6: a refused settings change has its own text ('Grant myself admin' follows it).
          message:
            call.method === 'PUT'
              ? GRANT_SELF_ADMIN_MESSAGES.settingsRefused
              : ADMIN_OVERVIEW_MESSAGES.administratorsOnly,
        });
      }
    }
    // Nothing changed behind the refusals.
    expect(await isSwitchOn(t.db, 'sms_notifications_enabled')).toBe(true);
    const [row] = await t.db
      .select({ archivedAt: serviceRequests.archivedAt })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, open));
    expect(row!.archivedAt).toBeNull();
    await t.db.delete(serviceRequests).where(eq(serviceRequests.id, open));
  });
});

describe('stat cards', () => {
  it('counts exactly what each card says, and the average is active offers per business', async () => {
    // So far: the administrator, one customer and one business from the test above.
    const before = await stats();
    expect(before).toEqual({
      totalUsers: 3,
      registeredBusinesses: 1,
      activeRequests: 0,
      activeResponses: 0,
      activeOffersPerBusiness: 0,
    });

    const customer = await t.signUp();
    const [b1, b2, b3] = [
      await t.signUp({ role: 'business_owner' }),
      await t.signUp({ role: 'business_owner' }),
      await t.signUp({ role: 'business_owner' }),
    ];
    const open1 = await makeRequest(customer.userId);
    const open2 = await makeRequest(customer.userId);
    const open3 = await makeRequest(customer.userId);
    const assigned = await makeRequest(customer.userId, { status: 'assigned' });
    const archived = await makeRequest(customer.userId, { archivedAt: new Date() });
    const archivedAssigned = await makeRequest(customer.userId, {
      status: 'assigned',
      archivedAt: new Date(),
    });

    // Counted: pending, in_progress and accepted responses on unarchived requests (6).
    await respond(open1, b1!.userId, 'pending');
    await respond(open1, b2!.userId, 'in_progress');
    await respond(open2, b1!.userId, 'pending');
    await respond(open3, b3!.userId, 'pending');
    await respond(assigned, b1!.userId, 'accepted');
    await respond(assigned, b2!.userId, 'pending');
    // Not counted: declined, rejected, ignored, and anything on an archived request.
    await respond(open2, b2!.userId, 'declined');
    await respond(open2, b3!.userId, 'rejected');
    await respond(assigned, b3!.userId, 'ignored');
    await respond(archived, b1!.userId, 'pending');
    await respond(archivedAssigned, b2!.userId, 'accepted');

    // 4 businesses (one from the first test), 6 active responses: 1.5.
    expect(await stats()).toEqual({
      totalUsers: 7,
      registeredBusinesses: 4,
      activeRequests: 3,
      activeResponses: 6,
      activeOffersPerBusiness: 1.5,
    });

    // One decimal: 7 / 4 = 1.75 → 1.8.
    await respond(open3, b1!.userId, 'pending');
    expect((await stats()).activeOffersPerBusiness).toBe(1.8);

    await t.db
      .delete(serviceRequests)
      .where(inArray(serviceRequests.id, [open1, open2, open3, assigned, archived, archivedAssigned]));
  });
});

describe('system settings', () => {
  it('creates missing switches on first read, on by default', async () => {
    await t.db.delete(systemSettings);
    expect(await settings()).toEqual({ emailNotificationsEnabled: true, smsNotificationsEnabled: true });
    const rows = await t.db.select().from(systemSettings);
    expect(rows.map((r) => [r.key, r.value]).sort()).toEqual([
      ['email_notifications_enabled', 'true'],
      ['sms_notifications_enabled', 'true'],
    ]);
  });

  it('persists a switch as the text false/true, and the delivery side obeys it', async () => {
    const off = await putSetting('sms_notifications_enabled', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ emailNotificationsEnabled: true, smsNotificationsEnabled: false });
    expect(await isSwitchOn(t.db, 'sms_notifications_enabled')).toBe(false);
    expect(await isSwitchOn(t.db, 'email_notifications_enabled')).toBe(true);
    const [row] = await t.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.key, 'sms_notifications_enabled'));
    expect(row!.value).toBe('false');
    // Reading again keeps the stored value (missing rows only are created).
    expect(await settings()).toEqual({ emailNotificationsEnabled: true, smsNotificationsEnabled: false });

    const emailOff = await putSetting('email_notifications_enabled', { enabled: false });
    expect(emailOff.json()).toEqual({ emailNotificationsEnabled: false, smsNotificationsEnabled: false });
    expect(await isSwitchOn(t.db, 'email_notifications_enabled')).toBe(false);

    await putSetting('sms_notifications_enabled', { enabled: true });
    await putSetting('email_notifications_enabled', { enabled: true });
    expect(await settings()).toEqual({ emailNotificationsEnabled: true, smsNotificationsEnabled: true });
    expect(await isSwitchOn(t.db, 'sms_notifications_enabled')).toBe(true);
  });

  it('writes a switch whose row is missing, and creates the other one on', async () => {
    await t.db.delete(systemSettings);
    const res = await putSetting('email_notifications_enabled', { enabled: false });
    expect(res.json()).toEqual({ emailNotificationsEnabled: false, smsNotificationsEnabled: true });
    expect(await t.db.select().from(systemSettings)).toHaveLength(2);
    await putSetting('email_notifications_enabled', { enabled: true });
  });

  it('rejects an unknown key or a value that is not a boolean (400)', async () => {
    for (const [key, payload] of [
      ['push_notifications_enabled', { enabled: true }],
      ['email_notifications_enabled', { enabled: 'false' }],
      ['email_notifications_enabled', { enabled: 'yes' }],
      ['email_notifications_enabled', {}],
      ['sms_notifications_enabled', { enabled: null }],
    ] as const) {
      const res = await putSetting(key, payload);
      expect(res.statusCode, `${key} ${JSON.stringify(payload)}`).toBe(400);
    }
    expect(await settings()).toEqual({ emailNotificationsEnabled: true, smsNotificationsEnabled: true });
  });
});

describe('Archive All Requests', () => {
  it('archives exactly the open unarchived requests, then finds none', async () => {
    const customer = await t.signUp();
    const open = [await makeRequest(customer.userId), await makeRequest(customer.userId)];
    const assigned = await makeRequest(customer.userId, { status: 'assigned' });
    const completed = await makeRequest(customer.userId, { status: 'completed' });
    const earlier = new Date('2025-01-02T03:04:05Z');
    const alreadyArchived = await makeRequest(customer.userId, { archivedAt: earlier });
    expect((await stats()).activeRequests).toBe(2);

    const res = await archiveAll();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ archived: 2 });

    const rows = await t.db
      .select({ id: serviceRequests.id, archivedAt: serviceRequests.archivedAt })
      .from(serviceRequests);
    const archivedAt = new Map(rows.map((r) => [r.id, r.archivedAt]));
    for (const id of open) expect(archivedAt.get(id)).toBeInstanceOf(Date);
    expect(archivedAt.get(open[0]!)!.getTime()).toBe(archivedAt.get(open[1]!)!.getTime());
    expect(archivedAt.get(assigned)).toBeNull();
    expect(archivedAt.get(completed)).toBeNull();
    expect(archivedAt.get(alreadyArchived)!.toISOString()).toBe(earlier.toISOString());
    expect((await stats()).activeRequests).toBe(0);

    const again = await archiveAll();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ archived: 0 });
  });
});
