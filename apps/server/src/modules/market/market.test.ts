import { DAY_MS, type MarketAnalysis } from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, profiles, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MARKET_ANALYSIS_RATE_LIMIT } from './market.routes';

let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await createTestApp();
  customerId = (await t.signUp()).userId;
});
afterAll(async () => {
  await t.close();
});

/** Sydney CBD; one degree of latitude is about 111.2 km. */
const POINT = { latitude: -33.8688, longitude: 151.2093 };
const kmNorth = (km: number) => ({ latitude: POINT.latitude + km / 111.2, longitude: POINT.longitude });

async function business(
  categories: string[],
  place: { latitude: number; longitude: number } | null = null,
  serviceAreaKm = 25,
) {
  const b = await t.signUp({ role: 'business_owner' });
  await t.db
    .update(profiles)
    .set({
      serviceCategories: categories,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      serviceAreaKm,
    })
    .where(eq(profiles.userId, b.userId));
  return b.userId;
}

const ago = (days: number, minutes = 0) => new Date(Date.now() - days * DAY_MS + minutes * 60_000);

async function request(values: {
  serviceType: string;
  serviceSubtype?: string | null;
  createdAt: Date;
  budget?: number | null;
  preferredTime?: string | null;
}) {
  const [row] = await t.db
    .insert(serviceRequests)
    .values({
      userId: customerId,
      serviceType: values.serviceType,
      serviceSubtype: values.serviceSubtype ?? null,
      title: 'A request',
      description: 'Something that needs doing soon.',
      budgetMin: values.budget === undefined || values.budget === null ? null : String(values.budget),
      budgetMax: values.budget === undefined || values.budget === null ? null : String(values.budget),
      preferredTime: values.preferredTime ?? null,
      createdAt: values.createdAt,
      updatedAt: values.createdAt,
    })
    .returning({ id: serviceRequests.id, createdAt: serviceRequests.createdAt });
  if (!row) throw new Error('no request row');
  return row;
}

async function respond(
  req: { id: string; createdAt: Date },
  businessUserId: string,
  afterMinutes: number,
  status: 'pending' | 'accepted' = 'pending',
) {
  await t.db.insert(businessResponses).values({
    requestId: req.id,
    businessUserId,
    quotedPrice: '100',
    message: 'Happy to help with this job.',
    status,
    createdAt: new Date(req.createdAt.getTime() + afterMinutes * 60_000),
  });
}

// Each call comes from its own address unless a test says otherwise, so only the rate-limit test is limited.
let callCount = 0;
async function analyse(query: Record<string, string | number>, remoteAddress = `10.0.0.${(callCount += 1)}`) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return t.app.inject({ method: 'GET', url: `/api/market-analysis?${search}`, remoteAddress });
}

async function analysis(query: Record<string, string | number>): Promise<MarketAnalysis> {
  const res = await analyse(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/market-analysis: providers', () => {
  beforeAll(async () => {
    await business(['Plumbing'], kmNorth(2)); // near
    await business(['Home & Property Services'], kmNorth(15)); // far: the whole group, 15 km away
    await business(['plumbing'], kmNorth(5), 1); // serves only 1 km around itself
    await business(['Plumbing'], null); // no location: category alone decides
    await business(['Cleaning'], kmNorth(1)); // another trade
    await business(['Plumbing'], kmNorth(40)); // beyond 20 km
  });

  it('counts matching businesses within the radius and their own service area, and again at 20 km', async () => {
    const body = await analysis({
      serviceType: 'Home & Property Services',
      service: 'Plumbing',
      ...POINT,
      radiusKm: 10,
    });
    // near and the business without a location; far only at 20 km; the 1 km-area business never.
    expect(body).toMatchObject({
      serviceType: 'Home & Property Services',
      service: 'Plumbing',
      radiusKm: 10,
      hasLocation: true,
      providerCount: 2,
      expandedRadiusKm: 20,
      expandedProviderCount: 3,
      competitionLevel: 'low',
      options: ['expand', 'ask_questions', 'send_all'],
    });
  });

  it('counts exactly the businesses a request sent now would notify', async () => {
    const analysed = await analysis({
      serviceType: 'Home & Property Services',
      service: 'Plumbing',
      ...POINT,
    });
    const customer = await t.signUp();
    const res = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: {
        serviceType: 'Home & Property Services',
        serviceSubtype: 'plumbing',
        description: 'The kitchen tap drips all day long.',
        location: '1 George St, Sydney NSW 2000',
        ...POINT,
        serviceAreaKm: 10,
        budget: 200,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().matchedBusinesses).toBe(analysed.providerCount);
  });

  it('re-counts at the radius asked for', async () => {
    const body = await analysis({
      serviceType: 'Home & Property Services',
      service: 'Plumbing',
      ...POINT,
      radiusKm: 20,
    });
    expect(body.providerCount).toBe(3);
    expect(body.expandedProviderCount).toBe(3);
  });

  it('counts every matching business when no point is given (guests)', async () => {
    const body = await analysis({ serviceType: 'Home & Property Services', service: 'Plumbing' });
    expect(body).toMatchObject({ hasLocation: false, providerCount: 5, expandedProviderCount: 5 });
    // One coordinate alone is not a location.
    const half = await analysis({
      serviceType: 'Home & Property Services',
      service: 'Plumbing',
      latitude: POINT.latitude,
    });
    expect(half).toMatchObject({ hasLocation: false, providerCount: 5 });
  });

  it('counts only businesses of that service or its group', async () => {
    const cleaning = await analysis({
      serviceType: 'Home & Property Services',
      service: 'Cleaning',
      ...POINT,
    });
    // The cleaner at 1 km; the group-wide business 15 km away only at 20 km.
    expect(cleaning.providerCount).toBe(1);
    expect(cleaning.expandedProviderCount).toBe(2);
  });
});

