import {
  BusinessTrendsSchema,
  TREND_WEEKS,
  weekBuckets,
  weekKey,
  weekStart,
  type BusinessTrends,
} from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, profiles, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findProfile } from '../profiles/profiles.repository';
import { getBusinessTrends } from './trends.service';

// A Wednesday: its week began on Monday 2024-03-04, the twelfth week began on 2023-12-18.
const NOW = new Date('2024-03-06T12:00:00.000Z');
const WEEKS = weekBuckets(NOW);
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const at = (week: number, offsetMs = 0) => new Date(WEEKS[week]!.getTime() + offsetMs);
const TYPE = 'Trend Plumbing';

let t: TestApp;
let customer: { cookie: string; userId: string };
let biz: { cookie: string; userId: string };
let rival: { cookie: string; userId: string };

async function business() {
  const b = await t.signUp({ role: 'business_owner' });
  await t.db
    .update(profiles)
    .set({ serviceCategories: [TYPE] })
    .where(eq(profiles.userId, b.userId));
  return b;
}

async function request(createdAt: Date, serviceType = TYPE) {
  const [row] = await t.db
    .insert(serviceRequests)
    .values({
      userId: customer.userId,
      serviceType,
      title: `Need ${serviceType}`,
      description: 'Please help with this job soon.',
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: serviceRequests.id });
  return row!.id;
}

async function respond(
  requestId: string,
  businessUserId: string,
  fields: {
    createdAt: Date;
    status?: 'pending' | 'accepted' | 'rejected';
    acceptedAt?: Date;
    price?: string;
  },
) {
  await t.db.insert(businessResponses).values({
    requestId,
    businessUserId,
    quotedPrice: fields.price ?? '100.00',
    message: 'Happy to help with it',
    status: fields.status ?? 'pending',
    agreedRequestVersion: await t.requestVersion(requestId),
    createdAt: fields.createdAt,
    updatedAt: fields.acceptedAt ?? fields.createdAt,
    acceptedAt: fields.acceptedAt ?? null,
  });
}

async function trendsAt(userId: string, now: Date): Promise<BusinessTrends> {
  const profile = await findProfile(t.db, userId);
  return BusinessTrendsSchema.parse(await getBusinessTrends(t.db, profile!, now));
}

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signUp({ name: 'Casey Customer' });
  biz = await business();
  rival = await business();

  const thisWeek = await request(at(11, HOUR));
  const lastWeek = await request(at(10, 2 * DAY));
  const onMonday = await request(at(10)); // exactly Monday 00:00 UTC: that week, not the one before
  const beforeWindow = await request(new Date(WEEKS[0]!.getTime() - 1)); // Sunday 23:59:59.999
  await request(at(11, HOUR), 'Landscaping'); // not the business's category: never received

  await respond(thisWeek, biz.userId, { createdAt: at(11, 2 * HOUR) });
  await respond(lastWeek, biz.userId, { createdAt: at(10, 3 * DAY) });
  await respond(onMonday, biz.userId, {
    createdAt: at(9, DAY),
    status: 'accepted',
    acceptedAt: at(10, 4 * DAY),
    price: '150.50',
  });
  // Quoted before the window, won in the current week: won and earned count it there, responded does not.
  await respond(beforeWindow, biz.userId, {
    createdAt: new Date(WEEKS[0]!.getTime() - DAY),
    status: 'accepted',
    acceptedAt: at(11, HOUR),
    price: '99.50',
  });
  // Another business's quote and loss are its own.
  await respond(thisWeek, rival.userId, { createdAt: at(11, 3 * HOUR), status: 'rejected' });
});

afterAll(async () => {
  await t.close();
});

describe('business trends', () => {
  it('counts each week exactly as the tiles do, and fills quiet weeks with zeros', async () => {
    const { weeks } = await trendsAt(biz.userId, NOW);
    expect(weeks.map((w) => w.weekStart)).toEqual(WEEKS.map(weekKey));
    expect(weeks[0]!.weekStart).toBe('2023-12-18');
    expect(weeks[11]!.weekStart).toBe('2024-03-04');
    const zero = { received: 0, responded: 0, won: 0, earned: '0.00' };
    expect(weeks[11]).toEqual({
      weekStart: '2024-03-04',
      received: 1,
      responded: 1,
      won: 1,
      earned: '99.50',
    });
    expect(weeks[10]).toEqual({
      weekStart: '2024-02-26',
      received: 2,
      responded: 1,
      won: 1,
      earned: '150.50',
    });
    expect(weeks[9]).toEqual({ weekStart: '2024-02-19', ...zero, responded: 1 });
    for (const week of weeks.slice(0, 9)) expect(week).toEqual({ weekStart: week.weekStart, ...zero });
  });

  it('shows another business only its own figures', async () => {
    const { weeks } = await trendsAt(rival.userId, NOW);
    expect(weeks[11]).toEqual({ weekStart: '2024-03-04', received: 1, responded: 1, won: 0, earned: '0.00' });
    // It never answered last week's requests, and they are still open: received, not responded.
    expect(weeks[10]).toEqual({ weekStart: '2024-02-26', received: 2, responded: 0, won: 0, earned: '0.00' });
  });

  it('moves with now: a week later the oldest week drops off and a new empty one begins', async () => {
    const { weeks } = await trendsAt(biz.userId, new Date(NOW.getTime() + 7 * DAY));
    expect(weeks).toHaveLength(TREND_WEEKS);
    expect(weeks[10]).toEqual({
      weekStart: '2024-03-04',
      received: 1,
      responded: 1,
      won: 1,
      earned: '99.50',
    });
    expect(weeks[11]).toEqual({ weekStart: '2024-03-11', received: 0, responded: 0, won: 0, earned: '0.00' });
  });
});

describe('GET /api/business/dashboard/trends', () => {
  it("answers the business with twelve weeks ending this week, this week's quote in the last", async () => {
    const requestId = await request(new Date());
    await respond(requestId, biz.userId, { createdAt: new Date() });
    const currentWeek = weekKey(weekStart(new Date()));
    const res = await t.inject({ url: '/api/business/dashboard/trends', cookie: biz.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const { weeks } = BusinessTrendsSchema.parse(res.json());
    expect(weeks).toHaveLength(TREND_WEEKS);
    expect(weeks[11]).toMatchObject({ weekStart: currentWeek, received: 1, responded: 1 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses customers, administrators and visitors', async () => {
    const admin = await t.signUp({ role: 'administrator' });
    for (const cookie of [customer.cookie, admin.cookie]) {
      const res = await t.inject({ url: '/api/business/dashboard/trends', cookie });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await t.inject({ url: '/api/business/dashboard/trends' })).statusCode).toBe(401);
  });
});
