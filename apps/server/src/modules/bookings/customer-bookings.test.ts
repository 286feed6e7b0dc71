import { BOOKING_MESSAGES, REVIEW_MESSAGES, type CustomerBooking } from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, notifications, profiles, reviews, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contestCompletion } from './customer-bookings.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ADDRESS = '12 Glebe Point Rd, Glebe NSW 2037';

async function business(name = 'Leafy Lawns') {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
  await t.db
    .update(profiles)
    .set({
      serviceCategories: ['Gardening'],
      latitude: -33.879,
      longitude: 151.186,
      serviceAreaKm: 25,
      phone: '+61 400 000 111',
    })
    .where(eq(profiles.userId, b.userId));
  return b;
}

/** A request of `customer` with the business's accepted quote; completed through the API when asked. */
async function booking(
  b: { cookie: string },
  customer: { cookie: string },
  options: { complete?: boolean; price?: number } = {},
) {
  const req = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: {
      serviceType: 'Home & Property Services',
      serviceSubtype: 'gardening',
      description: 'The lawn needs mowing and edging.',
      location: ADDRESS,
      serviceAreaKm: 10,
      budget: 90,
    },
  });
  expect(req.statusCode, req.body).toBe(201);
  const requestId = req.json().id as string;
  const res = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: b.cookie,
    payload: {
      message: 'Mowing and edging on Saturday.',
      quotedPrice: options.price ?? 90,
      priceType: 'fixed',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const responseId = res.json().id as string;
  await t.db
    .update(businessResponses)
    .set({ status: 'accepted' })
    .where(eq(businessResponses.id, responseId));
  await t.db.update(serviceRequests).set({ status: 'assigned' }).where(eq(serviceRequests.id, requestId));
  if (options.complete) {
    const done = await t.inject({
      method: 'POST',
      url: `/api/business/jobs/${responseId}/complete`,
      cookie: b.cookie,
      payload: { requestReview: false },
    });
    expect(done.statusCode, done.body).toBe(200);
  }
  return { requestId, responseId };
}

const list = async (cookie: string, query: string) => {
  const res = await t.inject({ url: `/api/bookings${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: CustomerBooking[]; nextCursor: string | null };
};
const contest = (cookie: string, id: string, reason: unknown) =>
  t.inject({ method: 'POST', url: `/api/bookings/${id}/contest`, cookie, payload: { reason } });
const review = (cookie: string, responseId: string, rating: number) =>
  t.inject({ method: 'POST', url: '/api/reviews', cookie, payload: { responseId, rating } });
/**
 * Ends a contest the way issue 32 does: the business answers its dispute (an offer to fix, or an
 * explanation) and the customer accepts the answer. Answers the customer's acceptance.
 */
async function settle(
  b: { cookie: string },
  customer: { cookie: string },
  responseId: string,
  kind: 'fix_offered' | 'explanation',
) {
  const disputeId = (await bookingOf(customer.cookie, responseId)).dispute!.id;
  const answered = await t.inject({
    method: 'POST',
    url: `/api/disputes/${disputeId}/answer`,
    cookie: b.cookie,
    payload: { seenStatus: 'awaiting_business', kind, text: 'I will come back and finish the edges.' },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  return t.inject({
    method: 'POST',
    url: `/api/disputes/${disputeId}/accept`,
    cookie: customer.cookie,
    payload: { seenStatus: 'awaiting_customer' },
  });
}
const complete = (cookie: string, id: string) =>
  t.inject({
    method: 'POST',
    url: `/api/business/jobs/${id}/complete`,
    cookie,
    payload: { requestReview: false },
  });
/** The business rates the customer back (issue 32): both sides' reviews then show. */
const reviewBack = async (b: { cookie: string }, responseId: string) => {
  const res = await t.inject({
    method: 'POST',
    url: `/api/business/jobs/${responseId}/customer-review`,
    cookie: b.cookie,
    payload: { rating: 5 },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const bookingOf = async (cookie: string, id: string) =>
  (await t.inject({ url: `/api/bookings/${id}`, cookie })).json() as CustomerBooking;
const summaryOf = async (cookie: string) => (await t.inject({ url: '/api/bookings/summary', cookie })).json();
const pendingReviewIds = async (cookie: string) =>
  (
    (await t.inject({ url: '/api/reviews/pending', cookie })).json() as { items: { responseId: string }[] }
  ).items.map((i) => i.responseId);

describe('GET /api/bookings', () => {
  it('lists confirmed bookings and job history of this customer only, with the business contact', async () => {
    const b = await business('Edge Masters');
    const customer = await t.signUp();
    const active = await booking(b, customer);
    const done = await booking(b, customer, { complete: true, price: 150 });
    await booking(b, await t.signUp()); // someone else's

    const confirmed = await list(customer.cookie, '?section=confirmed');
    expect(confirmed.items.map((i) => i.responseId)).toEqual([active.responseId]);
    expect(confirmed.items[0]).toMatchObject({
      request: { locationAddress: ADDRESS },
      business: { name: 'Edge Masters', phone: '+61 400 000 111', ratingAverage: null, reviewCount: 0 },
      canContest: false,
      canReview: false,
    });
    expect(confirmed.items[0]!.business.email).toContain('@');

    const history = await list(customer.cookie, '?section=history');
    expect(history.items.map((i) => i.responseId)).toEqual([done.responseId]);
    expect(history.items[0]).toMatchObject({
      request: { serviceType: 'Home & Property Services', serviceSubtype: 'gardening' },
      completionStatus: 'completed',
      canContest: true,
      canReview: true,
    });

    const summary = await t.inject({ url: '/api/bookings/summary', cookie: customer.cookie });
    expect(summary.json()).toEqual({
      completedJobs: 1,
      totalSpent: '150.00',
      averageRatingGiven: null,
      reviewsGiven: 0,
    });
    // The business reviews the customer too, so the customer's review shows (double-blind, issue 32).
    await reviewBack(b, done.responseId);
    await t.inject({
      method: 'POST',
      url: '/api/reviews',
      cookie: customer.cookie,
      payload: { responseId: done.responseId, rating: 4 },
    });
    const after = await t.inject({ url: '/api/bookings/summary', cookie: customer.cookie });
    expect(after.json()).toMatchObject({ averageRatingGiven: 4, reviewsGiven: 1 });
    expect((await list(customer.cookie, '?section=history')).items[0]).toMatchObject({
      myRating: 4,
      canReview: false,
      business: { ratingAverage: 4, reviewCount: 1 },
    });
  });

  it('pages with a cursor and refuses a bad section or cursor with a clear 400', async () => {
    const b = await business();
    const customer = await t.signUp();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await booking(b, customer)).responseId);
    const first = await list(customer.cookie, '?section=confirmed&limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(customer.cookie, `?section=confirmed&limit=2&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((i) => i.responseId))).toEqual(new Set(ids));

    for (const q of ['?section=nope', '?cursor=abc', '?limit=0']) {
      const res = await t.inject({ url: `/api/bookings${q}`, cookie: customer.cookie });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await t.inject({ url: '/api/bookings' })).statusCode).toBe(401);
  });

  it('answers 404 for a booking that is not the customer’s', async () => {
    const b = await business();
    const { responseId } = await booking(b, await t.signUp());
    const other = await t.signUp();
    const res = await t.inject({ url: `/api/bookings/${responseId}`, cookie: other.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(BOOKING_MESSAGES.notFound);
  });
});

