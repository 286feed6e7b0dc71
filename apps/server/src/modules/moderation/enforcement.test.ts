import { randomUUID } from 'node:crypto';
import { COMPLETED_JOB, MODERATION_MESSAGES } from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, messages, notifications, reviews } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  block,
  dealing,
  sendMessage,
  unblock,
  type Party,
  poolBusiness,
  POOL_REQUEST,
} from './testing/dealings';

/**
 * A block (issue 32) stops every new dealing between the two, whoever blocked, where each happens:
 * messages, the feed and its new-request notices, quotes, Hire Again, counter offers and bookings.
 * Bookings already made go on.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const refusedWith = (res: { statusCode: number; json(): unknown }, words: string) => {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({ error: 'blocked', message: words });
};

const messagesOf = (responseId: string) =>
  t.db.select().from(messages).where(eq(messages.responseId, responseId));
const newMessageNotices = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'new_message')));

const postRequest = async (who: Party, extra: Record<string, unknown> = {}) => {
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: who.cookie,
    payload: { ...POOL_REQUEST, ...extra },
  });
  return res;
};
const feedIds = async (who: Party) => {
  const res = await t.inject({ url: '/api/business/requests?group=new', cookie: who.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { id: string }[] }).items.map((i) => i.id);
};
const newCount = async (who: Party) =>
  ((await t.inject({ url: '/api/business/requests/counts', cookie: who.cookie })).json() as { new: number })
    .new;
const toldOf = async (businessId: string, requestId: string) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, businessId), eq(notifications.relatedId, requestId)))
  ).length;

describe('messages between blocked parties', () => {
  it('are refused both ways in the sender’s own terms, and nothing is stored or told', async () => {
    const d = await dealing(t);
    expect((await sendMessage(t, d.business, d.responseId, 'Before the block')).statusCode).toBe(201);
    expect((await block(t, d.customer, d.business.userId)).statusCode).toBe(204);

    refusedWith(await sendMessage(t, d.customer, d.responseId, 'Hello?'), MODERATION_MESSAGES.youBlocked);
    refusedWith(await sendMessage(t, d.business, d.responseId, 'Hello?'), MODERATION_MESSAGES.cannotMessage);
    expect((await messagesOf(d.responseId)).map((m) => m.message)).toEqual(['Before the block']);
    expect(await newMessageNotices(d.business.userId)).toHaveLength(0);
    expect(await newMessageNotices(d.customer.userId)).toHaveLength(1);

    // Reading goes on: the history stays for both.
    const page = await t.inject({
      url: `/api/conversations/${d.responseId}/messages`,
      cookie: d.customer.cookie,
    });
    expect(page.statusCode).toBe(200);

    // Unblocked, they talk again.
    expect((await unblock(t, d.customer, d.business.userId)).statusCode).toBe(204);
    expect((await sendMessage(t, d.business, d.responseId, 'After the block')).statusCode).toBe(201);
  });

  it('still answers a retry of a message stored before the block, and stores nothing new', async () => {
    const d = await dealing(t);
    const clientId = randomUUID();
    expect((await sendMessage(t, d.business, d.responseId, 'Sent once', clientId)).statusCode).toBe(201);
    await block(t, d.business, d.customer.userId);
    const retry = await sendMessage(t, d.business, d.responseId, 'Sent once', clientId);
    expect(retry.statusCode).toBe(200);
    refusedWith(
      await sendMessage(t, d.business, d.responseId, 'New one', randomUUID()),
      MODERATION_MESSAGES.youBlocked,
    );
    expect(await messagesOf(d.responseId)).toHaveLength(1);
  });
});

describe('the booking between blocked parties', () => {
  it('goes on: both still read it and the business can complete it', async () => {
    const d = await dealing(t);
    await block(t, d.business, d.customer.userId);
    const job = await t.inject({ url: `/api/business/jobs/${d.responseId}`, cookie: d.business.cookie });
    expect(job.statusCode, job.body).toBe(200);
    const booking = await t.inject({ url: `/api/bookings/${d.responseId}`, cookie: d.customer.cookie });
    expect(booking.statusCode, booking.body).toBe(200);
    const done = await t.inject({
      method: 'POST',
      url: `/api/business/jobs/${d.responseId}/complete`,
      cookie: d.business.cookie,
      payload: {},
    });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('requests between blocked parties', () => {
  it('leave the business’s feed, counts and new-request notices, in both directions', async () => {
    for (const blocker of ['customer', 'business'] as const) {
      const d = await dealing(t, { book: false });
      const bystander = await poolBusiness(t, 'Bystander Pools');
      const before = await newCount(d.business);
      await block(t, d[blocker], d[blocker === 'customer' ? 'business' : 'customer'].userId);
      // The request quoted before the block is the business's own history, not its feed's New group.
      const res = await postRequest(d.customer, { description: `A second pool job (${blocker} blocked).` });
      expect(res.statusCode, res.body).toBe(201);
      const requestId = res.json().id as string;
      expect(await feedIds(d.business)).not.toContain(requestId);
      expect(await newCount(d.business)).toBe(before);
      expect(await toldOf(d.business.userId, requestId)).toBe(0);
      // Everyone else is told and sees it as usual.
      expect(await feedIds(bystander)).toContain(requestId);
      expect(await toldOf(bystander.userId, requestId)).toBe(1);
    }
  });

  it('refuse the blocked business’s quote on the customer’s request', async () => {
    const d = await dealing(t, { book: false });
    const other = await postRequest(d.customer, { description: 'Another pool job to quote.' });
    const requestId = other.json().id as string;
    await block(t, d.customer, d.business.userId);
    const quote = await t.inject({
      method: 'POST',
      url: `/api/business/requests/${requestId}/responses`,
      cookie: d.business.cookie,
      payload: { message: 'I can do this one too.', quotedPrice: 150, priceType: 'fixed' },
    });
    refusedWith(quote, MODERATION_MESSAGES.cannotQuote);
  });

  it('refuse Hire Again of a business a block stands between', async () => {
    const d = await dealing(t);
    // The job was done and reviewed, so the customer may post again.
    await t.db
      .update(businessResponses)
      .set({ completionStatus: COMPLETED_JOB, completionDate: new Date() })
      .where(eq(businessResponses.id, d.responseId));
    await t.db.insert(reviews).values({
      userId: d.customer.userId,
      businessUserId: d.business.userId,
      requestId: d.requestId,
      responseId: d.responseId,
      rating: 5,
    });
    await block(t, d.business, d.customer.userId);
    const res = await postRequest(d.customer, { hireAgainResponseId: d.responseId });
    refusedWith(res, MODERATION_MESSAGES.cannotRequest);
    await unblock(t, d.business, d.customer.userId);
    expect((await postRequest(d.customer, { hireAgainResponseId: d.responseId })).statusCode).toBe(201);
  });
});

describe('offers between blocked parties', () => {
  it('refuse counter offers both ways and the customer’s booking', async () => {
    const d = await dealing(t, { book: false });
    await block(t, d.business, d.customer.userId);
    refusedWith(
      await t.inject({
        method: 'POST',
        url: `/api/offers/${d.responseId}/counter-offer`,
        cookie: d.customer.cookie,
        payload: { quotedPrice: 120, preferredDate: '2099-12-01', preferredTime: '10:00' },
      }),
      MODERATION_MESSAGES.cannotCounterOffer,
    );
    refusedWith(
      await t.inject({
        method: 'POST',
        url: `/api/business/opportunities/${d.responseId}/counter-offer`,
        cookie: d.business.cookie,
        payload: { quotedPrice: 160, availabilityDate: '2099-02-01', message: 'A bit less.' },
      }),
      MODERATION_MESSAGES.youBlocked,
    );
    refusedWith(await t.confirmOffer(d.customer.cookie, d.responseId), MODERATION_MESSAGES.cannotBook);
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, d.responseId));
    expect(row!.quotedPrice).toBe('180.00');
    expect(await messagesOf(d.responseId)).toHaveLength(0);
  });
});
