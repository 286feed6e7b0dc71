import { randomBytes } from 'node:crypto';
import {
  ADMIN_EXPORT_MESSAGES,
  ADMIN_EXPORT_PATHS,
  BUSINESS_EXPORT_COLUMNS,
  USER_EXPORT_COLUMNS,
  adminExportFileName,
  fromCsvSafeCell,
} from '@grip/domain';
import { parse } from 'csv-parse/sync';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { EXPORT_PAGE_SIZE, adminExportRoutes } from './exports.routes';

const EMPTY_USERS_PREFIX = '/empty-users';

function withEmptyUsersExport(db: Db): Db {
  const empty: unknown = new Proxy(() => {}, {
    get: (_target, key) =>
      key === 'then' ? (resolve: (rows: unknown[]) => void) => resolve([]) : () => empty,
  });
  return new Proxy(db, {
    get: (target, key) => {
      // Only the users export selects emailVerified.
      if (key === 'select') {
        return (fields?: Record<string, unknown>) =>
          fields && 'emailVerified' in fields ? empty : target.select(fields as never);
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

let t: TestApp;
let admin: { cookie: string; userId: string; email: string };

const BUSINESSES = ADMIN_EXPORT_PATHS.businesses;
const USERS = ADMIN_EXPORT_PATHS.users;

beforeAll(async () => {
  t = await createTestApp();
  // buildApp may or may not register these routes yet; either way the test runs against them.
  if (!t.app.hasRoute({ method: 'GET', url: BUSINESSES })) {
    await t.app.register(adminExportRoutes, { db: t.db });
  }
  // An administrator is itself an account, so an empty users table is only reachable with a database
  // whose users query reads nothing: the routes again, under a prefix, with such a db (the
  // administrator check still reads the real profiles).
  await t.app.register(adminExportRoutes, { db: withEmptyUsersExport(t.db), prefix: EMPTY_USERS_PREFIX });
  await t.app.ready();
  admin = await t.signUp({ role: 'administrator', name: 'Ada Admin' });
});

afterAll(async () => {
  await t.close();
});

type Row = Record<string, string>;

/** Downloads an export and reads it back with a real CSV parser. */
async function download(url: string) {
  const res = await t.inject({ url, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  const rows = parse(res.body, { columns: true, bom: true, relax_column_count: false }) as Row[];
  return { res, rows };
}

let seq = 0;
/** Inserts accounts with business profiles straight into the tables (fast fixtures). */
async function insertBusinesses(
  list: Array<{ id?: string; email?: string; name?: string } & Partial<typeof profiles.$inferInsert>>,
) {
  const rows = list.map((b) => {
    seq += 1;
    const id = b.id ?? `biz-${randomBytes(6).toString('hex')}-${seq}`;
    return { ...b, id, email: b.email ?? `${id}@example.com`, name: b.name ?? `Owner ${seq}` };
  });
  await t.db.insert(users).values(rows.map((r) => ({ id: r.id, email: r.email, name: r.name })));
  await t.db.insert(profiles).values(
    rows.map(({ id, email: _email, name: _name, ...profile }) => ({
      ...profile,
      userId: id,
      role: 'business_owner' as const,
    })),
  );
  return rows;
}

describe('empty exports', () => {
  it('answers 404 "No businesses to export" before any business exists, never a 500', async () => {
    const res = await t.inject({ url: BUSINESSES, cookie: admin.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toMatchObject({ message: ADMIN_EXPORT_MESSAGES.noBusinesses });
  });

  it('answers 404 "No users to export" when the accounts table reads empty', async () => {
    const res = await t.inject({ url: `${EMPTY_USERS_PREFIX}${USERS}`, cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toMatchObject({ message: ADMIN_EXPORT_MESSAGES.noUsers });
  });
});

describe('who may export', () => {
  it('refuses signed-out callers (401), customers and business owners (403)', async () => {
    const customer = await t.signUp();
    const business = await t.signUp({ role: 'business_owner' });
    for (const url of [BUSINESSES, USERS]) {
      expect((await t.inject({ url })).statusCode).toBe(401);
      for (const cookie of [customer.cookie, business.cookie]) {
        const res = await t.inject({ url, cookie });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          error: 'forbidden',
          message: ADMIN_EXPORT_MESSAGES.administratorsOnly,
        });
        expect(res.body).not.toContain('@example.com');
      }
    }
  });
});

describe('the businesses export', () => {
  it('round-trips awkward values exactly through a CSV parser, with formulas made harmless', async () => {
    const [tricky, formula] = await insertBusinesses([
      {
        name: 'Zoë "Zed" Ångström',
        businessName: 'Smith, "Best" Plumbing\nSecond line — Ünïcødé 🚰',
        displayName: 'José Ñúñez',
        phone: '0400 000 000',
        address: "12 Rue de l'Église, Montréal",
        areaLabel: 'Montréal',
        website: 'https://smith.example/?a=1,b=2',
        googleReviewsUrl: 'https://g.page/smith/review',
        description: 'Line one\r\nLine "two", with a comma\rand a lone CR',
        serviceCategories: ['Plumbing', 'Gas, fitting'],
        serviceAreaKm: 30,
        notificationPreferences: ['email', 'sms'],
        notificationEmail: 'jobs+smith@example.com',
      },
      {
        businessName: '=HYPERLINK("http://evil.example","click")',
        displayName: '@SUM(1+1)',
        phone: '+61400000000',
        address: '-1 Minus Street',
        description: "'=already quoted",
        website: '\tTabbed',
        googleReviewsUrl: null,
        serviceCategories: [],
        serviceAreaKm: null,
        notificationPreferences: [],
        notificationEmail: null,
      },
    ]);

    const { res, rows } = await download(BUSINESSES);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    // A byte-order mark for Excel, then the header row in the documented order.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(BUSINESS_EXPORT_COLUMNS.join(','));

    const stored = await t.db.select().from(profiles).where(eq(profiles.userId, tricky!.id));
    const a = rows.find((r) => r.user_id === tricky!.id);
    expect(a).toEqual({
      email: tricky!.email,
      business_name: 'Smith, "Best" Plumbing\nSecond line — Ünïcødé 🚰',
      display_name: 'José Ñúñez',
      phone: '0400 000 000',
      address: "12 Rue de l'Église, Montréal",
      website: 'https://smith.example/?a=1,b=2',
      google_reviews_url: 'https://g.page/smith/review',
      description: 'Line one\r\nLine "two", with a comma\rand a lone CR',
      service_categories: 'Plumbing; Gas, fitting',
      service_area_km: '30',
      notification_preferences: 'email; sms',
      notification_email: 'jobs+smith@example.com',
      area_label: 'Montréal',
      user_id: tricky!.id,
      created_at: stored[0]!.createdAt.toISOString(),
    });

    const b = rows.find((r) => r.user_id === formula!.id)!;
    // OWASP: cells starting with = + - @ tab or CR get a leading apostrophe (one more if already there).
    expect(b).toMatchObject({
      business_name: `'=HYPERLINK("http://evil.example","click")`,
      display_name: "'@SUM(1+1)",
      phone: "'+61400000000",
      address: "'-1 Minus Street",
      description: "''=already quoted",
      website: "'\tTabbed",
      google_reviews_url: '',
      service_categories: '',
      service_area_km: '',
      notification_preferences: '',
      notification_email: '',
    });
    // Reading the export back with the inverse rule gives exactly the stored values.
    expect(fromCsvSafeCell(b.business_name!)).toBe('=HYPERLINK("http://evil.example","click")');
    expect(fromCsvSafeCell(b.display_name!)).toBe('@SUM(1+1)');
    expect(fromCsvSafeCell(b.phone!)).toBe('+61400000000');
    expect(fromCsvSafeCell(b.description!)).toBe("'=already quoted");
    expect(fromCsvSafeCell(b.website!)).toBe('\tTabbed');
    for (const row of rows) {
      for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('names the file with the UTC date', async () => {
    const before = adminExportFileName('businesses', new Date());
    const res = await t.inject({ url: BUSINESSES, cookie: admin.cookie });
    const after = adminExportFileName('businesses', new Date());
    expect(res.statusCode).toBe(200);
    expect(before).toMatch(/^businesses_export_\d{4}-\d{2}-\d{2}\.csv$/);
    expect([`attachment; filename="${before}"`, `attachment; filename="${after}"`]).toContain(
      res.headers['content-disposition'],
    );
  });

  it('streams 1,200 businesses across pages completely: no duplicates, no gaps', async () => {
    const bulk = Array.from({ length: 1200 }, (_, i) => ({
      id: `bulk-${String(i).padStart(5, '0')}-${randomBytes(3).toString('hex')}`,
      businessName: `Bulk Business ${i}`,
      serviceCategories: ['Cleaning'],
    }));
    for (let i = 0; i < bulk.length; i += 300) await insertBusinesses(bulk.slice(i, i + 300));
    expect(bulk.length).toBeGreaterThan(2 * EXPORT_PAGE_SIZE);

    const { rows } = await download(BUSINESSES);
    const ids = rows.map((r) => r.user_id);
    expect(new Set(ids).size).toBe(ids.length);
    const [total] = await t.db
      .select({ n: count() })
      .from(profiles)
      .where(eq(profiles.role, 'business_owner'));
    expect(ids.length).toBe(total!.n);
    const exported = new Set(ids);
    expect(bulk.filter((b) => !exported.has(b.id))).toEqual([]);
    const byId = new Map(rows.map((r) => [r.user_id, r]));
    expect(byId.get(bulk[777]!.id)).toMatchObject({
      business_name: 'Bulk Business 777',
      service_categories: 'Cleaning',
    });
  });
});

describe('the users export', () => {
  it('lists every account once with its email and role, round-tripping through a CSV parser', async () => {
    const [odd] = await insertBusinesses([{ name: '=cmd|"/c calc", Ünïcødé', email: 'odd.one@example.com' }]);
    const before = adminExportFileName('users', new Date());
    const { res, rows } = await download(USERS);
    expect([
      `attachment; filename="${before}"`,
      `attachment; filename="${adminExportFileName('users', new Date())}"`,
    ]).toContain(res.headers['content-disposition']);
    expect(res.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(USER_EXPORT_COLUMNS.join(','));

    const [total] = await t.db.select({ n: count() }).from(users);
    expect(rows).toHaveLength(total!.n);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);

    const me = rows.find((r) => r.id === admin.userId);
    expect(me).toMatchObject({ email: admin.email, name: 'Ada Admin', role: 'administrator' });
    expect(['true', 'false']).toContain(me!.email_verified);
    expect(Number.isNaN(Date.parse(me!.created_at!))).toBe(false);

    const row = rows.find((r) => r.id === odd!.id)!;
    expect(row).toMatchObject({
      email: 'odd.one@example.com',
      name: `'=cmd|"/c calc", Ünïcødé`,
      role: 'business_owner',
      email_verified: 'false',
    });
    expect(fromCsvSafeCell(row.name!)).toBe('=cmd|"/c calc", Ünïcødé');
  });
});
