/**
 * Business Directory (admin): who is listed, in what order and pages, what "active requests" counts,
 * and the edit dialog's save (validation and what is stored).
 */
import {
  ADMIN_DIRECTORY_MESSAGES,
  BUSINESS_PROFILE_MESSAGES,
  type AdminBusiness,
  type AdminBusinessPage,
} from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, profiles, serviceRequests } from '../../db/schema';
import { createGazetteer } from '../geo/gazetteer';
import { EXACT_ADDRESS } from '../../test/pool-request';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminDirectoryRoutes } from './directory.routes';

type Party = Awaited<ReturnType<TestApp['signUp']>>;

let t: TestApp;
let admin: Party;
let customer: Party;
let business: Party;

beforeAll(async () => {
  t = await createTestApp();
  if (!t.app.hasRoute({ method: 'GET', url: '/api/admin/businesses' })) {
    await t.app.register(adminDirectoryRoutes, { db: t.db, geocoder: createGazetteer() });
  }
  await t.app.ready();
  await t.app.grip.outbox.stop();
  admin = await t.signUp({ role: 'administrator' });
  customer = await t.signUp({ name: 'Cora Customer' });
  business = await t.signUp({ role: 'business_owner', businessName: 'Acme Plumbing' });
});

afterAll(async () => {
  await t.close();
});

