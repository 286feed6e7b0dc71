/**
 * The administrators' business search (spec 3 /admin-test-request, spec 2 the home's admin search):
 * who may use it, what it refuses, the nearby search (radius, order, distance) and the text search.
 */
import { ADMIN_SEARCH_MESSAGES as M, type AdminBusinessSearchResponse } from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, profiles, reviews, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { haversineKm } from '../geo/haversine';
import { boundingBox } from './business-search.repository';
import { adminBusinessSearchRoutes } from './business-search.routes';

type Party = Awaited<ReturnType<TestApp['signUp']>>;

let t: TestApp;
let admin: Party;

/** The searched point: Manly NSW. Degrees of latitude per km (mean earth radius). */
const CENTRE = { latitude: -33.797, longitude: 151.285 };
const DEGREES_PER_KM = 180 / (Math.PI * 6371.0088);

beforeAll(async () => {
  t = await createTestApp();
  if (!t.app.hasRoute({ method: 'GET', url: '/api/admin/business-search' })) {
    await t.app.register(adminBusinessSearchRoutes, { db: t.db });
  }
  await t.app.ready();
  await t.app.grip.outbox.stop();
  admin = await t.signUp({ role: 'administrator' });
});

afterAll(async () => {
  await t.close();
});

async function business(
  name: string,
  at: { latitude: number; longitude: number } | null,
  more: Partial<typeof profiles.$inferInsert> = {},
) {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
  await t.db
    .update(profiles)
    .set({
      latitude: at?.latitude ?? null,
      longitude: at?.longitude ?? null,
      serviceCategories: ['Pool Maintenance'],
      ...more,
    })
    .where(eq(profiles.userId, b.userId));
  return b;
}

/** `km` kilometres north (or south, negative) of the centre. */
const north = (km: number) => ({
  latitude: CENTRE.latitude + km * DEGREES_PER_KM,
  longitude: CENTRE.longitude,
});

async function review(businessUserId: string, rating: number) {
  const customer = await t.signUp();
  const [request] = await t.db
    .insert(serviceRequests)
    .values({ userId: customer.userId, serviceType: 'Pool', title: 't', description: 'd' })
    .returning();
  const [response] = await t.db
    .insert(businessResponses)
    .values({
      requestId: request!.id,
      businessUserId,
      quotedPrice: '100',
      message: 'Done',
      status: 'accepted',
    })
    .returning();
  await t.db.insert(reviews).values({
    userId: customer.userId,
    businessUserId,
    requestId: request!.id,
    responseId: response!.id,
    rating,
  });
}