describe('GET /api/market-analysis: thresholds', () => {
  it('reports high competition and recommends sending to all above 10 providers', async () => {
    for (let i = 0; i < 6; i += 1) await business(['Photography'], kmNorth(3));
    for (let i = 0; i < 5; i += 1) await business(['Experiences'], kmNorth(3));
    const many = await analysis({ serviceType: 'Experiences', service: 'Photography', ...POINT });
    expect(many).toMatchObject({
      providerCount: 11,
      competitionLevel: 'high',
      options: ['send_all', 'ask_questions'],
    });

    const some = await analysis({ serviceType: 'Experiences', service: 'Art Classes', ...POINT });
    expect(some).toMatchObject({
      providerCount: 5,
      competitionLevel: 'low',
      options: ['ask_questions', 'send_all'],
    });

    const photographyOnly = await analysis({ serviceType: 'Photography', ...POINT });
    expect(photographyOnly).toMatchObject({ providerCount: 6, competitionLevel: 'moderate' });
  });
});

describe('GET /api/market-analysis: figures from recent requests', () => {
  it('takes budget, times, response time and hired jobs from real requests of the kind', async () => {
    const b1 = await business(['Pet Care']);
    const b2 = await business(['Pet Care']);
    // Four recent Pet Care requests, one with the type in lower case.
    const r1 = await request({
      serviceType: 'Pet Services',
      serviceSubtype: 'pet-care',
      createdAt: ago(1),
      budget: 20,
      preferredTime: '18:00:00',
    });
    const r2 = await request({
      serviceType: 'pet services',
      serviceSubtype: 'pet-care',
      createdAt: ago(2),
      budget: 40,
      preferredTime: '19:30:00',
    });
    await request({
      serviceType: 'Pet Services',
      serviceSubtype: 'pet-care',
      createdAt: ago(3),
      budget: 60,
      preferredTime: '10:00:00',
    });
    await request({ serviceType: 'Pet Services', serviceSubtype: 'Pet Care', createdAt: ago(4), budget: 80 });
    // Not counted for the recent figures: too old, or another service of the group.
    const old = await request({
      serviceType: 'Pet Services',
      serviceSubtype: 'pet-care',
      createdAt: ago(40),
      budget: 1000,
      preferredTime: '14:00:00',
    });
    const walking = await request({
      serviceType: 'Pet Services',
      serviceSubtype: 'dog-walking',
      createdAt: ago(1),
      budget: 500,
      preferredTime: '14:00:00',
    });
    const ancient = await request({
      serviceType: 'Pet Services',
      serviceSubtype: 'pet-care',
      createdAt: ago(100),
      budget: 10,
    });

    await respond(r1, b1, 60, 'accepted');
    await respond(r1, b2, 180);
    await respond(r2, b1, 120);
    await respond(old, b1, 1, 'accepted');
    await respond(walking, b1, 1, 'accepted');
    await respond(ancient, b1, 1, 'accepted');

    const body = await analysis({ serviceType: 'Pet Services', service: 'Pet Care', ...POINT });
    expect(body).toMatchObject({
      recentRequests: 4,
      // 25th-75th percentile of 20, 40, 60, 80.
      typicalBudgetRange: '$35-65',
      popularTimeSlots: ['evening', 'morning'],
      // (60 + 180 + 120) / 3 = 120 minutes.
      averageResponseTime: 'within 4 hours',
      // r1 and the 40-day-old request; dog walking is another service, the 100-day-old one too old.
      jobsLast3Months: 2,
      providerCount: 2,
    });

    // The whole group counts every service in it.
    const group = await analysis({ serviceType: 'Pet Services' });
    expect(group).toMatchObject({ recentRequests: 5, jobsLast3Months: 3, service: null });
  });

  it('uses at most the 50 newest requests of the last 30 days', async () => {
    for (let i = 0; i < 52; i += 1) {
      await request({
        serviceType: 'Occasional/Seasonal Services',
        serviceSubtype: 'event-setup',
        createdAt: ago(1, i),
        budget: i < 2 ? 9000 : 100,
      });
    }
    const body = await analysis({ serviceType: 'Occasional/Seasonal Services', service: 'Event Setup' });
    // The two oldest (9000) are beyond the 50 newest.
    expect(body).toMatchObject({ recentRequests: 50, typicalBudgetRange: '$100' });
  });

  it('falls back to the spec hint, 24 hours and no times when there is nothing recent', async () => {
    const body = await analysis({ serviceType: 'Home & Property Services', service: 'Gardening' });
    expect(body).toMatchObject({
      recentRequests: 0,
      typicalBudgetRange: '$100-200',
      averageResponseTime: 'within 24 hours',
      popularTimeSlots: [],
      jobsLast3Months: 0,
    });
    const noHint = await analysis({ serviceType: 'Renovation & Home Improvement', service: 'Roofing' });
    expect(noHint.typicalBudgetRange).toBeNull();
  });

  it('needs three budgets before calling anything typical', async () => {
    await request({
      serviceType: 'Home & Property Services',
      serviceSubtype: 'electrical',
      createdAt: ago(1),
      budget: 5000,
    });
    await request({
      serviceType: 'Home & Property Services',
      serviceSubtype: 'electrical',
      createdAt: ago(1),
      budget: 7000,
    });
    const body = await analysis({ serviceType: 'Home & Property Services', service: 'Electrical' });
    expect(body).toMatchObject({ recentRequests: 2, typicalBudgetRange: '$200-400' });
  });
});

