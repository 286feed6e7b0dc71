import { TWO_WAY_MESSAGES, type CustomerBooking, type ReviewEntry } from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, notifications, profiles, reviews, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Reviews both ways (issue 32): the business's review of the customer, double-blind, replies. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<TestApp['signUp']>>;

async function business(name: string) {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
  await t.db
    .update(profiles)
    .set({ serviceCategories: ['Gardening'], latitude: -33.879, longitude: 151.186, serviceAreaKm: 25 })
    .where(eq(profiles.userId, b.userId));
  return b;
}

async function postRequest(customer: Account) {
  const req = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'gardening',
      description: 'The lawn needs mowing and edging.',
      location: '12 Glebe Point Rd, Glebe NSW 2037',
      serviceAreaKm: 10,
      budget: 90,
    },
  });
  expect(req.statusCode, req.body).toBe(201);
  return req.json().id as string;
}

/** A completed job of `b` for `customer`, completed `daysAgo` days ago. */
async function completedJob(b: Account, customer: Account, daysAgo = 0) {
  const requestId = await postRequest(customer);
  const res = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: b.cookie,
    payload: { message: 'Mowing and edging on Saturday.', quotedPrice: 90, priceType: 'fixed' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const responseId = res.json().id as string;
  await t.db
    .update(businessResponses)
    .set({ status: 'accepted' })
    .where(eq(businessResponses.id, responseId));
  await t.db.update(serviceRequests).set({ status: 'assigned' }).where(eq(serviceRequests.id, requestId));
  const done = await t.inject({
    method: 'POST',
    url: `/api/business/jobs/${responseId}/complete`,
    cookie: b.cookie,
    payload: { requestReview: false },
  });
  expect(done.statusCode, done.body).toBe(200);
  if (daysAgo > 0) {
    const at = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
    await t.db
      .update(businessResponses)
      .set({ completionDate: at, contestDeadline: new Date(at.getTime() + 24 * 60 * 60 * 1000) })
      .where(eq(businessResponses.id, responseId));
  }
  return { requestId, responseId };
}

const reviewCustomer = (b: Account, responseId: string, rating: number, reviewText?: string) =>
  t.inject({
    method: 'POST',
    url: `/api/business/jobs/${responseId}/customer-review`,
    cookie: b.cookie,
    payload: { rating, reviewText },
  });
const reviewBusiness = (customer: Account, responseId: string, rating: number) =>
  t.inject({ method: 'POST', url: '/api/reviews', cookie: customer.cookie, payload: { responseId, rating } });
const mine = async (a: Account) => {
  const res = await t.inject({ url: '/api/reviews/mine', cookie: a.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: ReviewEntry[] }).items;
};
const ratingSeenByCustomer = async (customer: Account, responseId: string) =>
  (
    (
      await t.inject({ url: `/api/bookings/${responseId}`, cookie: customer.cookie })
    ).json() as CustomerBooking
  ).business;
const standing = async (b: Account, requestId: string) => {
  const res = await t.inject({
    url: `/api/business/requests/${requestId}/customer-standing`,
    cookie: b.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ratingAverage: number | null; reviewCount: number };
};

describe('reviews both ways, double-blind', () => {
  it('hides each side’s review until the other has written, then shows both', async () => {
    const b = await business('Blind Lawns');
    const customer = await t.signUp();
    const { responseId } = await completedJob(b, customer);

    // Before completion's job is reviewable only by its own business.
    const state = await t.inject({
      url: `/api/business/jobs/${responseId}/customer-review`,
      cookie: b.cookie,
    });
    expect(state.json()).toEqual({ canReview: true, review: null });

    expect((await reviewCustomer(b, responseId, 4, 'Clear instructions, paid on time.')).statusCode).toBe(
      201,
    );
    // The customer is told a review exists, never its stars, and sees nothing of it yet.
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.userId), eq(notifications.type, 'new_review')));
    expect(told!.message).toContain('It shows once you review them too');
    expect(told!.message).not.toMatch(/\d star/);
    expect(await mine(customer)).toEqual([]);
    const own = await mine(b);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ direction: 'of_customer', rating: 4, isRevealed: false, canReply: false });
    // A second review of the same job is refused.
    expect((await reviewCustomer(b, responseId, 5)).json().message).toBe(TWO_WAY_MESSAGES.alreadyReviewed);

    // The customer's review: both show now, and the business's rating counts it.
    expect((await ratingSeenByCustomer(customer, responseId)).reviewCount).toBe(0);
    expect((await reviewBusiness(customer, responseId, 2)).statusCode).toBe(201);
    expect(await ratingSeenByCustomer(customer, responseId)).toMatchObject({
      ratingAverage: 2,
      reviewCount: 1,
    });
    const ofCustomer = (await mine(customer)).find((r) => r.direction === 'of_customer');
    expect(ofCustomer).toMatchObject({
      rating: 4,
      reviewText: 'Clear instructions, paid on time.',
      canReply: true,
    });
    expect((await mine(b)).find((r) => r.direction === 'of_business')).toMatchObject({
      rating: 2,
      canReply: true,
    });
  });

  it('keeps a lone customer review out of every rating until 14 days after completion', async () => {
    const b = await business('Patient Lawns');
    const customer = await t.signUp();
    const { responseId } = await completedJob(b, customer);
    expect((await reviewBusiness(customer, responseId, 1)).statusCode).toBe(201);
    const notice = await t.db.select().from(notifications).where(eq(notifications.userId, b.userId));
    expect(notice.map((n) => n.message).join(' ')).not.toMatch(/\d stars?/);
    expect(await ratingSeenByCustomer(customer, responseId)).toMatchObject({
      ratingAverage: null,
      reviewCount: 0,
    });
    expect(await mine(b)).toEqual([]);
    const [stored] = await t.db.select().from(reviews).where(eq(reviews.responseId, responseId));
    const fourteenDays = stored!.revealedAt.getTime() - stored!.createdAt.getTime();
    expect(Math.round(fourteenDays / (24 * 60 * 60 * 1000))).toBe(14);

    // Once the time has come (here: moved back), it counts.
    await t.db
      .update(reviews)
      .set({ revealedAt: new Date(Date.now() - 1000) })
      .where(eq(reviews.responseId, responseId));
    expect(await ratingSeenByCustomer(customer, responseId)).toMatchObject({
      ratingAverage: 1,
      reviewCount: 1,
    });
  });

  it('shows both when both sides review at the same moment (the job lock orders them)', async () => {
    const b = await business('Racing Lawns');
    const customer = await t.signUp();
    const { responseId } = await completedJob(b, customer);
    const answers = await Promise.all([
      reviewCustomer(b, responseId, 5),
      reviewBusiness(customer, responseId, 4),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect((await mine(customer)).find((r) => r.direction === 'of_customer')?.isRevealed).toBe(true);
    expect((await mine(b)).find((r) => r.direction === 'of_business')?.isRevealed).toBe(true);
  });

  it('closes both sides’ reviews 14 days after completion, and the gate stops waiting', async () => {
    const b = await business('Late Lawns');
    const customer = await t.signUp();
    const { responseId } = await completedJob(b, customer, 15);
    // After the other's review may have shown, a review could answer it: neither side writes now.
    expect((await reviewCustomer(b, responseId, 1)).json().message).toBe(TWO_WAY_MESSAGES.windowClosed);
    expect((await reviewBusiness(customer, responseId, 1)).json().message).toBe(
      TWO_WAY_MESSAGES.windowClosed,
    );
    const state = await t.inject({
      url: `/api/business/jobs/${responseId}/customer-review`,
      cookie: b.cookie,
    });
    expect(state.json()).toEqual({ canReview: false, review: null });
    const pending = await t.inject({ url: '/api/reviews/pending', cookie: customer.cookie });
    expect((pending.json() as { items: unknown[] }).items).toEqual([]);
    expect(await ratingSeenByCustomer(customer, responseId)).toMatchObject({ reviewCount: 0 });
  });

  it('lets only the reviewed party reply, once, and only to a review that shows', async () => {
    const b = await business('Reply Lawns');
    const customer = await t.signUp();
    const other = await t.signUp();
    const { responseId } = await completedJob(b, customer);
    await reviewCustomer(b, responseId, 3);
    const [hidden] = await mine(b);
    const reply = (a: Account, id: string, text: unknown) =>
      t.inject({ method: 'POST', url: `/api/reviews/${id}/reply`, cookie: a.cookie, payload: { text } });
    // Not shown yet: the customer cannot learn of it by replying.
    expect((await reply(customer, hidden!.id, 'Thanks')).statusCode).toBe(404);
    await reviewBusiness(customer, responseId, 5);
    expect((await reply(other, hidden!.id, 'Not mine')).statusCode).toBe(404);
    expect((await reply(b, hidden!.id, 'My own')).statusCode).toBe(404);
    expect((await reply(customer, hidden!.id, '   ')).statusCode).toBe(400);
    expect((await reply(customer, hidden!.id, 'Thanks, it was a pleasure.')).statusCode).toBe(204);
    expect((await reply(customer, hidden!.id, 'Again')).json().message).toBe(TWO_WAY_MESSAGES.alreadyReplied);
    expect((await mine(b)).find((r) => r.id === hidden!.id)?.reply?.text).toBe('Thanks, it was a pleasure.');
    expect((await reply(customer, 'not-a-uuid', 'x')).statusCode).toBe(404);
  });

  it('shows businesses the customer’s standing on their next request, counting only shown reviews', async () => {
    const b = await business('Standing Lawns');
    const next = await business('Next Lawns');
    const customer = await t.signUp();
    const { responseId } = await completedJob(b, customer);
    await reviewCustomer(b, responseId, 4);
    // The review gate: the customer reviews the job before asking for more work.
    expect((await reviewBusiness(customer, responseId, 5)).statusCode).toBe(201);
    const requestId = await postRequest(customer);
    expect(await standing(next, requestId)).toEqual({ ratingAverage: 4, reviewCount: 1 });
    // A customer account, or a request the business may not see, is refused.
    const stranger = await t.inject({
      url: `/api/business/requests/${requestId}/customer-standing`,
      cookie: customer.cookie,
    });
    expect(stranger.statusCode).toBe(403);
  });

  it('refuses a review of a job that is not completed, or not the business’s', async () => {
    const b = await business('Early Lawns');
    const other = await business('Other Lawns');
    const customer = await t.signUp();
    const { responseId } = await completedJob(b, customer);
    expect((await reviewCustomer(other, responseId, 4)).statusCode).toBe(404);
    expect((await reviewCustomer(customer, responseId, 4)).statusCode).toBe(403);
    await t.db
      .update(businessResponses)
      .set({ completionStatus: 'contested' })
      .where(eq(businessResponses.id, responseId));
    expect((await reviewCustomer(b, responseId, 4)).json().message).toBe(TWO_WAY_MESSAGES.notReviewable);
    expect((await reviewCustomer(b, 'nope', 4)).statusCode).toBe(404);
    expect((await reviewCustomer(b, responseId, 9)).statusCode).toBe(400);
  });
});