async function search(params: Record<string, string | number>): Promise<AdminBusinessSearchResponse> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await t.inject({ url: `/api/admin/business-search?${query}`, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const near = (q: string, radiusKm?: number) =>
  search({ q, ...CENTRE, ...(radiusKm === undefined ? {} : { radiusKm }) });

describe('who may search', () => {
  it('refuses signed-out callers (401), customers and business owners (403)', async () => {
    const customer = await t.signUp();
    const owner = await t.signUp({ role: 'business_owner' });
    const url = '/api/admin/business-search?q=pool';
    expect((await t.inject({ url })).statusCode).toBe(401);
    for (const cookie of [customer.cookie, owner.cookie]) {
      const res = await t.inject({ url, cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden', message: M.administratorsOnly });
    }
  });
});

describe('the API document', () => {
  it('describes the endpoint and its query parameters', async () => {
    const res = await t.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const get = res.json().paths['/api/admin/business-search']?.get;
    expect(get?.parameters?.map((p: { name: string }) => p.name).sort()).toEqual([
      'latitude',
      'longitude',
      'q',
      'radiusKm',
    ]);
  });
});

describe('what it refuses', () => {
  it('answers 400 with a clear message (never 500) for a bad query', async () => {
    const cases: [string, string][] = [
      ['', M.queryRequired],
      ['q=', M.queryRequired],
      ['q=%20%20', M.queryRequired],
      [`q=${'x'.repeat(101)}`, M.queryTooLong],
      ['q=pool&latitude=-33.8', M.coordinatesTogether],
      ['q=pool&longitude=151.2', M.coordinatesTogether],
      ['q=pool&latitude=&longitude=151.2', M.latitude],
      ['q=pool&latitude=abc&longitude=151.2', M.latitude],
      ['q=pool&latitude=NaN&longitude=151.2', M.latitude],
      ['q=pool&latitude=91&longitude=151.2', M.latitude],
      ['q=pool&latitude=-33.8&longitude=1e3', M.longitude],
      ['q=pool&latitude=-33.8&longitude=-181', M.longitude],
      ['q=pool&latitude=-33.8&latitude=-33.9&longitude=151.2', M.latitude],
      ['q=pool&latitude=-33.8&longitude=151.2&radiusKm=2', M.radius],
      ['q=pool&latitude=-33.8&longitude=151.2&radiusKm=5.0', M.radius],
      ['q=pool&latitude=-33.8&longitude=151.2&radiusKm=', M.radius],
      ['q=pool&latitude=-33.8&longitude=151.2&radiusKm=abc', M.radius],
      ['q=pool&radiusKm=5', M.radiusNeedsLocation],
    ];
    for (const [query, message] of cases) {
      const res = await t.inject({ url: `/api/admin/business-search?${query}`, cookie: admin.cookie });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });
});

describe('nearby search', () => {
  it('finds businesses within the radius, nearest first, with the distance', async () => {
    const threeKm = await business('Kestrel Pools North', north(3), {
      address: '1 Kestrel St, Fairlight NSW 2094',
      areaLabel: 'Fairlight NSW 2094',
      phone: '+61 2 9000 0003',
      website: 'https://kestrel.example.com',
      serviceAreaKm: 15,
    });
    const halfKm = await business('Kestrel Pools Corner', north(-0.5));
    const eightKm = await business('Kestrel Pools Far', north(8));
    await business('Kestrel Pools Nowhere', null);
    await business('Osprey Pools Next Door', north(0.2));

    const five = await near('kestrel', 5);
    expect(five.mode).toBe('nearby');
    expect(five.radiusKm).toBe(5);
    expect(five.results.map((r) => r.userId)).toEqual([halfKm.userId, threeKm.userId]);
    const [, found] = five.results;
    expect(found).toEqual({
      userId: threeKm.userId,
      businessName: 'Kestrel Pools North',
      address: '1 Kestrel St, Fairlight NSW 2094',
      areaLabel: 'Fairlight NSW 2094',
      phone: '+61 2 9000 0003',
      website: 'https://kestrel.example.com',
      serviceCategories: ['Pool Maintenance'],
      ratingAverage: null,
      reviewCount: 0,
      serviceAreaKm: 15,
      distanceKm: expect.any(Number),
    });
    expect(found!.distanceKm).toBeCloseTo(3, 1);
    const expected = haversineKm(CENTRE.latitude, CENTRE.longitude, north(3).latitude, north(3).longitude);
    expect(Math.abs(found!.distanceKm! - expected)).toBeLessThan(0.01);
    expect(five.results[0]!.distanceKm).toBeCloseTo(0.5, 1);

    expect((await near('kestrel', 1)).results.map((r) => r.userId)).toEqual([halfKm.userId]);
    expect((await near('kestrel', 10)).results.map((r) => r.userId)).toEqual([
      halfKm.userId,
      threeKm.userId,
      eightKm.userId,
    ]);
    // Without a radius the default of 5 km applies.
    const byDefault = await near('kestrel');
    expect(byDefault.radiusKm).toBe(5);
    expect(byDefault.results.map((r) => r.userId)).toEqual([halfKm.userId, threeKm.userId]);
    // The keyword still decides: the closest business does not match 'kestrel', and matches 'osprey'.
    expect((await near('osprey', 1)).results.map((r) => r.businessName)).toEqual(['Osprey Pools Next Door']);
    // Matching the category, area or address works nearby too.
    expect((await near('fairlight', 5)).results.map((r) => r.userId)).toEqual([threeKm.userId]);
  });

  it('reaches across the antimeridian and near a pole', async () => {
    const fiji = await business('Meridian Boats East', { latitude: -17, longitude: 179.99 });
    const res = await search({ q: 'meridian boats', latitude: -17, longitude: -179.99, radiusKm: 5 });
    expect(res.results.map((r) => r.userId)).toEqual([fiji.userId]);
    expect(res.results[0]!.distanceKm).toBeCloseTo(haversineKm(-17, -179.99, -17, 179.99), 1);

    const pole = await business('Polar Station Supplies', { latitude: 89.99, longitude: 0 });
    const far = await search({ q: 'polar station', latitude: 89.99, longitude: 180, radiusKm: 5 });
    expect(far.results.map((r) => r.userId)).toEqual([pole.userId]);
  });

  it('draws a box that holds the circle', () => {
    expect(boundingBox(0, 0, 10)).toEqual({
      minLatitude: expect.closeTo(-0.0913, 3),
      maxLatitude: expect.closeTo(0.0913, 3),
      longitudes: [[expect.closeTo(-0.0907, 3), expect.closeTo(0.0907, 3)]],
    });
    const wrapped = boundingBox(-17, 179.99, 5);
    expect(wrapped.longitudes).toHaveLength(2);
    expect(wrapped.longitudes![1]![0]).toBe(-180);
    expect(boundingBox(89.99, 0, 5).longitudes).toBeNull();
    // Every point on the circle lies in its box.
    for (const [lat, lng, km] of [
      [-33.8, 151.2, 50],
      [60, 10, 25],
      [-70, -60, 50],
    ] as const) {
      const box = boundingBox(lat, lng, km);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        const b = (bearing * Math.PI) / 180;
        const d = km / 6371.0088;
        const p1 = (lat * Math.PI) / 180;
        const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
        const l2 =
          (lng * Math.PI) / 180 +
          Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
        const pLat = (p2 * 180) / Math.PI;
        const pLng = (l2 * 180) / Math.PI;
        expect(pLat).toBeGreaterThanOrEqual(box.minLatitude);
        expect(pLat).toBeLessThanOrEqual(box.maxLatitude);
        expect(box.longitudes!.some(([w, e]) => pLng >= w && pLng <= e)).toBe(true);
      }
    }
  });
});

describe('text search', () => {
  it('without coordinates: every matching business, best rated first, no distance', async () => {
    const plain = await business('Heron Gardening Plain', null, { areaLabel: 'Mosman NSW 2088' });
    const best = await business('Heron Gardening Best', north(40));
    const good = await business('Heron Gardening Good', north(1));
    await review(best.userId, 5);
    await review(best.userId, 4);
    await review(good.userId, 3);

    const res = await search({ q: 'heron gardening' });
    expect(res.mode).toBe('text');
    expect(res.radiusKm).toBeNull();
    expect(res.results.map((r) => [r.businessName, r.ratingAverage, r.reviewCount, r.distanceKm])).toEqual([
      ['Heron Gardening Best', 4.5, 2, null],
      ['Heron Gardening Good', 3, 1, null],
      ['Heron Gardening Plain', null, 0, null],
    ]);
    expect((await search({ q: 'MOSMAN' })).results.map((r) => r.userId)).toEqual([plain.userId]);
    expect((await search({ q: 'pool maint' })).results.length).toBeGreaterThan(0);
    // Customers are not in the directory.
    await t.signUp({ name: 'Heron Gardening Customer' });
    expect((await search({ q: 'heron gardening customer' })).results).toEqual([]);
  });

  it('reads LIKE wildcards literally', async () => {
    const b = await business('Wild_Card 100% Pools', null);
    expect((await search({ q: 'wild_card 100%' })).results.map((r) => r.userId)).toEqual([b.userId]);
    expect((await search({ q: 'Wild_Card 1' })).results.map((r) => r.userId)).toEqual([b.userId]);
    expect((await search({ q: 'WildXCard' })).results).toEqual([]);
    expect((await search({ q: 'Wild%Pools' })).results).toEqual([]);
    expect((await search({ q: '%' })).results.map((r) => r.userId)).toEqual([b.userId]);
    expect((await search({ q: '\\' })).results).toEqual([]);
    expect((await search({ q: 'wild_card', ...CENTRE })).results).toEqual([]);
  });

  it('returns at most 20 businesses', async () => {
    for (let i = 0; i < 21; i += 1)
      await business(`Plover Cleaning ${String(i).padStart(2, '0')}`, north(0.1));
    expect((await search({ q: 'plover cleaning' })).results).toHaveLength(20);
    expect((await near('plover cleaning', 1)).results).toHaveLength(20);
  });
});
