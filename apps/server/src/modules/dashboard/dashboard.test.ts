import { type BusinessDashboard, type DashboardMetric, type DashboardPage } from '@grip/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, profiles, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let customer: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signUp({ name: 'Casey Customer' });
});
afterAll(async () => {
  await t.close();
});

// Each test uses its own service type so requests of other tests never match its business.
let typeCounter = 0;
const uniqueType = () => `Dashboard Service ${++typeCounter}`;

async function business(categories: string[]) {
  const biz = await t.signUp({ role: 'business_owner' });
  await t.db.update(profiles).set({ serviceCategories: categories }).where(eq(profiles.userId, biz.userId));
  return biz;
}

async function request(serviceType: string, createdDaysAgo = 0) {
  const [row] = await t.db
    .insert(serviceRequests)
    .values({
      userId: customer.userId,
      serviceType,
      title: `Need ${serviceType}`,
      description: 'Please help with this job soon.',
      areaLabel: 'Glebe NSW',
      createdAt: sql`now() - make_interval(days => ${createdDaysAgo})`,
    })
    .returning({ id: serviceRequests.id });
  return row!.id;
}

interface ResponseAge {
  status?: 'pending' | 'accepted' | 'rejected' | 'declined';
  price?: string;
  createdDaysAgo?: number;
  updatedDaysAgo?: number;
  acceptedDaysAgo?: number;
  /** Completed this many days ago, its 24 h contest window starting then. */
  completedDaysAgo?: number;
  completionStatus?: 'contested';
}

async function respond(requestId: string, businessUserId: string, age: ResponseAge = {}) {
  const created = age.createdDaysAgo ?? 0;
  const [row] = await t.db
    .insert(businessResponses)
    .values({
      requestId,
      businessUserId,
      quotedPrice: age.price ?? '100',
      message: 'Happy to help with it',
      status: age.status ?? 'pending',
      agreedRequestVersion: await t.requestVersion(requestId),
      createdAt: sql`now() - make_interval(days => ${created})`,
      updatedAt: sql`now() - make_interval(days => ${age.updatedDaysAgo ?? created})`,
      ...(age.acceptedDaysAgo !== undefined
        ? { acceptedAt: sql`now() - make_interval(days => ${age.acceptedDaysAgo})` }
        : {}),
      ...(age.completedDaysAgo !== undefined
        ? {
            completionStatus: 'completed' as const,
            completionDate: sql`now() - make_interval(secs => ${age.completedDaysAgo * 86400})`,
            contestDeadline: sql`now() - make_interval(secs => ${(age.completedDaysAgo - 1) * 86400})`,
          }
        : {}),
      ...(age.completionStatus ? { completionStatus: age.completionStatus } : {}),
    })
    .returning({ id: businessResponses.id });
  return row!.id;
}

