/**
 * Role management (issue 7 item 8) and 'Grant myself admin' (spec 3 §6): who may call them, the user
 * list's pages and filters, role changes taking effect at once, and suspension ending every session
 * and refusing sign-in.
 */
import {
  ACCOUNT_SUSPENDED_MESSAGE,
  ADMIN_USER_MESSAGES,
  GRANT_SELF_ADMIN_MESSAGES,
  type AdminUser,
  type AdminUserPage,
} from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, profiles, pushSubscriptions } from '../../db/schema';
import { poolBusiness, POOL_REQUEST } from '../../test/pool-request';
import { createTestApp, type TestApp } from '../../test/test-app';

type Party = Awaited<ReturnType<TestApp['signUp']>>;

describe('role management', () => {
  let t: TestApp;
  let admin: Party;
  let customer: Party;
  let business: Party;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    await t.app.grip.outbox.stop();
    admin = await t.signUp({ role: 'administrator', name: 'Ada Admin' });
    customer = await t.signUp({ name: 'Cora Customer' });
    business = await t.signUp({ role: 'business_owner', businessName: 'Acme Plumbing' });
  });

  afterAll(async () => {
    await t.close();
  });

  async function list(query = ''): Promise<AdminUserPage> {
    const res = await t.inject({ url: `/api/admin/users${query}`, cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const putRole = (userId: string, role: unknown, cookie = admin.cookie) =>
    t.inject({ method: 'PUT', url: `/api/admin/users/${userId}/role`, cookie, payload: { role } });
  const putSuspension = (userId: string, suspended: unknown, cookie = admin.cookie) =>
    t.inject({ method: 'PUT', url: `/api/admin/users/${userId}/suspension`, cookie, payload: { suspended } });
  const me = (cookie: string) => t.inject({ url: '/api/me', cookie });

  it('refuses signed-out callers (401), customers and business owners (403) on every endpoint', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/admin/users' },
      {
        method: 'PUT' as const,
        url: `/api/admin/users/${customer.userId}/role`,
        payload: { role: 'administrator' },
      },
      {
        method: 'PUT' as const,
        url: `/api/admin/users/${customer.userId}/suspension`,
        payload: { suspended: true },
      },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, call.url).toBe(401);
      for (const who of [customer, business]) {
        const res = await t.inject({ ...call, cookie: who.cookie });
        expect(res.statusCode, call.url).toBe(403);
        expect(res.json().message).toBe(ADMIN_USER_MESSAGES.administratorsOnly);
      }
    }
    // Nobody was changed by the refused calls.
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, customer.userId));
    expect(row?.role).toBe('user');
    expect(row?.suspendedAt).toBeNull();
  });

  it('lists every account newest first with role, email and the name they go by', async () => {
    const page = await list();
    const ids = page.items.map((u) => u.userId);
    expect(ids.slice(0, 3)).toEqual([business.userId, customer.userId, admin.userId]);
    const acme = page.items.find((u) => u.userId === business.userId);
    expect(acme).toMatchObject({ name: 'Acme Plumbing', role: 'business_owner', email: business.email });
    expect(page.items.find((u) => u.userId === admin.userId)).toMatchObject({
      name: 'Ada Admin',
      role: 'administrator',
      suspendedAt: null,
    });
  });

  it('pages with an opaque cursor without repeating or skipping anyone, and filters', async () => {
    const extra: Party[] = [];
    for (let i = 0; i < 7; i += 1)
      extra.push(await t.signUp({ name: `Pager ${i}`, email: `pager${i}_x@example.com` }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AdminUserPage = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((u) => u.userId));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(10);
    expect(seen.slice(0, 7)).toEqual(extra.map((p) => p.userId).reverse());

    expect((await list('?q=ACME')).items.map((u) => u.userId)).toEqual([business.userId]);
    expect((await list(`?q=${encodeURIComponent(customer.email)}`)).items.map((u) => u.userId)).toEqual([
      customer.userId,
    ]);
    // LIKE wildcards typed by the administrator are literal: '_x@' matches only the pagers' emails.
    expect((await list('?q=%25')).items).toEqual([]);
    expect((await list('?q=0_x%40')).items.map((u) => u.userId)).toEqual([extra[0]!.userId]);
    expect((await list('?role=administrator')).items.map((u) => u.userId)).toEqual([admin.userId]);
    expect((await list('?role=business_owner')).items.map((u) => u.userId)).toEqual([business.userId]);
    expect((await list('?role=user')).items).toHaveLength(8);
  });

  it('answers 400, never 500, to a bad cursor, limit or role filter', async () => {
    const forged = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    for (const [query, message] of [
      ['?cursor=not*valid', ADMIN_USER_MESSAGES.badCursor],
      [`?cursor=${forged}`, ADMIN_USER_MESSAGES.badCursor],
      ['?cursor=e30', ADMIN_USER_MESSAGES.badCursor],
      ['?limit=0', ADMIN_USER_MESSAGES.badLimit],
      ['?limit=abc', ADMIN_USER_MESSAGES.badLimit],
      ['?limit=101', ADMIN_USER_MESSAGES.badLimit],
      ['?role=superuser', ADMIN_USER_MESSAGES.badRoleFilter],
    ] as const) {
      const res = await t.inject({ url: `/api/admin/users${query}`, cookie: admin.cookie });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it('promotes and demotes, and the new role works at once with the same session', async () => {
    const promoted = await putRole(customer.userId, 'administrator');
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json<AdminUser>()).toMatchObject({ userId: customer.userId, role: 'administrator' });
    expect((await t.inject({ url: '/api/admin/stats', cookie: customer.cookie })).statusCode).toBe(200);

    const demoted = await putRole(customer.userId, 'user');
    expect(demoted.json<AdminUser>().role).toBe('user');
    expect((await t.inject({ url: '/api/admin/stats', cookie: customer.cookie })).statusCode).toBe(403);

    expect((await putRole(business.userId, 'user')).json<AdminUser>().role).toBe('user');
    expect((await me(business.cookie)).json().profile.role).toBe('user');
    expect((await putRole(business.userId, 'business_owner')).json<AdminUser>()).toMatchObject({
      role: 'business_owner',
      name: 'Acme Plumbing',
    });
  });

  it('refuses a change of one’s own role, an unknown role or user, with the reason', async () => {
    const own = await putRole(admin.userId, 'user');
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(ADMIN_USER_MESSAGES.ownRole);
    const bad = await putRole(customer.userId, 'superuser');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ADMIN_USER_MESSAGES.badRole);
    expect((await putRole('no-such-user', 'user')).statusCode).toBe(404);
    expect((await putRole('bad id!', 'user')).statusCode).toBe(400);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, admin.userId));
    expect(row?.role).toBe('administrator');
  });

  it('suspends: every session ends, push devices are forgotten, sign-in is refused; reinstating lets them in', async () => {
    const victim = await t.signUp({ name: 'Sam Suspended' });
    const second = await t.signIn(victim.email, victim.password);
    expect(second.res.statusCode).toBe(200);
    await t.db.insert(pushSubscriptions).values({
      userId: victim.userId,
      endpoint: 'https://push.example.com/device-1',
      p256dh: 'key',
      auth: 'secret',
    });

    const res = await putSuspension(victim.userId, true);
    expect(res.statusCode, res.body).toBe(200);
    const suspendedAt = res.json<AdminUser>().suspendedAt;
    expect(suspendedAt).not.toBeNull();

    expect((await me(victim.cookie)).statusCode).toBe(401);
    expect((await me(second.cookie)).statusCode).toBe(401);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, victim.userId)),
    ).toEqual([]);
    const refused = await t.signIn(victim.email, victim.password);
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json().message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    expect(refused.cookie).not.toContain('session_token=');
    // A wrong password still reads as a wrong password: suspension tells nothing to a guesser.
    expect((await t.signIn(victim.email, 'not-the-password-1')).res.statusCode).toBe(401);

    // Suspending again keeps the first date.
    expect((await putSuspension(victim.userId, true)).json<AdminUser>().suspendedAt).toBe(suspendedAt);
    expect((await list('?q=Sam%20Suspended')).items[0]?.suspendedAt).toBe(suspendedAt);

    const back = await putSuspension(victim.userId, false);
    expect(back.json<AdminUser>().suspendedAt).toBeNull();
    const signedIn = await t.signIn(victim.email, victim.password);
    expect(signedIn.res.statusCode).toBe(200);
    expect((await me(signedIn.cookie)).statusCode).toBe(200);
  });

  it('keeps a suspended business out of matching: it is not told of new requests', async () => {
    const told = await poolBusiness(t, {}, 'Told Pools');
    const silenced = await poolBusiness(t, {}, 'Silenced Pools');
    expect((await putSuspension(silenced.userId, true)).statusCode).toBe(200);
    const requester = await t.signUp({ name: 'Rita Requester' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: requester.cookie,
      payload: POOL_REQUEST,
    });
    expect(created.statusCode, created.body).toBe(201);
    const newRequestNotices = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'new_request'), eq(notifications.relatedId, created.json().id)));
    const toldIds = newRequestNotices.map((n) => n.userId);
    expect(toldIds).toContain(told.userId);
    expect(toldIds).not.toContain(silenced.userId);
  });

  it('refuses suspending oneself or an administrator, and promoting a suspended account', async () => {
    const self = await putSuspension(admin.userId, true);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(ADMIN_USER_MESSAGES.ownSuspension);

    const other = await t.signUp({ name: 'Otto Other' });
    await putRole(other.userId, 'administrator');
    const adminTarget = await putSuspension(other.userId, true);
    expect(adminTarget.statusCode).toBe(409);
    expect(adminTarget.json().message).toBe(ADMIN_USER_MESSAGES.suspendAdministrator);
    expect((await me(other.cookie)).statusCode).toBe(200);

    await putRole(other.userId, 'user');
    expect((await putSuspension(other.userId, true)).statusCode).toBe(200);
    const promote = await putRole(other.userId, 'administrator');
    expect(promote.statusCode).toBe(409);
    expect(promote.json().message).toBe(ADMIN_USER_MESSAGES.promoteSuspended);
    expect((await putSuspension(other.userId, 'yes')).statusCode).toBe(400);
  });

  it('refuses a settings change by a non-administrator with the spec’s permission text', async () => {
    const res = await t.inject({
      method: 'PUT',
      url: '/api/admin/settings/email_notifications_enabled',
      cookie: customer.cookie,
      payload: { enabled: false },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(GRANT_SELF_ADMIN_MESSAGES.settingsRefused);
  });
});