describe('contesting a completion', () => {
  it('within 24 h marks the job contested and tells the business and the administrators', async () => {
    const admin = await t.signUp({ role: 'administrator' });
    const b = await business();
    const customer = await t.signUp();
    const { responseId } = await booking(b, customer, { complete: true });

    const short = await contest(customer.cookie, responseId, 'bad');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(BOOKING_MESSAGES.contestReasonTooShort);
    expect(
      (await contest((await t.signUp()).cookie, responseId, 'The edges were not done.')).statusCode,
    ).toBe(404);

    const res = await contest(customer.cookie, responseId, '  The edges were not done at all.  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      completionStatus: 'contested',
      contestReason: 'The edges were not done at all.',
      canContest: false,
      canReview: false,
    });
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'job_contested'), eq(notifications.relatedId, responseId)));
    expect(told.map((n) => n.userId)).toContain(b.userId);
    expect(told.map((n) => n.userId)).toContain(admin.userId);

    const again = await contest(customer.cookie, responseId, 'The edges were not done at all.');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This job is already contested.');
  });

  it('is refused after the deadline and before completion', async () => {
    const b = await business();
    const customer = await t.signUp();
    // Booked first: once a job is completed the review gate stops new requests.
    const open = await booking(b, customer);
    const late = await booking(b, customer, { complete: true });
    await t.db
      .update(businessResponses)
      .set({ contestDeadline: new Date(Date.now() - 1000) })
      .where(eq(businessResponses.id, late.responseId));
    const res = await contest(customer.cookie, late.responseId, 'The hedge is still uneven.');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOOKING_MESSAGES.contestClosed);

    const early = await contest(customer.cookie, open.responseId, 'The hedge is still uneven.');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BOOKING_MESSAGES.contestNotCompleted);
  });

  it('ends through its dispute: an accepted fix reopens the job, an accepted explanation makes it final and reviewable', async () => {
    const b = await business();
    const customer = await t.signUp();

    const first = await booking(b, customer, { complete: true });
    await contest(customer.cookie, first.responseId, 'Lawn clippings left everywhere.');
    // The business can no longer end a contest alone (the old one-click answer is refused).
    const alone = await t.inject({
      method: 'POST',
      url: `/api/business/jobs/${first.responseId}/resolve-contest`,
      cookie: b.cookie,
      payload: { outcome: 'resolved' },
    });
    expect(alone.statusCode).toBe(409);

    const redo = await settle(b, customer, first.responseId, 'fix_offered');
    expect(redo.statusCode, redo.body).toBe(200);
    expect(await bookingOf(customer.cookie, first.responseId)).toMatchObject({
      completionStatus: 'in_progress',
      completionDate: null,
    });
    const [request] = await t.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, first.requestId));
    expect(request?.status).toBe('in_progress');
    const again = await t.inject({
      method: 'POST',
      url: `/api/business/jobs/${first.responseId}/complete`,
      cookie: b.cookie,
      payload: { requestReview: false },
    });
    expect(again.statusCode, again.body).toBe(200);

    await contest(customer.cookie, first.responseId, 'Still clippings left everywhere.');
    const resolved = await settle(b, customer, first.responseId, 'explanation');
    expect(resolved.statusCode, resolved.body).toBe(200);
    const view = (
      await t.inject({ url: `/api/bookings/${first.responseId}`, cookie: customer.cookie })
    ).json();
    expect(view).toMatchObject({ completionStatus: 'completed', canContest: false, canReview: true });
  });
});

