/**
 * request_activity (drizzle/0016): the last activity of every request, kept by triggers so My
 * Requests' Active list is read through an index. It must always equal the figure worked out from
 * the request and its quotes, whatever changes them.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, requestActivity, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);

async function post(cookie: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie,
    payload: {
      serviceType: 'Gardening',
      description: 'The hedges along the back fence need a trim before summer.',
      location: '12 Crown St, Surry Hills NSW 2010',
      latitude: -33.8847,
      longitude: 151.2113,
      serviceAreaKm: 10,
      budget: 120,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const kept = async (requestId: string) =>
  (await t.db.select().from(requestActivity).where(eq(requestActivity.requestId, requestId)))[0]
    ?.lastActivityAt ?? null;

/** Every request whose kept figure differs from the one worked out afresh (none, always). */
const drifted = () =>
  t.db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .leftJoin(requestActivity, eq(requestActivity.requestId, serviceRequests.id))
    .where(
      sql`${requestActivity.lastActivityAt} is distinct from greatest(${serviceRequests.updatedAt},
        (select max(greatest(br.created_at, br.updated_at)) from business_responses br
          where br.request_id = ${serviceRequests.id}))`,
    );

describe('request activity', () => {
  it('follows the request and its quotes, forwards and back, and never drifts', async () => {
    const customer = await t.signUp();
    const id = await post(customer.cookie);
    const created = await kept(id);
    expect(created).not.toBeNull();

    // Aged: the request's own dates moved back (as the tests and an import do).
    await t.db
      .update(serviceRequests)
      .set({ createdAt: hoursAgo(72), updatedAt: hoursAgo(72) })
      .where(eq(serviceRequests.id, id));
    expect((await kept(id))!.getTime()).toBeCloseTo(hoursAgo(72).getTime(), -4);

    // A quote now makes it active again.
    const b = await t.signUp({ role: 'business_owner' });
    const [quote] = await t.db
      .insert(businessResponses)
      .values({ requestId: id, businessUserId: b.userId, quotedPrice: '90.00', message: 'Can do Friday.' })
      .returning();
    expect((await kept(id))!.getTime()).toBeGreaterThan(hoursAgo(1).getTime());

    // The quote moved back, then removed: the figure goes back with it.
    await t.db
      .update(businessResponses)
      .set({ createdAt: hoursAgo(50), updatedAt: hoursAgo(50) })
      .where(eq(businessResponses.id, quote!.id));
    expect((await kept(id))!.getTime()).toBeCloseTo(hoursAgo(50).getTime(), -4);
    await t.db.delete(businessResponses).where(eq(businessResponses.id, quote!.id));
    expect((await kept(id))!.getTime()).toBeCloseTo(hoursAgo(72).getTime(), -4);

    expect(await drifted()).toEqual([]);
  });

  it('goes with its request', async () => {
    const customer = await t.signUp();
    const id = await post(customer.cookie);
    await t.db.delete(serviceRequests).where(eq(serviceRequests.id, id));
    expect(await kept(id)).toBeNull();
    expect(await drifted()).toEqual([]);
  });

  it('splits My Requests as the figure worked out afresh would', async () => {
    const customer = await t.signUp();
    const recent = await post(customer.cookie);
    const stale = await post(customer.cookie);
    await t.db
      .update(serviceRequests)
      .set({ createdAt: hoursAgo(100), updatedAt: hoursAgo(100) })
      .where(eq(serviceRequests.id, stale));
    const list = async (section: string) => {
      const res = await t.inject({ url: `/api/requests?section=${section}`, cookie: customer.cookie });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: { id: string }[] }).items.map((i) => i.id);
    };
    expect(await list('active')).toEqual([recent]);
    expect(await list('expired')).toEqual([stale]);
    // Someone else's requests never enter the list, however recent.
    const other = await t.signUp();
    await post(other.cookie);
    expect(await list('active')).toEqual([recent]);
  });
});