async function dashboard(cookie: string) {
  const res = await t.inject({ url: '/api/business/dashboard', cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BusinessDashboard;
}
async function page(cookie: string, url: string) {
  const res = await t.inject({ url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DashboardPage;
}
const declined = (cookie: string, cursor?: string) =>
  page(cookie, `/api/business/dashboard/declined${cursor ? `?cursor=${cursor}` : ''}`);
const metric = (d: BusinessDashboard, key: DashboardMetric['key']) => d.metrics.find((m) => m.key === key)!;

describe('GET /api/business/dashboard', () => {
  it('counts each metric over the last 30 days against the 30 before, with real trends', async () => {
    const type = uniqueType();
    const biz = await business([type]);
    const other = await business([type]);
    // Received: 3 requests now, 1 in the previous window, 1 older than 60 days.
    const r = [await request(type, 1), await request(type, 2), await request(type, 3)];
    const old = await request(type, 40);
    await request(type, 70);
    // Responded: 2 in the current window (one pending, one won), 2 in the previous one.
    await respond(r[0]!, biz.userId, { status: 'pending', createdDaysAgo: 1 });
    await respond(r[1]!, biz.userId, {
      status: 'accepted',
      createdDaysAgo: 2,
      acceptedDaysAgo: 1,
      updatedDaysAgo: 1,
    });
    await respond(old, biz.userId, { status: 'declined', price: '80.50', createdDaysAgo: 35 });
    // Accepted 40 days ago, completed (and so last updated) 5 days ago: the win stays in the previous
    // window, the completion falls in this one.
    const done = await request(type, 45);
    await respond(done, biz.userId, {
      status: 'accepted',
      price: '250.25',
      createdDaysAgo: 45,
      acceptedDaysAgo: 40,
      updatedDaysAgo: 5,
      completedDaysAgo: 5,
    });
    // Another business's rows are never counted.
    await respond(r[2]!, other.userId, { status: 'rejected', price: '999' });

    const d = await dashboard(biz.cookie);
    expect(metric(d, 'received')).toMatchObject({
      value: 6,
      current: 3,
      previous: 2,
      trend: { direction: 'up', percent: 50 },
    });
    expect(metric(d, 'responded')).toMatchObject({
      value: 4,
      current: 2,
      previous: 2,
      trend: { direction: 'flat', percent: 0 },
    });
    expect(metric(d, 'pending')).toMatchObject({ value: 1, trend: { direction: 'up', percent: 'new' } });
    expect(metric(d, 'won')).toMatchObject({ value: 2, current: 1, previous: 1 });
    expect(metric(d, 'completed')).toMatchObject({ value: 1, current: 1, previous: 0 });
    // Earned: both accepted quotes (100 + 250.25), each dated by its acceptance.
    expect(metric(d, 'earned')).toMatchObject({ value: '350.25', current: '100.00', previous: '250.25' });
    expect(metric(d, 'potentialLost')).toMatchObject({
      value: '80.50',
      current: '0.00',
      previous: '80.50',
      trend: { direction: 'down', percent: -100 },
    });
    expect(d.metrics.map((m) => m.key)).toEqual([
      'received',
      'responded',
      'won',
      'pending',
      'earned',
      'potentialLost',
      'completed',
    ]);

    expect(d.confirmed.map((j) => j.requestId)).toEqual([r[1]]);
    expect(d.completed).toMatchObject([{ requestId: done, amount: '250.25', title: `Need ${type}` }]);
    expect(await declined(biz.cookie)).toMatchObject({
      items: [{ requestId: old, amount: '80.50', status: 'declined' }],
      nextCursor: null,
    });

    const theirs = await dashboard(other.cookie);
    expect(metric(theirs, 'potentialLost').value).toBe('999.00');
    expect(metric(theirs, 'responded').value).toBe(1);
  });

  it('keeps Confirmed Bookings and Completed Jobs to 6 each', async () => {
    const type = uniqueType();
    const biz = await business([type]);
    for (let i = 0; i < 7; i++) {
      await respond(await request(type), biz.userId, { status: 'accepted', updatedDaysAgo: i });
      await respond(await request(type), biz.userId, { status: 'accepted', completedDaysAgo: i });
    }
    const d = await dashboard(biz.cookie);
    expect(d.confirmed).toHaveLength(6);
    expect(d.completed).toHaveLength(6);
    expect(metric(d, 'won').value).toBe(14);
  });

  it('is for business owners only', async () => {
    const res = await t.inject({ url: '/api/business/dashboard', cookie: customer.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only business accounts have a dashboard.');
    expect((await t.inject({ url: '/api/business/dashboard' })).statusCode).toBe(401);
  });
});

describe('GET /api/business/dashboard/metrics/:metric', () => {
  it('lists the rows a metric counts, newest first, never another business’s', async () => {
    const type = uniqueType();
    const biz = await business([type]);
    const other = await business([type]);
    const a = await request(type, 3);
    const b = await request(type, 1);
    await respond(a, biz.userId, { status: 'rejected', createdDaysAgo: 3 });
    await respond(b, biz.userId, { status: 'declined', createdDaysAgo: 1, price: '12.3' });
    await respond(b, other.userId, { status: 'rejected' });

    const lost = await t.inject({ url: '/api/business/dashboard/metrics/potentialLost', cookie: biz.cookie });
    expect(lost.statusCode, lost.body).toBe(200);
    const list = lost.json() as DashboardPage;
    expect(list.items.map((i) => i.requestId)).toEqual([b, a]);
    expect(list.items[0]!.amount).toBe('12.30');
    expect(list.nextCursor).toBeNull();

    const received = await page(biz.cookie, '/api/business/dashboard/metrics/received');
    expect(received.items.map((i) => i.id)).toEqual([b, a]);
    expect(received.items[0]!.amount).toBeNull();
  });

  it('pages through every row, newest first, without repeats', async () => {
    const type = uniqueType();
    const biz = await business([type]);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++)
      ids.push(await respond(await request(type), biz.userId, { status: 'rejected' }));
    const first = await page(biz.cookie, '/api/business/dashboard/metrics/potentialLost');
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toBe(first.items[19]!.id);
    const second = await page(
      biz.cookie,
      `/api/business/dashboard/metrics/potentialLost?cursor=${first.nextCursor}`,
    );
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items].map((i) => i.id);
    expect(new Set(seen).size).toBe(23);
    expect([...seen].sort()).toEqual([...ids].sort());
    // The same rows rank the same way in Declined Requests.
    const declinedFirst = await declined(biz.cookie);
    expect(declinedFirst.items.map((i) => i.id)).toEqual(first.items.map((i) => i.id));
    expect((await declined(biz.cookie, declinedFirst.nextCursor!)).items).toHaveLength(3);
  });

  it('refuses a cursor that is not one of the business’s rows, in plain words', async () => {
    const type = uniqueType();
    const biz = await business([type]);
    const other = await business([type]);
    const theirs = await respond(await request(type), other.userId, { status: 'rejected' });
    for (const cursor of [theirs, 'not-a-cursor', '00000000-0000-4000-8000-000000000000']) {
      const res = await t.inject({
        url: `/api/business/dashboard/declined?cursor=${cursor}`,
        cookie: biz.cookie,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This list has changed since it was loaded. Please reload it.');
    }
  });

  it('lists as received only requests the business may see: open, or answered by it', async () => {
    const type = uniqueType();
    const biz = await business([type]);
    const open = await request(type, 1);
    const answered = await request(type, 2);
    await respond(answered, biz.userId, { status: 'rejected', createdDaysAgo: 2 });
    const closedUnanswered = await request(type, 3);
    const archivedUnanswered = await request(type, 4);
    await t.db
      .update(serviceRequests)
      .set({ status: 'assigned' })
      .where(eq(serviceRequests.id, closedUnanswered));
    await t.db.update(serviceRequests).set({ status: 'assigned' }).where(eq(serviceRequests.id, answered));
    await t.db
      .update(serviceRequests)
      .set({ archivedAt: new Date() })
      .where(eq(serviceRequests.id, archivedUnanswered));
    const received = await page(biz.cookie, '/api/business/dashboard/metrics/received');
    expect(received.items.map((i) => i.id)).toEqual([open, answered]);
    expect(metric(await dashboard(biz.cookie), 'received').value).toBe(2);
    // A cursor on a request that left the list is refused, not answered with a silent end.
    const res = await t.inject({
      url: `/api/business/dashboard/metrics/received?cursor=${closedUnanswered}`,
      cookie: biz.cookie,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an unknown metric with 400', async () => {
    const biz = await business([uniqueType()]);
    const res = await t.inject({ url: '/api/business/dashboard/metrics/profit', cookie: biz.cookie });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/business/responses/archive-old', () => {
  const archive = (cookie: string, daysOld: unknown) =>
    t.inject({ method: 'POST', url: '/api/business/responses/archive-old', cookie, payload: { daysOld } });

  it('archives own responses older than N days that are out of play, leaving the customer’s side alone', async () => {
    const type = uniqueType();
    const biz = await business([type]);
    const other = await business([type]);
    const oldPending = await respond(await request(type), biz.userId, { createdDaysAgo: 10 });
    const oldLost = await respond(await request(type), biz.userId, {
      status: 'rejected',
      createdDaysAgo: 40,
    });
    const oldDone = await respond(await request(type), biz.userId, {
      status: 'accepted',
      createdDaysAgo: 50,
      completedDaysAgo: 20,
    });
    // Completed an hour ago: the customer can still contest, so it stays.
    const justDone = await respond(await request(type), biz.userId, {
      status: 'accepted',
      createdDaysAgo: 30,
      completedDaysAgo: 1 / 24,
    });
    const contested = await respond(await request(type), biz.userId, {
      status: 'accepted',
      createdDaysAgo: 30,
      completionStatus: 'contested',
    });
    const liveJob = await respond(await request(type), biz.userId, {
      status: 'accepted',
      createdDaysAgo: 30,
    });
    const recent = await respond(await request(type), biz.userId, { createdDaysAgo: 2 });
    const theirs = await respond(await request(type), other.userId, { createdDaysAgo: 90 });

    const res = await archive(biz.cookie, 7);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ archived: 3 });

    const rows = Object.fromEntries(
      (
        await t.db
          .select({
            id: businessResponses.id,
            archivedAt: businessResponses.archivedAt,
            completion: businessResponses.completionStatus,
          })
          .from(businessResponses)
      ).map((row) => [row.id, row]),
    );
    for (const id of [oldPending, oldLost, oldDone]) expect(rows[id]!.archivedAt).not.toBeNull();
    for (const id of [justDone, contested, liveJob, recent, theirs]) expect(rows[id]!.archivedAt).toBeNull();
    // The shared statuses the customer reads are untouched.
    expect(rows[oldDone]!.completion).toBe('completed');
    expect(rows[oldPending]!.completion).toBe('pending');
    const history = await t.inject({ url: '/api/bookings?section=history', cookie: customer.cookie });
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain(oldDone);

    // Archived rows leave the working lists; the metrics are history and still count them.
    const d = await dashboard(biz.cookie);
    expect(metric(d, 'responded').value).toBe(7);
    expect(d.completed.map((j) => j.id)).toEqual([justDone]);
    expect((await declined(biz.cookie)).items).toEqual([]);
    // 0 archives everything else that is out of play (the recent offer), and nothing twice.
    expect((await archive(biz.cookie, 0)).json()).toEqual({ archived: 1 });
    expect((await archive(biz.cookie, 0)).json()).toEqual({ archived: 0 });
  });

  it('brings an archived offer back to the business’s lists when the customer books it', async () => {
    const type = uniqueType();
    const biz = await business([type]);
    const offer = await respond(await request(type), biz.userId, { createdDaysAgo: 10 });
    expect((await archive(biz.cookie, 7)).json()).toEqual({ archived: 1 });
    const confirmed = await t.confirmOffer(customer.cookie, offer);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const d = await dashboard(biz.cookie);
    expect(d.confirmed.map((j) => j.id)).toEqual([offer]);
    expect(metric(d, 'won').current).toBe(1);
  });

  it('brings an archived offer back when the customer sends a counter offer on it', async () => {
    const type = uniqueType();
    const biz = await business([type]);
    const offer = await respond(await request(type), biz.userId, { createdDaysAgo: 10 });
    expect((await archive(biz.cookie, 7)).json()).toEqual({ archived: 1 });
    const countered = await t.inject({
      method: 'POST',
      url: `/api/offers/${offer}/counter-offer`,
      cookie: customer.cookie,
      payload: { quotedPrice: 80, message: 'Could you do it for $80?' },
    });
    expect(countered.statusCode, countered.body).toBe(200);
    const [row] = await t.db
      .select({ archivedAt: businessResponses.archivedAt })
      .from(businessResponses)
      .where(eq(businessResponses.id, offer));
    expect(row!.archivedAt).toBeNull();
    const opportunities = await t.inject({ url: '/api/business/opportunities', cookie: biz.cookie });
    expect(JSON.stringify(opportunities.json())).toContain(offer);
  });

  it('validates the age and is for business owners only', async () => {
    const biz = await business([uniqueType()]);
    expect((await archive(biz.cookie, -1)).statusCode).toBe(400);
    expect((await archive(biz.cookie, 'soon')).statusCode).toBe(400);
    expect((await archive(customer.cookie, 7)).statusCode).toBe(403);
  });
});
