import { FEED_MESSAGES, type BusinessFeedPage, type BusinessRequestView } from '@grip/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, profiles, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let customer: { cookie: string; userId: string; email: string };
beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signUp({ name: 'Quinn Privateperson' });
});
afterAll(async () => {
  await t.close();
});

const CBD = { latitude: -33.8688, longitude: 151.2093 };
const GLEBE = { latitude: -33.8798, longitude: 151.1854 }; // about 2.5 km from the CBD
const PARRAMATTA = { latitude: -33.815, longitude: 151.0011 }; // about 20 km from the CBD

// Each test uses its own service type so requests of other tests never match its businesses.
let typeCounter = 0;
const uniqueType = () => `Feed Service ${++typeCounter}`;

async function business(
  categories: string[],
  point: { latitude: number; longitude: number } | null,
  serviceAreaKm = 10,
) {
  const biz = await t.signUp({ role: 'business_owner' });
  await t.db
    .update(profiles)
    .set({
      serviceCategories: categories,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      serviceAreaKm,
    })
    .where(eq(profiles.userId, biz.userId));
  return biz;
}

async function request(serviceType: string, values: Partial<typeof serviceRequests.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(serviceRequests)
    .values({
      userId: customer.userId,
      serviceType,
      title: `Need ${serviceType}`,
      description: 'Please help with this job soon.',
      areaLabel: 'Glebe NSW',
      ...values,
    })
    .returning({ id: serviceRequests.id });
  return row!.id;
}

const ageHours = (id: string, hours: number) =>
  t.db
    .update(serviceRequests)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(serviceRequests.id, id));

const respond = (requestId: string, businessUserId: string, status: 'pending' | 'accepted' = 'pending') =>
  t.db
    .insert(businessResponses)
    .values({ requestId, businessUserId, quotedPrice: '120', message: 'Happy to help with it', status })
    .returning({ id: businessResponses.id });