describe('Grant myself admin', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    await t.app.grip.outbox.stop();
  });

  afterAll(async () => {
    await t.close();
  });

  const grant = (cookie?: string) =>
    t.inject({ method: 'POST', url: '/api/admin/grant-self-admin', ...(cookie ? { cookie } : {}) });
  const availability = async (cookie: string) =>
    (await t.inject({ url: '/api/admin/self-grant', cookie })).json<{ available: boolean }>().available;

  it('needs a session', async () => {
    expect((await grant()).statusCode).toBe(401);
    expect((await t.inject({ url: '/api/admin/self-grant' })).statusCode).toBe(401);
  });

  it('works for exactly one of two people racing while there is no administrator, then never again', async () => {
    const first = await t.signUp({ name: 'First' });
    const second = await t.signUp({ role: 'business_owner', businessName: 'Second Co' });
    expect(await availability(first.cookie)).toBe(true);

    const [a, b] = await Promise.all([grant(first.cookie), grant(second.cookie)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 403]);
    const winner = a.statusCode === 200 ? first : second;
    const loser = a.statusCode === 200 ? b : a;
    expect((a.statusCode === 200 ? a : b).json()).toEqual({
      success: true,
      alreadyAdmin: false,
      message: GRANT_SELF_ADMIN_MESSAGES.granted,
    });
    expect(loser.json().message).toBe(GRANT_SELF_ADMIN_MESSAGES.refused);
    expect((await t.inject({ url: '/api/admin/stats', cookie: winner.cookie })).statusCode).toBe(200);

    expect((await grant(winner.cookie)).json()).toEqual({
      success: true,
      alreadyAdmin: true,
      message: GRANT_SELF_ADMIN_MESSAGES.alreadyAdmin,
    });
    const latecomer = await t.signUp({ name: 'Late' });
    expect(await availability(latecomer.cookie)).toBe(false);
    expect((await grant(latecomer.cookie)).statusCode).toBe(403);
    const admins = await t.db.select().from(profiles).where(eq(profiles.role, 'administrator'));
    expect(admins.map((p) => p.userId)).toEqual([winner.userId]);
  });
});
