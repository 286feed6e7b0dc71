import { randomUUID } from 'node:crypto';
import { MODERATION_MESSAGES } from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerReviews, messages, reports, reviews } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { REPORTS_PER_HOUR } from './reports.routes';
import { dealing, report, sendMessage, type Party, poolBusiness } from './testing/dealings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const reportRow = async (id: string) => {
  const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
  return row!;
};

const notFound = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ message: MODERATION_MESSAGES.targetNotFound });
};

const ownContent = (res: { statusCode: number; json(): unknown }) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ message: MODERATION_MESSAGES.cannotReportSelf });
};

async function messageFrom(who: Party, responseId: string, text: string): Promise<string> {
  const res = await sendMessage(t, who, responseId, text);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

describe('reporting', () => {
  it('asks signed-out callers to sign in before the body is read', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/reports', payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
  });

  it('takes a message sent to the reporter, about its sender, once while it is open', async () => {
    const d = await dealing(t);
    const id = await messageFrom(d.customer, d.responseId, 'Pay me outside Grip or else');
    const res = await report(t, d.business, {
      targetKind: 'message',
      targetId: id.toUpperCase(),
      reason: 'harassment',
      note: ' Threatening ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: string; status: string };
    expect(created.status).toBe('open');
    expect(await reportRow(created.id)).toMatchObject({
      reporterId: d.business.userId,
      reportedUserId: d.customer.userId,
      targetKind: 'message',
      targetId: id,
      reason: 'harassment',
      note: 'Threatening',
    });
    // The same report again adds nothing.
    const again = await report(t, d.business, { targetKind: 'message', targetId: id, reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created);
    expect(await t.db.select().from(reports).where(eq(reports.targetId, id))).toHaveLength(1);
  });

  it('refuses one’s own message, and answers 404 for anyone else’s conversation or no message', async () => {
    const d = await dealing(t);
    const id = await messageFrom(d.customer, d.responseId, 'Hello');
    ownContent(await report(t, d.customer, { targetKind: 'message', targetId: id, reason: 'spam' }));
    const outsider = await poolBusiness(t, 'Nosy Pools');
    for (const targetId of [id, randomUUID(), 'not-a-uuid']) {
      notFound(await report(t, outsider, { targetKind: 'message', targetId, reason: 'spam' }));
    }
  });

  it('takes an account the reporter dealt with, and no other', async () => {
    const d = await dealing(t, { book: false });
    expect(
      (await report(t, d.customer, { targetKind: 'user', targetId: d.business.userId, reason: 'fraud' }))
        .statusCode,
    ).toBe(201);
    const stranger = await t.signUp({ name: 'Stranger' });
    for (const targetId of [stranger.userId, 'no-such-account', 'bad id!']) {
      notFound(await report(t, d.customer, { targetKind: 'user', targetId, reason: 'fraud' }));
    }
    ownContent(
      await report(t, d.customer, { targetKind: 'user', targetId: d.customer.userId, reason: 'fraud' }),
    );
  });

  it('takes a request in the business’s feed or one it quoted, about its customer', async () => {
    const d = await dealing(t, { book: false });
    const inFeed = await poolBusiness(t, 'Feed Pools');
    const res = await report(t, inFeed, { targetKind: 'request', targetId: d.requestId, reason: 'spam' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await reportRow(res.json().id as string)).reportedUserId).toBe(d.customer.userId);
    expect(
      (await report(t, d.business, { targetKind: 'request', targetId: d.requestId, reason: 'spam' }))
        .statusCode,
    ).toBe(201);
    // A business of another trade never sees it; another customer neither; its owner cannot report it.
    const elsewhere = await poolBusiness(t, 'Pipe Co', { serviceCategories: ['Plumbing'] });
    notFound(await report(t, elsewhere, { targetKind: 'request', targetId: d.requestId, reason: 'spam' }));
    const otherCustomer = await t.signUp({ name: 'Other Customer' });
    notFound(
      await report(t, otherCustomer, { targetKind: 'request', targetId: d.requestId, reason: 'spam' }),
    );
    ownContent(await report(t, d.customer, { targetKind: 'request', targetId: d.requestId, reason: 'spam' }));
    notFound(await report(t, inFeed, { targetKind: 'request', targetId: randomUUID(), reason: 'spam' }));
  });

  it('takes a review of the reporter once it shows, and the reply to the reporter’s own review', async () => {
    const d = await dealing(t);
    const later = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
    const [review] = await t.db
      .insert(reviews)
      .values({
        userId: d.customer.userId,
        businessUserId: d.business.userId,
        requestId: d.requestId,
        responseId: d.responseId,
        rating: 1,
        reviewText: 'Never again',
        revealedAt: later,
      })
      .returning();
    const ofBusiness = { targetKind: 'review', targetId: review!.id, reason: 'inappropriate' };
    // Hidden from the business until it is revealed (double-blind): as if it did not exist.
    notFound(await report(t, d.business, ofBusiness));
    await t.db
      .update(reviews)
      .set({ revealedAt: new Date(Date.now() - 1000) })
      .where(eq(reviews.id, review!.id));
    const res = await report(t, d.business, ofBusiness);
    expect(res.statusCode, res.body).toBe(201);
    expect((await reportRow(res.json().id as string)).reportedUserId).toBe(d.customer.userId);
    // The customer's own review is their own words, until the business replies to it.
    ownContent(await report(t, d.customer, ofBusiness));
    await t.db
      .update(reviews)
      .set({ replyText: 'You never paid', repliedAt: new Date() })
      .where(eq(reviews.id, review!.id));
    const reply = await report(t, d.customer, ofBusiness);
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await reportRow(reply.json().id as string)).reportedUserId).toBe(d.business.userId);
    notFound(await report(t, await t.signUp(), ofBusiness));

    // The business's review of the customer, the other way round.
    const [back] = await t.db
      .insert(customerReviews)
      .values({
        businessUserId: d.business.userId,
        customerUserId: d.customer.userId,
        requestId: d.requestId,
        responseId: d.responseId,
        rating: 2,
        reviewText: 'Rude',
        revealedAt: new Date(Date.now() - 1000),
      })
      .returning();
    const byBusiness = await report(t, d.customer, {
      targetKind: 'review',
      targetId: back!.id,
      reason: 'harassment',
    });
    expect(byBusiness.statusCode, byBusiness.body).toBe(201);
    expect((await reportRow(byBusiness.json().id as string)).reportedUserId).toBe(d.business.userId);
  });

  it('needs a reason, and a few words for "Something else"', async () => {
    const d = await dealing(t, { book: false });
    const base = { targetKind: 'user', targetId: d.business.userId };
    const none = await report(t, d.customer, base);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toMatchObject({ reason: MODERATION_MESSAGES.reasonRequired });
    const other = await report(t, d.customer, { ...base, reason: 'other' });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields).toMatchObject({ note: MODERATION_MESSAGES.noteRequiredForOther });
    const long = await report(t, d.customer, { ...base, reason: 'spam', note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(
      (await report(t, d.customer, { ...base, reason: 'other', note: 'Asked for cash' })).statusCode,
    ).toBe(201);
  });

  it('lets a deleted sender’s message be reported, about no one', async () => {
    const d = await dealing(t);
    const id = await messageFrom(d.customer, d.responseId, 'Spam spam');
    await t.db.update(messages).set({ senderId: null }).where(eq(messages.id, id));
    const res = await report(t, d.business, { targetKind: 'message', targetId: id, reason: 'spam' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await reportRow(res.json().id as string)).reportedUserId).toBeNull();
  });

  it('limits how many reports one person sends in an hour', async () => {
    const d = await dealing(t, { book: false });
    const payload = { targetKind: 'user', targetId: d.business.userId, reason: 'spam' };
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      expect((await report(t, d.customer, payload)).statusCode).toBeLessThan(300);
    }
    const refused = await report(t, d.customer, payload);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MODERATION_MESSAGES.reportingTooFast);
  });
});