describe('the lists and their order', () => {
  it('Confirmed is ordered by accepted_at, newest first, with the id breaking ties, across pages', async () => {
    const b = await business();
    const customer = await t.signUp();
    const [first, second, third] = [
      await booking(b, customer),
      await booking(b, customer),
      await booking(b, customer),
    ];
    // Accepted in the opposite order to the quotes being made; two at the same instant.
    const at = (iso: string) => new Date(iso);
    const setAccepted = (id: string, acceptedAt: Date) =>
      t.db.update(businessResponses).set({ acceptedAt }).where(eq(businessResponses.id, id));
    await setAccepted(first!.responseId, at('2026-03-03T10:00:00Z'));
    await setAccepted(second!.responseId, at('2026-03-01T10:00:00Z'));
    await setAccepted(third!.responseId, at('2026-03-01T10:00:00Z'));
    const tied = [second!.responseId, third!.responseId].sort().reverse();

    const all = await list(customer.cookie, '?section=confirmed');
    expect(all.items.map((i) => i.responseId)).toEqual([first!.responseId, ...tied]);
    expect(all.items[0]!.acceptedAt).toBe('2026-03-03T10:00:00.000Z');

    const one = await list(customer.cookie, '?section=confirmed&limit=2');
    const two = await list(customer.cookie, `?section=confirmed&limit=2&cursor=${one.nextCursor}`);
    expect([...one.items, ...two.items].map((i) => i.responseId)).toEqual([first!.responseId, ...tied]);
  });

  it('Job History lists contested jobs and archived requests, and the summary counts the same jobs', async () => {
    const b = await business();
    const customer = await t.signUp();
    // All booked first: once a job is completed the review gate stops new requests.
    const open = await booking(b, customer, { price: 40 });
    const archived = await booking(b, customer, { price: 100 });
    const contested = await booking(b, customer, { price: 25.5 });
    for (const id of [archived.responseId, contested.responseId]) {
      expect((await complete(b.cookie, id)).statusCode).toBe(200);
    }
    await t.db
      .update(serviceRequests)
      .set({ archivedAt: new Date() })
      .where(eq(serviceRequests.id, archived.requestId));
    expect(
      (await contest(customer.cookie, contested.responseId, 'The edges were not done.')).statusCode,
    ).toBe(200);

    const history = await list(customer.cookie, '?section=history');
    expect(new Set(history.items.map((i) => i.responseId))).toEqual(
      new Set([archived.responseId, contested.responseId]),
    );
    expect(history.items.find((i) => i.responseId === contested.responseId)).toMatchObject({
      completionStatus: 'contested',
      canContest: false,
      canReview: false,
    });
    const confirmed = await list(customer.cookie, '?section=confirmed');
    expect(confirmed.items.map((i) => i.responseId)).toEqual([open.responseId]);

    expect(await summaryOf(customer.cookie)).toEqual({
      completedJobs: history.items.length,
      totalSpent: '125.50',
      averageRatingGiven: null,
      reviewsGiven: 0,
    });
  });
});