async function feed(cookie: string, query = '') {
  const res = await t.inject({ url: `/api/business/requests${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BusinessFeedPage;
}
const ids = (page: { items: BusinessRequestView[] }) => page.items.map((r) => r.id);

describe('GET /api/business/requests', () => {
  it('shows open, unarchived requests matching the categories and both service areas', async () => {
    const type = uniqueType();
    const near = await request(type, { ...GLEBE, serviceAreaKm: 5 });
    const far = await request(type, { ...PARRAMATTA, serviceAreaKm: 50 }); // beyond the business's 10 km
    const tightRadius = await request(type, { ...GLEBE, serviceAreaKm: 1 }); // beyond the customer's 1 km
    const noPoint = await request(type);
    const otherType = await request(uniqueType(), { ...GLEBE });
    const archived = await request(type, { ...GLEBE, archivedAt: new Date() });
    const assigned = await request(type, { ...GLEBE, status: 'assigned' });

    const located = await business([type], CBD, 10);
    const page = await feed(located.cookie);
    expect(new Set(ids(page))).toEqual(new Set([near, noPoint]));
    const nearView = page.items.find((r) => r.id === near)!;
    expect([2, 3]).toContain(nearView.distanceKm);
    expect(nearView.areaLabel).toBe('Glebe NSW');
    expect(page.items.find((r) => r.id === noPoint)!.distanceKm).toBeNull();

    // A business with a wider area reaches Parramatta; the customer's 1 km radius still holds.
    const wide = await business([type], CBD, 50);
    expect(new Set(ids(await feed(wide.cookie)))).toEqual(new Set([near, far, noPoint]));

    // Without a point of its own, a business is matched on categories alone.
    const unlocated = await business([type], null);
    expect(new Set(ids(await feed(unlocated.cookie)))).toEqual(new Set([near, far, tightRadius, noPoint]));
    expect(ids(await feed(unlocated.cookie))).not.toContain(otherType);
    expect(ids(await feed(unlocated.cookie))).not.toContain(archived);
    expect(ids(await feed(unlocated.cookie))).not.toContain(assigned);
  });

  it('matches categories as the domain rule does (case, "&", subtypes in words), and none as every one', async () => {
    const n = ++typeCounter;
    const byType = await request(`Garden ${n} and Lawn`);
    const bySubtype = await request(uniqueType(), { serviceSubtype: `-dog--walking-${n}-` });
    const unrelated = await request(uniqueType());
    const matcher = await business([` garden ${n} & LAWN `, `Dog Walking ${n}`, ''], null);
    expect(new Set(ids(await feed(matcher.cookie, '?limit=50')))).toEqual(new Set([byType, bySubtype]));

    const everything = await business([], null);
    const all = ids(await feed(everything.cookie, '?limit=50'));
    expect(all).toEqual(expect.arrayContaining([byType, bySubtype, unrelated]));
  });

  it("never lists the business's own requests", async () => {
    const type = uniqueType();
    const biz = await business([type], null);
    await t.db.insert(serviceRequests).values({
      userId: biz.userId,
      serviceType: type,
      title: 'My own',
      description: 'A request of my own making.',
    });
    const theirs = await request(type);
    expect(ids(await feed(biz.cookie))).toEqual([theirs]);
  });

  it('groups by age and response as the spec says, and the counts and badge agree', async () => {
    const type = uniqueType();
    const biz = await business([type], null);
    const other = await business([type], null);
    const fresh = await request(type);
    const freshAnswered = await request(type);
    const ageing = await request(type);
    const ageingAnswered = await request(type);
    const expired = await request(type);
    const expiredAnswered = await request(type);
    await ageHours(freshAnswered, 2);
    await ageHours(ageing, 30);
    await ageHours(ageingAnswered, 30);
    await ageHours(expired, 50);
    await ageHours(expiredAnswered, 60);
    await respond(freshAnswered, biz.userId);
    await respond(ageingAnswered, biz.userId);
    const [mine] = await respond(expiredAnswered, biz.userId);
    // Another business's answer changes nothing for this one.
    await respond(fresh, other.userId);
    await respond(ageing, other.userId);

    const newPage = await feed(biz.cookie, '?group=new');
    expect(ids(newPage)).toEqual([fresh]);
    expect(newPage.items[0]).toMatchObject({ myResponseId: null, myResponseStatus: null });
    expect(ids(await feed(biz.cookie, '?group=about_to_expire'))).toEqual([ageing]);
    const expiredPage = await feed(biz.cookie, '?group=expired');
    expect(ids(expiredPage)).toEqual([expired, expiredAnswered]);
    expect(expiredPage.items[0]).toMatchObject({ myResponseId: null });
    expect(expiredPage.items[1]).toMatchObject({ myResponseId: mine!.id, myResponseStatus: 'pending' });

    const counts = await t.inject({ url: '/api/business/requests/counts', cookie: biz.cookie });
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toEqual({ new: 1, aboutToExpire: 1, expired: 2 });
    const badges = await t.inject({ url: '/api/badges', cookie: biz.cookie });
    expect(badges.json().newRequests).toBe(1);

    // The other business answered fresh and ageing: they leave its New and About to expire.
    expect(
      await (await t.inject({ url: '/api/business/requests/counts', cookie: other.cookie })).json(),
    ).toEqual({ new: 1, aboutToExpire: 1, expired: 2 });
    expect(ids(await feed(other.cookie, '?group=new'))).toEqual([freshAnswered]);
  });

  it('pages newest first with a cursor, ties broken by id, without repeats', async () => {
    const type = uniqueType();
    const biz = await business([type], null);
    // One insert: the five share created_at, so only the id orders them.
    const rows = await t.db
      .insert(serviceRequests)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          userId: customer.userId,
          serviceType: type,
          title: `Job ${i}`,
          description: 'Please help with this job soon.',
        })),
      )
      .returning({ id: serviceRequests.id });
    const older = await request(type);
    await ageHours(older, 1);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: BusinessFeedPage = await feed(biz.cookie, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    const sameTime = rows
      .map((r) => r.id)
      .sort()
      .reverse();
    expect(seen).toEqual([...sameTime, older]);
  });

  it('refuses a bad cursor, group or limit with 400', async () => {
    const biz = await business([uniqueType()], null);
    // A cursor naming no request (deleted since) is refused too, not answered with a silent empty page.
    const gone = '00000000-0000-4000-8000-000000000000';
    for (const query of ['?cursor=not-an-id', `?cursor=${gone}`, '?group=old', '?limit=0', '?limit=51']) {
      const res = await t.inject({ url: `/api/business/requests${query}`, cookie: biz.cookie });
      expect(res.statusCode, query).toBe(400);
    }
    const res = await t.inject({ url: '/api/business/requests?cursor=not-an-id', cookie: biz.cookie });
    expect(res.json().message).toBe(FEED_MESSAGES.badCursor);
  });

  it("never sends the exact address or the customer's details before the quote is accepted", async () => {
    const type = uniqueType();
    const biz = await business([type], CBD);
    const address = '42 Hidden Street, Glebe NSW 2037';
    const id = await request(type, { ...GLEBE, locationAddress: address });
    const [response] = await respond(id, biz.userId);
    await ageHours(id, 50); // answered requests show only once expired

    const body = (await t.inject({ url: '/api/business/requests?group=expired', cookie: biz.cookie })).body;
    expect(body).toContain(id);
    for (const secret of [
      address,
      '42 Hidden Street',
      customer.email,
      'Quinn Privateperson',
      customer.userId,
    ]) {
      expect(body).not.toContain(secret);
    }
    const unanswered = await business([type], CBD);
    const other = (await t.inject({ url: '/api/business/requests?group=expired', cookie: unanswered.cookie }))
      .body;
    expect(other).toContain(id);
    expect(other).not.toContain('42 Hidden Street');

    // Once this business's quote is accepted it is told the address (and only it).
    await t.db
      .update(businessResponses)
      .set({ status: 'accepted' })
      .where(inArray(businessResponses.id, [response!.id]));
    const accepted = await feed(biz.cookie, '?group=expired');
    expect(accepted.items.find((r) => r.id === id)!.locationAddress).toBe(address);
    const stillHidden = await feed(unanswered.cookie, '?group=expired');
    expect(stillHidden.items.find((r) => r.id === id)!.locationAddress).toBeNull();
  });

  it('is for business accounts only', async () => {
    const admin = await t.signUp({ role: 'administrator' });
    for (const cookie of [customer.cookie, admin.cookie]) {
      for (const url of ['/api/business/requests', '/api/business/requests/counts']) {
        const res = await t.inject({ url, cookie });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe('Only business accounts see service requests.');
      }
    }
    expect((await t.inject({ url: '/api/business/requests' })).statusCode).toBe(401);
    expect((await t.inject({ url: '/api/business/requests/counts' })).statusCode).toBe(401);
  });
});
