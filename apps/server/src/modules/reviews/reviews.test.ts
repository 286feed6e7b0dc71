import { REVIEW_MESSAGES } from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, notifications, profiles, reviews } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function business(name = 'Tidy Gardens') {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
  await t.db
    .update(profiles)
    .set({ serviceCategories: ['Gardening'], latitude: -33.879, longitude: 151.186, serviceAreaKm: 25 })
    .where(eq(profiles.userId, b.userId));
  return b;
}

/** A job of a new customer with this business, accepted and — unless told otherwise — completed. */
async function job(b: { cookie: string }, completion: 'completed' | 'pending' | 'contested' = 'completed') {
  const customer = await t.signUp();
  const req = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'gardening',
      description: 'The hedges need trimming before the weekend.',
      location: '5 Derwent St, Glebe NSW 2037',
      serviceAreaKm: 10,
      budget: 120,
    },
  });
  expect(req.statusCode, req.body).toBe(201);
  const requestId = req.json().id as string;
  const res = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: b.cookie,
    payload: { message: 'I can trim them on Friday morning.', quotedPrice: 120, priceType: 'fixed' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const responseId = res.json().id as string;
  await t.db
    .update(businessResponses)
    .set({
      status: 'accepted',
      completionStatus: completion,
      completionDate: completion === 'pending' ? null : new Date(),
    })
    .where(eq(businessResponses.id, responseId));
  return { requestId, responseId, customer };
}

const review = (cookie: string, payload: unknown) =>
  t.inject({ method: 'POST', url: '/api/reviews', cookie, payload });

const pending = async (cookie: string) => {
  const res = await t.inject({ url: '/api/reviews/pending', cookie });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { responseId: string; businessName: string }[] }).items;
};

describe('the review gate', () => {
  it('lists completed unreviewed jobs, blocks new requests until they are reviewed, then lets them through', async () => {
    const b = await business('Hedge Heroes');
    const { responseId, customer } = await job(b);
    expect(await pending(customer.cookie)).toEqual([
      expect.objectContaining({ responseId, businessName: 'Hedge Heroes' }),
    ]);

    const blocked = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: {
        serviceType: 'Cleaning',
        description: 'A bond clean of a two-bedroom flat.',
        location: 'Glebe NSW',
        serviceAreaKm: 5,
        budget: 300,
      },
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(REVIEW_MESSAGES.gateBanner);

    const res = await review(customer.cookie, { responseId, rating: 5, reviewText: '  Spotless work.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ rating: 5, reviewText: 'Spotless work.' });
    expect(await pending(customer.cookie)).toEqual([]);

    // The business hears about it, but not the stars: the review shows once it has reviewed the
    // customer too, or 14 days on (double-blind, issue 32).
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.userId), eq(notifications.type, 'new_review')));
    expect(note?.message).toContain('It shows once you review them too');
    expect(note?.message).not.toContain('5 stars');
  });

  it('does not gate jobs that are not completed or are contested', async () => {
    const b = await business();
    const open = await job(b, 'pending');
    const contested = await job(b, 'contested');
    expect(await pending(open.customer.cookie)).toEqual([]);
    expect(await pending(contested.customer.cookie)).toEqual([]);
    const a = await review(open.customer.cookie, { responseId: open.responseId, rating: 4 });
    expect(a.statusCode).toBe(409);
    expect(a.json().message).toBe(REVIEW_MESSAGES.notReviewable);
    const c = await review(contested.customer.cookie, { responseId: contested.responseId, rating: 4 });
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toBe(REVIEW_MESSAGES.contested);
  });
});

describe('POST /api/reviews', () => {
  it('is only for the job’s customer: another customer, the business and strangers get 404 or 401', async () => {
    const b = await business();
    const { responseId } = await job(b);
    const stranger = await t.signUp();
    for (const cookie of [stranger.cookie, b.cookie]) {
      const res = await review(cookie, { responseId, rating: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REVIEW_MESSAGES.notFound);
    }
    expect((await review('', { responseId, rating: 5 })).statusCode).toBe(401);
    expect((await review(stranger.cookie, { responseId: 'not-a-uuid', rating: 5 })).statusCode).toBe(404);
  });

  it('requires a rating of 1 to 5 and text up to 1000 characters, with clear messages', async () => {
    const b = await business();
    const { responseId, customer } = await job(b);
    for (const payload of [
      { responseId, rating: 0 },
      { responseId, rating: 6 },
      { responseId },
      { responseId, rating: 3, reviewText: 'x'.repeat(1001) },
    ]) {
      const res = await review(customer.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const blank = await review(customer.cookie, { responseId, rating: 3, reviewText: '   ' });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().reviewText).toBeNull();
  });

  it('takes one review per job even when ten are sent at once, and the rating shows on the business', async () => {
    const b = await business('Rated Gardens');
    const { responseId, customer } = await job(b);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => review(customer.cookie, { responseId, rating: 4 })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(REVIEW_MESSAGES.alreadyReviewed);
    }
    const stored = await t.db.select().from(reviews).where(eq(reviews.responseId, responseId));
    expect(stored).toHaveLength(1);

    const second = await job(b);
    expect(
      (await review(second.customer.cookie, { responseId: second.responseId, rating: 5 })).statusCode,
    ).toBe(201);
    // The business's own profile (the dashboard's card) carries the real figure — of the reviews that
    // show: none until the double-blind window passes (here: moved back), then both.
    const ratingOf = async () => {
      const profile = await t.inject({ url: '/api/business-profile', cookie: b.cookie });
      expect(profile.statusCode, profile.body).toBe(200);
      return profile.json().rating as unknown;
    };
    expect(await ratingOf()).toEqual({ average: null, count: 0 });
    await t.db
      .update(reviews)
      .set({ revealedAt: new Date(Date.now() - 1000) })
      .where(eq(reviews.businessUserId, b.userId));
    expect(await ratingOf()).toEqual({ average: 4.5, count: 2 });
  });
});
