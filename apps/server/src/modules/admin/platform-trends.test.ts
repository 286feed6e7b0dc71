import { PlatformTrendsSchema, TREND_WEEKS, weekBuckets, weekKey, weekStart } from '@grip/domain';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, disputes, serviceRequests, users } from '../../db/schema';
import { createTestApp, isPostgres, type TestApp } from '../../test/test-app';
import { getPlatformTrends } from './platform-trends.service';

// A Wednesday: its week began on Monday 2024-03-04, the twelfth week back on 2023-12-18.
const NOW = new Date('2024-03-06T12:00:00.000Z');
const WEEKS = weekBuckets(NOW);
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const at = (week: number, offsetMs = 0) => new Date(WEEKS[week]!.getTime() + offsetMs);
const beforeWindow = (offsetMs: number) => new Date(WEEKS[0]!.getTime() - offsetMs);

let t: TestApp;
let admin: { cookie: string; userId: string };
let customer: { cookie: string; userId: string };
let biz: { cookie: string; userId: string };
let rival: { cookie: string; userId: string };

async function signedUpAt(createdAt: Date) {
  await t.db.insert(users).values({
    id: randomUUID(),
    name: 'Trend Person',
    email: `trend-${randomUUID()}@example.com`,
    createdAt,
    updatedAt: createdAt,
  });
}

async function request(createdAt: Date) {
  const [row] = await t.db
    .insert(serviceRequests)
    .values({
      userId: customer.userId,
      serviceType: 'Plumbing',
      title: 'Leaking tap',
      description: 'The kitchen tap drips.',
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: serviceRequests.id });
  return row!.id;
}

type ResponseFields = Partial<typeof businessResponses.$inferInsert> & { createdAt: Date };

async function respond(requestId: string, businessUserId: string, fields: ResponseFields) {
  const [row] = await t.db
    .insert(businessResponses)
    .values({
      requestId,
      businessUserId,
      quotedPrice: '120.00',
      message: 'Happy to help.',
      updatedAt: fields.acceptedAt ?? fields.createdAt,
      ...fields,
    })
    .returning({ id: businessResponses.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp({ role: 'administrator' });
  customer = await t.signUp();
  biz = await t.signUp({ role: 'business_owner' });
  rival = await t.signUp({ role: 'business_owner' });
  // The weeks are UTC whatever the session's time zone (PGlite has one connection to set it on).
  if (!isPostgres()) await t.db.execute(sql`set time zone 'America/Los_Angeles'`);

  await signedUpAt(at(11, HOUR));
  await signedUpAt(at(11, DAY));
  await signedUpAt(at(3));
  await signedUpAt(beforeWindow(1000));

  const a = await request(at(11, HOUR));
  const b = await request(at(10, HOUR));
  const c = await request(at(10, 2 * HOUR));
  const d = await request(at(2));
  const old = await request(beforeWindow(2 * DAY));

  // Week 11: two quotes, two jobs completed (one contested), one booking cancelled.
  await respond(a, biz.userId, { createdAt: at(11, 2 * HOUR) });
  await respond(a, rival.userId, { createdAt: at(11, 4 * HOUR), status: 'rejected' });
  await respond(b, biz.userId, {
    createdAt: at(10, 3 * HOUR),
    status: 'accepted',
    acceptedAt: at(10, DAY),
    completionStatus: 'completed',
    completionDate: at(11, HOUR),
  });
  const contested = await respond(c, biz.userId, {
    createdAt: at(10, 3 * HOUR),
    status: 'accepted',
    acceptedAt: at(10, 2 * DAY),
    completionStatus: 'contested',
    completionDate: at(11, 2 * HOUR),
  });
  await t.db.insert(disputes).values({ responseId: contested, reason: 'The tap still drips.' });
  await respond(d, biz.userId, {
    createdAt: at(2),
    status: 'cancelled',
    acceptedAt: at(2, HOUR),
    completionStatus: 'cancelled',
    cancelledAt: at(11, 3 * HOUR),
    cancelledBy: 'customer',
    cancellationReason: 'no_longer_needed',
  });
  // Booked before the window, completed in week 1, contested then settled: still a contested completion.
  const settled = await respond(old, biz.userId, {
    createdAt: beforeWindow(DAY),
    status: 'accepted',
    acceptedAt: beforeWindow(HOUR),
    completionStatus: 'completed',
    completionDate: at(1, HOUR),
  });
  await t.db.insert(disputes).values({
    responseId: settled,
    reason: 'Scratched the sink.',
    status: 'resolved',
    resolvedAt: at(1, DAY),
  });
});

afterAll(async () => {
  await t.close();
});

const ZERO = {
  signups: 0,
  requests: 0,
  quotes: 0,
  bookings: 0,
  completed: 0,
  cancelled: 0,
  contested: 0,
  completionRate: null,
  contestRate: null,
};

describe('platform trends', () => {
  it('counts every series per UTC week, with the rates of the jobs that ended then', async () => {
    const { weeks } = PlatformTrendsSchema.parse(await getPlatformTrends(t.db, NOW));
    expect(weeks.map((w) => w.weekStart)).toEqual(WEEKS.map(weekKey));
    expect(weeks[11]).toEqual({
      ...ZERO,
      weekStart: '2024-03-04',
      signups: 2,
      requests: 1,
      quotes: 2,
      completed: 2,
      cancelled: 1,
      contested: 1,
      completionRate: 66.7,
      contestRate: 50,
    });
    expect(weeks[10]).toEqual({ ...ZERO, weekStart: '2024-02-26', requests: 2, quotes: 2, bookings: 2 });
    expect(weeks[3]).toEqual({ ...ZERO, weekStart: weekKey(WEEKS[3]!), signups: 1 });
    // The cancelled booking counts as a booking in the week it was made.
    expect(weeks[2]).toEqual({ ...ZERO, weekStart: weekKey(WEEKS[2]!), requests: 1, quotes: 1, bookings: 1 });
    expect(weeks[1]).toEqual({
      ...ZERO,
      weekStart: weekKey(WEEKS[1]!),
      completed: 1,
      contested: 1,
      completionRate: 100,
      contestRate: 100,
    });
    for (const i of [0, 4, 5, 6, 7, 8, 9])
      expect(weeks[i]).toEqual({ ...ZERO, weekStart: weekKey(WEEKS[i]!) });
  });
});

describe('GET /api/admin/trends', () => {
  it("answers administrators with twelve weeks ending this week, today's sign-ups in the last", async () => {
    const currentWeek = weekKey(weekStart(new Date()));
    const res = await t.inject({ url: '/api/admin/trends', cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const { weeks } = PlatformTrendsSchema.parse(res.json());
    expect(weeks).toHaveLength(TREND_WEEKS);
    // The four accounts this file signed up through the API (and any the tests added since).
    expect(weeks[11]!.weekStart).toBe(currentWeek);
    expect(weeks[11]!.signups).toBeGreaterThanOrEqual(4);
  });

  it('refuses customers, businesses and visitors', async () => {
    for (const cookie of [customer.cookie, biz.cookie]) {
      const res = await t.inject({ url: '/api/admin/trends', cookie });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await t.inject({ url: '/api/admin/trends' })).statusCode).toBe(401);
  });
});
