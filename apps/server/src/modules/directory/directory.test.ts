import { shownDistanceKm } from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, profiles, reviews, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function business(
  name: string,
  at: { latitude: number; longitude: number } | null,
  address: string,
  areaLabel: string | null = null,
) {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
  await t.db
    .update(profiles)
    .set({
      latitude: at?.latitude ?? null,
      longitude: at?.longitude ?? null,
      address,
      areaLabel,
      phone: '+61 400 000 000',
      serviceCategories: ['Plumbing'],
    })
    .where(eq(profiles.userId, b.userId));
  return b;
}

async function review(businessUserId: string, rating: number) {
  const customer = await t.signUp();
  const [request] = await t.db
    .insert(serviceRequests)
    .values({ userId: customer.userId, serviceType: 'Plumbing', title: 't', description: 'd' })
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

describe('discover local businesses', () => {
  it('lists real businesses nearest first, then best rated, with public details only', async () => {
    const far = await business(
      'Far Plumbing',
      { latitude: -33.7, longitude: 151.2 },
      '1 Far Rd, Hornsby NSW 2077',
    );
    const near = await business(
      'Near Plumbing',
      { latitude: -33.885, longitude: 151.211 },
      '9 Crown St, Surry Hills NSW 2010',
      'Surry Hills NSW',
    );
    const nowhereGood = await business('Top Rated Plumbing', null, 'Parramatta NSW 2150');
    const nowhereOk = await business('Okay Plumbing', null, 'Penrith NSW 2750');
    await review(nowhereGood.userId, 5);
    await review(nowhereGood.userId, 4);
    await review(nowhereOk.userId, 3);
    const { cookie } = await t.signUp();

    const res = await t.inject({
      url: '/api/businesses/discover?latitude=-33.8847&longitude=151.2113',
      cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as {
      userId: string;
      distanceKm: number | null;
      ratingAverage: number | null;
      reviewCount: number;
      areaLabel: string;
    }[];
    expect(list.map((b) => b.userId)).toEqual([
      near.userId,
      far.userId,
      nowhereGood.userId,
      nowhereOk.userId,
    ]);
    // Measured between public points (decision 018): 0.03 km apart, but in neighbouring cells.
    expect(list[0]!.distanceKm).toBe(
      shownDistanceKm({ latitude: -33.8847, longitude: 151.2113 }, { latitude: -33.885, longitude: 151.211 }),
    );
    expect(list[0]!.distanceKm).toBe(1);
    expect(list[0]!.areaLabel).toBe('Surry Hills NSW');
    // Whole kilometres only.
    expect(Number.isInteger(list[1]!.distanceKm)).toBe(true);
    expect(list[2]).toMatchObject({ ratingAverage: 4.5, reviewCount: 2, distanceKm: null });
    expect(res.body).not.toContain('+61');
    expect(res.body).not.toContain('Crown St');
    expect(res.body).not.toContain('@');
  });

  it('needs a session and valid coordinates', async () => {
    expect((await t.inject({ url: '/api/businesses/discover' })).statusCode).toBe(401);
    const { cookie } = await t.signUp();
    expect(
      (await t.inject({ url: '/api/businesses/discover?latitude=500&longitude=1', cookie })).statusCode,
    ).toBe(400);
  });
});