describe('GET /api/market-analysis: validation and limits', () => {
  it.each([
    ['', 'serviceType missing'],
    ['serviceType=%20', 'blank serviceType'],
    ['serviceType=Pet%20Services&radiusKm=500', 'radius too large'],
    ['serviceType=Pet%20Services&latitude=95&longitude=0', 'latitude out of range'],
    ['serviceType=Pet%20Services&longitude=abc', 'not a number'],
  ])('refuses %s (%s) with 400 and a message', async (query) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/market-analysis?${query}`,
      remoteAddress: '10.0.1.1',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it(`answers 429 after ${MARKET_ANALYSIS_RATE_LIMIT} checks a minute from one address`, async () => {
    const query = { serviceType: 'Pet Services' };
    for (let i = 0; i < MARKET_ANALYSIS_RATE_LIMIT; i += 1) {
      expect((await analyse(query, '203.0.113.7')).statusCode).toBe(200);
    }
    const limited = await analyse(query, '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/wait a minute/);
    expect((await analyse(query, '203.0.113.8')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address (its owner has every address in it)', async () => {
    const query = { serviceType: 'Pet Services' };
    for (let i = 1; i <= MARKET_ANALYSIS_RATE_LIMIT; i++) {
      expect((await analyse(query, `2001:db8:7:7::${i.toString(16)}`)).statusCode).toBe(200);
    }
    expect((await analyse(query, '2001:db8:7:7:ffff::1')).statusCode).toBe(429);
    expect((await analyse(query, '2001:db8:7:8::1')).statusCode).toBe(200);
  });
});

describe('GET /api/market-analysis: odd query strings', () => {
  it('refuses a fractional radius and treats empty coordinates as none', async () => {
    // Whole kilometres only (decision 018): a radius is not a ruler to bisect a business's distance with.
    const res = await analyse({
      serviceType: 'Pet Services',
      radiusKm: 2.5,
      latitude: -33.88,
      longitude: 151.21,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('Please choose a search radius of whole kilometres between 1 and 100.');
    const empty = await analyse({ serviceType: 'Pet Services', latitude: '', longitude: '' });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().hasLocation).toBe(false);
  });
});