async function list(query = ''): Promise<AdminBusinessPage> {
  const res = await t.inject({ url: `/api/admin/businesses${query}`, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function listAll(params: string): Promise<AdminBusiness[]> {
  const items: AdminBusiness[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await list(`?${params}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return items;
}

const VALID_EDIT = {
  businessName: 'Acme Plumbing & Gas',
  displayName: 'Alex Acme',
  phone: '0412 345 678',
  address: '',
  website: 'https://acme.example.com',
  description: 'Blocked drains, hot water.',
  serviceCategories: ['Plumbing'],
  serviceAreaKm: '30',
  notificationEmail: 'jobs@acme.example.com',
};

function put(userId: string, payload: unknown, cookie = admin.cookie) {
  return t.inject({ method: 'PUT', url: `/api/admin/businesses/${userId}`, cookie, payload });
}

describe('who may use the directory', () => {
  it('refuses signed-out callers (401), customers and business owners (403) on every endpoint', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/admin/businesses' },
      { method: 'PUT' as const, url: `/api/admin/businesses/${business.userId}`, payload: VALID_EDIT },
    ];
    for (const call of calls) {
      expect((await t.inject(call)).statusCode, call.url).toBe(401);
      for (const who of [customer, business]) {
        const res = await t.inject({ ...call, cookie: who.cookie });
        expect(res.statusCode, call.url).toBe(403);
        expect(res.json()).toMatchObject({
          error: 'forbidden',
          message: ADMIN_DIRECTORY_MESSAGES.administratorsOnly,
        });
      }
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, business.userId));
    expect(row!.businessName).toBe('Acme Plumbing');
  });
});

describe('the directory list', () => {
  it('lists only business owners, by name, in pages without gaps or repeats', async () => {
    // Mixed case and a tie on the name (the id breaks it).
    for (const name of ['zeta Builders', 'Alpha Electrical', 'beta Gardens', 'Twin Pools', 'Twin Pools']) {
      await t.signUp({ role: 'business_owner', businessName: name });
    }
    await t.signUp({ name: 'Another Customer' });

    const owners = await t.db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.role, 'business_owner'));
    const all = await listAll('limit=2');
    expect(all.map((b) => b.userId).sort()).toEqual(owners.map((o) => o.userId).sort());
    expect(new Set(all.map((b) => b.userId)).size).toBe(all.length);
    expect(all.some((b) => b.userId === customer.userId || b.userId === admin.userId)).toBe(false);

    const names = all.map((b) => b.businessName!.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Every page size walks the same order.
    expect((await listAll('limit=3')).map((b) => b.userId)).toEqual(all.map((b) => b.userId));
    expect((await list('?limit=100')).items.map((b) => b.userId)).toEqual(all.map((b) => b.userId));
  });

  it('searches by business name, contact name or email; wildcards are literal', async () => {
    const found = await listAll('q=acme');
    expect(found.map((b) => b.userId)).toEqual([business.userId]);
    expect(found[0]).toMatchObject({ accountEmail: business.email, serviceCategories: [] });

    const byEmail = await listAll(`q=${encodeURIComponent(business.email.toUpperCase())}`);
    expect(byEmail.map((b) => b.userId)).toEqual([business.userId]);

    expect((await listAll('q=twin')).map((b) => b.businessName)).toEqual(['Twin Pools', 'Twin Pools']);
    expect(await listAll('q=%25')).toEqual([]);
    expect(await listAll('q=nobody-has-this')).toEqual([]);
    // Blank means everyone.
    expect((await listAll('q=%20%20')).length).toBe((await listAll('')).length);
  });

  it('counts active requests: unarchived requests the business has a pending, in-progress or accepted quote on', async () => {
    const counted = await t.signUp({ role: 'business_owner', businessName: 'Counted Co' });
    const idle = await t.signUp({ role: 'business_owner', businessName: 'Counted Idle' });
    const now = new Date();
    const request = async (archived: boolean, status: 'open' | 'assigned' = 'open') => {
      const [row] = await t.db
        .insert(serviceRequests)
        .values({
          userId: customer.userId,
          serviceType: 'Home & Property Services',
          title: 'Fixture request',
          description: 'For the directory counts.',
          status,
          archivedAt: archived ? now : null,
        })
        .returning({ id: serviceRequests.id });
      return row!.id;
    };
    const respond = (requestId: string, businessUserId: string, status: string) =>
      t.db.insert(businessResponses).values({
        requestId,
        businessUserId,
        quotedPrice: '100',
        message: 'Quote',
        status: status as 'pending',
      });
    await respond(await request(false), counted.userId, 'pending');
    await respond(await request(false), counted.userId, 'in_progress');
    await respond(await request(false, 'assigned'), counted.userId, 'accepted');
    await respond(await request(false), counted.userId, 'declined');
    await respond(await request(true), counted.userId, 'pending');
    // Another business's quote on the same kind of request counts for that business only.
    await respond(await request(false), business.userId, 'pending');

    const items = await listAll('q=counted');
    expect(items.map((b) => [b.businessName, b.activeRequests])).toEqual([
      ['Counted Co', 3],
      ['Counted Idle', 0],
    ]);
    expect(items.find((b) => b.userId === idle.userId)!.activeRequests).toBe(0);
    expect((await listAll('q=acme'))[0]!.activeRequests).toBe(1);
  });

  it('answers bad cursors and limits with a 400', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?cursor=not*valid',
      '?cursor=bm90LWpzb24',
    ]) {
      const res = await t.inject({ url: `/api/admin/businesses${query}`, cookie: admin.cookie });
      expect(res.statusCode, query).toBe(400);
    }
    const res = await t.inject({ url: '/api/admin/businesses?limit=0', cookie: admin.cookie });
    expect(res.json().message).toBe(ADMIN_DIRECTORY_MESSAGES.badLimit);
  });
});

describe('editing a business profile', () => {
  it('saves the dialog: integer area, trimmed categories without blanks or repeats, blanks as null', async () => {
    const res = await put(business.userId, {
      ...VALID_EDIT,
      serviceCategories: ['  Plumbing ', '', '   ', 'plumbing', 'Gas Fitting'],
      phone: '  ',
      website: '',
      description: '   ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      userId: business.userId,
      businessName: 'Acme Plumbing & Gas',
      displayName: 'Alex Acme',
      phone: null,
      website: null,
      description: null,
      serviceCategories: ['Plumbing', 'Gas Fitting'],
      serviceAreaKm: 30,
      notificationEmail: 'jobs@acme.example.com',
      activeRequests: 1,
    });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, business.userId));
    expect(row).toMatchObject({
      businessName: 'Acme Plumbing & Gas',
      displayName: 'Alex Acme',
      phone: null,
      serviceCategories: ['Plumbing', 'Gas Fitting'],
      serviceAreaKm: 30,
      notificationEmail: 'jobs@acme.example.com',
      role: 'business_owner',
    });

    // Blank service area becomes null; a number works as well as its text.
    expect(
      (await put(business.userId, { ...VALID_EDIT, serviceAreaKm: '' })).json().serviceAreaKm,
    ).toBeNull();
    expect(
      (await put(business.userId, { ...VALID_EDIT, serviceAreaKm: null })).json().serviceAreaKm,
    ).toBeNull();
    expect((await put(business.userId, { ...VALID_EDIT, serviceAreaKm: 12 })).json().serviceAreaKm).toBe(12);
    const [after] = await t.db.select().from(profiles).where(eq(profiles.userId, business.userId));
    expect(after!.serviceAreaKm).toBe(12);
  });

  it('places a new address with the geocoder, refuses an unknown one, and clears a removed one', async () => {
    const placed = await put(business.userId, { ...VALID_EDIT, address: EXACT_ADDRESS });
    expect(placed.statusCode, placed.body).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, business.userId));
    expect(row!.address).toBe(EXACT_ADDRESS);
    expect(row!.latitude).toBeTypeOf('number');
    expect(row!.longitude).toBeTypeOf('number');

    const unknown = await put(business.userId, {
      ...VALID_EDIT,
      address: 'Nowhere Street, Atlantis XX 0000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: BUSINESS_PROFILE_MESSAGES.addressNotFound,
      fields: { address: BUSINESS_PROFILE_MESSAGES.addressNotFound },
    });
    const [kept] = await t.db.select().from(profiles).where(eq(profiles.userId, business.userId));
    expect(kept!.address).toBe(EXACT_ADDRESS);

    expect((await put(business.userId, { ...VALID_EDIT, address: '  ' })).statusCode).toBe(200);
    const [cleared] = await t.db.select().from(profiles).where(eq(profiles.userId, business.userId));
    expect(cleared).toMatchObject({ address: null, latitude: null, longitude: null, areaLabel: null });
  });

  it('refuses invalid input with a field error and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ serviceAreaKm: '2.5' }, 'serviceAreaKm', ADMIN_DIRECTORY_MESSAGES.serviceAreaInteger],
      [{ serviceAreaKm: 2.5 }, 'serviceAreaKm', ADMIN_DIRECTORY_MESSAGES.serviceAreaInteger],
      [{ serviceAreaKm: 'ten' }, 'serviceAreaKm', ADMIN_DIRECTORY_MESSAGES.serviceAreaInteger],
      [{ serviceAreaKm: '0' }, 'serviceAreaKm', ADMIN_DIRECTORY_MESSAGES.serviceAreaInteger],
      [{ serviceAreaKm: 1001 }, 'serviceAreaKm', ADMIN_DIRECTORY_MESSAGES.serviceAreaInteger],
      [
        { serviceCategories: ['', '  '] },
        'serviceCategories',
        BUSINESS_PROFILE_MESSAGES.serviceCategoriesRequired,
      ],
      [{ businessName: '  ' }, 'businessName', BUSINESS_PROFILE_MESSAGES.businessNameRequired],
      [{ notificationEmail: 'not-an-email' }, 'notificationEmail', ADMIN_DIRECTORY_MESSAGES.emailInvalid],
      [{ website: 'javascript:alert(1)' }, 'website', BUSINESS_PROFILE_MESSAGES.websiteInvalid],
      [{ phone: 'call me' }, 'phone', BUSINESS_PROFILE_MESSAGES.phoneInvalid],
    ];
    const [before] = await t.db.select().from(profiles).where(eq(profiles.userId, business.userId));
    for (const [change, field, message] of cases) {
      const res = await put(business.userId, { ...VALID_EDIT, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(change)).toBe(message);
    }
    const [after] = await t.db.select().from(profiles).where(eq(profiles.userId, business.userId));
    expect(after!.updatedAt).toEqual(before!.updatedAt);
  });

  it('answers 404 for an account that is not a business, and leaves it alone', async () => {
    for (const userId of [customer.userId, admin.userId, 'no-such-user']) {
      const res = await put(userId, VALID_EDIT);
      expect(res.statusCode, userId).toBe(404);
      expect(res.json().message).toBe(ADMIN_DIRECTORY_MESSAGES.notABusiness);
    }
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, customer.userId));
    expect(row!.businessName).toBeNull();
    expect(row!.role).toBe('user');
  });
});