describe('contest and review', () => {
  it('contesting withdraws the review; once resolved the gate applies again and a new review is accepted', async () => {
    const b = await business('Review Gardens');
    const customer = await t.signUp();
    const job = await booking(b, customer, { complete: true });
    // The business's review of the customer: the customer's reviews show at once (double-blind).
    await reviewBack(b, job.responseId);

    expect((await review(customer.cookie, job.responseId, 2)).statusCode).toBe(201);
    expect(await bookingOf(customer.cookie, job.responseId)).toMatchObject({
      myRating: 2,
      business: { ratingAverage: 2, reviewCount: 1 },
    });

    const res = await contest(customer.cookie, job.responseId, 'The edges were not done at all.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      completionStatus: 'contested',
      myRating: null,
      canReview: false,
      business: { ratingAverage: null, reviewCount: 0 },
    });
    const left = await t.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.requestId, job.requestId), eq(reviews.userId, customer.userId)));
    expect(left).toHaveLength(0);
    expect(await summaryOf(customer.cookie)).toMatchObject({ averageRatingGiven: null, reviewsGiven: 0 });
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.userId), eq(notifications.type, 'job_contested')));
    expect(told?.message).toContain('withdrew their review');
    // While contested it cannot be reviewed, and it does not hold the review gate.
    const early = await review(customer.cookie, job.responseId, 5);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(REVIEW_MESSAGES.contested);
    expect(await pendingReviewIds(customer.cookie)).not.toContain(job.responseId);

    expect((await settle(b, customer, job.responseId, 'explanation')).statusCode).toBe(200);
    expect(await pendingReviewIds(customer.cookie)).toContain(job.responseId);
    expect(await bookingOf(customer.cookie, job.responseId)).toMatchObject({
      canReview: true,
      myRating: null,
    });
    expect((await review(customer.cookie, job.responseId, 5)).statusCode).toBe(201);
    expect(await bookingOf(customer.cookie, job.responseId)).toMatchObject({
      myRating: 5,
      canReview: false,
      business: { ratingAverage: 5, reviewCount: 1 },
    });
    expect(await pendingReviewIds(customer.cookie)).not.toContain(job.responseId);
  });

  it('after a redo the customer reviews the redone work', async () => {
    const b = await business();
    const customer = await t.signUp();
    const job = await booking(b, customer, { complete: true });
    expect((await review(customer.cookie, job.responseId, 1)).statusCode).toBe(201);
    expect((await contest(customer.cookie, job.responseId, 'Clippings left everywhere.')).statusCode).toBe(
      200,
    );
    expect((await settle(b, customer, job.responseId, 'fix_offered')).statusCode).toBe(200);
    expect((await complete(b.cookie, job.responseId)).statusCode).toBe(200);
    expect(await pendingReviewIds(customer.cookie)).toContain(job.responseId);
    expect((await review(customer.cookie, job.responseId, 4)).statusCode).toBe(201);
    expect((await bookingOf(customer.cookie, job.responseId)).myRating).toBe(4);
  });

  it('a contest without a review leaves other reviews alone', async () => {
    const b = await business();
    const customer = await t.signUp();
    const kept = await booking(b, customer);
    const job = await booking(b, customer);
    for (const id of [kept.responseId, job.responseId]) {
      expect((await complete(b.cookie, id)).statusCode).toBe(200);
    }
    expect((await review(customer.cookie, kept.responseId, 3)).statusCode).toBe(201);
    expect((await contest(customer.cookie, job.responseId, 'Clippings left everywhere.')).statusCode).toBe(
      200,
    );
    expect((await bookingOf(customer.cookie, kept.responseId)).myRating).toBe(3);
    expect(await summaryOf(customer.cookie)).toMatchObject({ averageRatingGiven: 3, reviewsGiven: 1 });
  });
});

describe('the contest window at the service (now passed in)', () => {
  it('is open one millisecond before the deadline and closed at it', async () => {
    const b = await business();
    const customer = await t.signUp();
    const closed = await booking(b, customer);
    const open = await booking(b, customer);
    for (const id of [closed.responseId, open.responseId]) {
      expect((await complete(b.cookie, id)).statusCode).toBe(200);
    }
    const deadlineOf = async (id: string) => {
      const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, id));
      return row!.contestDeadline!;
    };
    const reason = { reason: 'The hedge is still uneven.' };

    const deadline = await deadlineOf(closed.responseId);
    await expect(
      contestCompletion(t.db, customer.userId, closed.responseId, reason, deadline),
    ).rejects.toThrow(BOOKING_MESSAGES.contestClosed);
    await expect(
      contestCompletion(t.db, customer.userId, closed.responseId, reason, new Date(deadline.getTime() + 1)),
    ).rejects.toThrow(BOOKING_MESSAGES.contestClosed);

    const openDeadline = await deadlineOf(open.responseId);
    const contested = await contestCompletion(
      t.db,
      customer.userId,
      open.responseId,
      reason,
      new Date(openDeadline.getTime() - 1),
    );
    expect(contested).toMatchObject({ completionStatus: 'contested', canContest: false });
    await expect(
      contestCompletion(t.db, customer.userId, open.responseId, reason, new Date(openDeadline.getTime() - 1)),
    ).rejects.toThrow(BOOKING_MESSAGES.alreadyContested);
  });
});
