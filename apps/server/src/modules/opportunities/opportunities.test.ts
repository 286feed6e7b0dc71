import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, messages, notifications, profiles, serviceRequests } from '../../db/schema';
import { TERMS_MESSAGES } from '@grip/domain';
import { createTestApp, type TestApp } from '../../test/test-app';
import { declineOpportunity, sendCounterOffer } from './opportunities.service';
import { EXACT_ADDRESS, POOL_REQUEST } from '../../test/pool-request';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;

async function business(name = 'Blue Water Pools') {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
  await t.db
    .update(profiles)
    .set({
      serviceCategories: ['Pool Maintenance'],
      latitude: -33.797,
      longitude: 151.285,
      serviceAreaKm: 25,
    })
    .where(eq(profiles.userId, b.userId));
  return b;
}

/** A customer's request answered by the business: returns the ids and both parties. */
async function opportunity(b?: Awaited<ReturnType<typeof business>>) {
  const owner = b ?? (await business());
  const customer = await t.signUp();
  const req = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: POOL_REQUEST,
  });
  expect(req.statusCode, req.body).toBe(201);
  const requestId = req.json().id as string;
  const res = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: owner.cookie,
    payload: { message: 'I can clean the pool on Thursday.', quotedPrice: 180, priceType: 'fixed' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, customer, requestId, responseId: res.json().id as string };
}

const list = (cookie: string) => t.inject({ url: '/api/business/opportunities', cookie });
/** An action as the card sends it: Accept Request names the customer's newest counter offer. */
const act = async (cookie: string, responseId: string, action: string, payload?: unknown) =>
  t.inject({
    method: 'POST',
    url: `/api/business/opportunities/${responseId}/${action}`,
    cookie,
    payload: payload ?? (action === 'accept' ? await t.acceptBody(cookie, responseId) : undefined),
  });
const counter = {
  quotedPrice: 150.5,
  availabilityDate: '2099-02-01',
  message: 'I can do it for a bit less.',
};

/**
 * A customer counter offer written straight to the database at a chosen time, without terms (as
 * older ones are stored); the real endpoint is used where the terms matter.
 */
async function customerCounterOffer(o: Awaited<ReturnType<typeof opportunity>>, at = new Date()) {
  await t.db.insert(messages).values({
    requestId: o.requestId,
    responseId: o.responseId,
    senderId: o.customer.userId,
    receiverId: o.owner.userId,
    message: 'Could you do $120?',
    messageType: 'counter_offer',
    createdAt: at,
  });
}

describe('GET /api/business/opportunities', () => {
  it('lists the business’s own pending responses with the request view, flags and no exact address', async () => {
    const o = await opportunity();
    const other = await opportunity();
    const res = await list(o.owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.truncated).toBe(false);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      id: o.responseId,
      status: 'pending',
      quotedPrice: '180.00',
      group: 'active',
      expiredBadge: null,
      messageCount: 0,
      lastMessageAt: null,
      hasPendingCounterOffer: false,
      canAccept: false,
      canDecline: true,
      canEditOffer: true,
      request: { id: o.requestId, locationAddress: null, myResponseId: o.responseId },
    });
    expect(res.body).not.toContain('Bay Rd');
    expect(res.body).not.toContain(other.responseId);
  });

  it('groups by latest activity and badges the expired ones', async () => {
    const b = await business();
    const fresh = await opportunity(b);
    const expiring = await opportunity(b);
    const silent = await opportunity(b);
    const talked = await opportunity(b);
    const old = (h: number) => new Date(Date.now() - h * HOUR);
    for (const [o, h] of [
      [expiring, 30],
      [silent, 60],
      [talked, 80],
    ] as const) {
      await t.db
        .update(businessResponses)
        .set({ createdAt: old(h), updatedAt: old(h) })
        .where(eq(businessResponses.id, o.responseId));
    }
    await customerCounterOffer(talked, old(70));
    const items = (await list(b.cookie)).json().items as {
      id: string;
      group: string;
      expiredBadge: string;
    }[];
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(fresh.responseId)).toMatchObject({ group: 'active', expiredBadge: null });
    expect(byId.get(expiring.responseId)).toMatchObject({ group: 'expiring', expiredBadge: null });
    expect(byId.get(silent.responseId)).toMatchObject({ group: 'expired', expiredBadge: 'Just Expired' });
    expect(byId.get(talked.responseId)).toMatchObject({ group: 'expired', expiredBadge: 'No Response' });
    // Newest activity first.
    expect(items.map((i) => i.id)).toEqual([
      fresh.responseId,
      expiring.responseId,
      silent.responseId,
      talked.responseId,
    ]);
  });

  it('leaves out declined, rejected and completed responses and refuses customers', async () => {
    const b = await business();
    const declined = await opportunity(b);
    const done = await opportunity(b);
    await t.db
      .update(businessResponses)
      .set({ status: 'declined' })
      .where(eq(businessResponses.id, declined.responseId));
    await t.db
      .update(businessResponses)
      .set({ status: 'accepted', completionStatus: 'completed' })
      .where(eq(businessResponses.id, done.responseId));
    expect((await list(b.cookie)).json().items).toEqual([]);
    expect((await list(declined.customer.cookie)).statusCode).toBe(403);
    expect((await t.inject({ url: '/api/business/opportunities' })).statusCode).toBe(401);
  });
});

describe('archived and closed opportunities', () => {
  const actions = [
    ['counter-offer', counter],
    ['decline', undefined],
    ['accept', undefined],
    ['keep-quote', { requestVersion: 'any-version' }],
  ] as const;

  it('leaves out responses the business archived and responses to archived requests', async () => {
    const b = await business();
    const kept = await opportunity(b);
    const archived = await opportunity(b);
    const legacy = await opportunity(b);
    const requestArchived = await opportunity(b);
    const acceptedOnArchived = await opportunity(b);
    await t.db
      .update(businessResponses)
      .set({ archivedAt: new Date() })
      .where(eq(businessResponses.id, archived.responseId));
    // Archived the older way, through completion_status.
    await t.db
      .update(businessResponses)
      .set({ status: 'accepted', completionStatus: 'archived' })
      .where(eq(businessResponses.id, legacy.responseId));
    await t.db
      .update(businessResponses)
      .set({ status: 'accepted' })
      .where(eq(businessResponses.id, acceptedOnArchived.responseId));
    for (const o of [requestArchived, acceptedOnArchived]) {
      await t.db
        .update(serviceRequests)
        .set({ archivedAt: new Date() })
        .where(eq(serviceRequests.id, o.requestId));
    }
    const items = (await list(b.cookie)).json().items as { id: string }[];
    expect(items.map((i) => i.id)).toEqual([kept.responseId]);
  });

  it('refuses every action on an archived response or on a response to an archived request', async () => {
    const archived = await opportunity();
    await customerCounterOffer(archived, new Date(Date.now() - 1000));
    await t.db
      .update(businessResponses)
      .set({ archivedAt: new Date() })
      .where(eq(businessResponses.id, archived.responseId));
    const requestArchived = await opportunity();
    await customerCounterOffer(requestArchived, new Date(Date.now() - 1000));
    await t.db
      .update(serviceRequests)
      .set({ archivedAt: new Date() })
      .where(eq(serviceRequests.id, requestArchived.requestId));

    for (const [o, text] of [
      [archived, 'You archived this offer, so it cannot be changed.'],
      [requestArchived, 'This request is no longer open for responses.'],
    ] as const) {
      for (const [action, body] of actions) {
        const res = await act(o.owner.cookie, o.responseId, action, body);
        expect(res.statusCode, `${action}: ${res.body}`).toBe(409);
        expect(res.json().message).toBe(text);
      }
      const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
      expect(row).toMatchObject({ status: 'pending', quotedPrice: '180.00' });
      expect(await t.db.select().from(messages).where(eq(messages.responseId, o.responseId))).toHaveLength(1);
    }
  });

  it('shows a response to a request no longer open without actions, and refuses them', async () => {
    const o = await opportunity();
    await customerCounterOffer(o, new Date(Date.now() - 1000));
    await t.db
      .update(serviceRequests)
      .set({ status: 'cancelled' })
      .where(eq(serviceRequests.id, o.requestId));
    const [item] = (await list(o.owner.cookie)).json().items;
    expect(item).toMatchObject({
      id: o.responseId,
      request: { status: 'cancelled' },
      canAccept: false,
      canDecline: false,
      canEditOffer: false,
      canKeepQuote: false,
    });
    for (const [action, body] of actions) {
      const res = await act(o.owner.cookie, o.responseId, action, body);
      expect(res.statusCode, `${action}: ${res.body}`).toBe(409);
      expect(res.json().message).toBe('This request is no longer open for responses.');
    }
  });
});

describe('grouping by latest activity', () => {
  it('brings an old response back into the active group when a message arrives', async () => {
    const o = await opportunity();
    const old = new Date(Date.now() - 80 * HOUR);
    await t.db
      .update(businessResponses)
      .set({ createdAt: old, updatedAt: old })
      .where(eq(businessResponses.id, o.responseId));
    expect((await list(o.owner.cookie)).json().items[0]).toMatchObject({
      group: 'expired',
      expiredBadge: 'Just Expired',
    });

    const recent = new Date(Date.now() - 2 * HOUR);
    await t.db.insert(messages).values({
      requestId: o.requestId,
      responseId: o.responseId,
      senderId: o.customer.userId,
      receiverId: o.owner.userId,
      message: 'Are you still available next week?',
      messageType: 'text',
      createdAt: recent,
    });
    const [item] = (await list(o.owner.cookie)).json().items;
    expect(item).toMatchObject({ group: 'active', expiredBadge: null, messageCount: 1 });
    expect(new Date(item.lastMessageAt).getTime()).toBe(recent.getTime());
    expect(new Date(item.latestActivityAt).getTime()).toBe(recent.getTime());
  });

  it('puts a response whose last message is 30 hours old under Expiring Soon', async () => {
    const o = await opportunity();
    const old = new Date(Date.now() - 80 * HOUR);
    await t.db
      .update(businessResponses)
      .set({ createdAt: old, updatedAt: old })
      .where(eq(businessResponses.id, o.responseId));
    await customerCounterOffer(o, new Date(Date.now() - 30 * HOUR));
    expect((await list(o.owner.cookie)).json().items[0]).toMatchObject({ group: 'expiring' });
  });
});

describe('POST /api/business/opportunities/:responseId/counter-offer', () => {
  it('updates the quote, adds a counter_offer message and notifies the customer', async () => {
    const o = await opportunity();
    const res = await act(o.owner.cookie, o.responseId, 'counter-offer', counter);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
    expect(row).toMatchObject({
      quotedPrice: '150.50',
      availabilityDate: '2099-02-01',
      message: counter.message,
    });
    const thread = await t.db.select().from(messages).where(eq(messages.responseId, o.responseId));
    expect(thread).toMatchObject([
      {
        messageType: 'counter_offer',
        senderId: o.owner.userId,
        receiverId: o.customer.userId,
        message: counter.message,
      },
    ]);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, o.customer.userId), eq(notifications.type, 'counter_offer')));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.message).toContain('$150.50');

    // Now the rule locks every action until the customer replies.
    const item = (await list(o.owner.cookie)).json().items[0];
    expect(item).toMatchObject({
      hasPendingCounterOffer: true,
      canDecline: false,
      canEditOffer: false,
      canAccept: false,
    });
    for (const [action, body] of [
      ['counter-offer', counter],
      ['decline', undefined],
      ['accept', undefined],
    ] as const) {
      const again = await act(o.owner.cookie, o.responseId, action, body);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toBe(
        'Your counter offer is waiting for the customer. You can act again once they reply.',
      );
    }
  });

  it('stores the proposed terms with each counter offer, so the thread keeps earlier prices', async () => {
    const o = await opportunity();
    const first = await act(o.owner.cookie, o.responseId, 'counter-offer', {
      ...counter,
      availabilityTime: '09:00',
    });
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
    expect(row).toMatchObject({ quotedPrice: '150.50', availabilityTime: '09:00:00' });

    // The customer answers, so the business may counter again with other terms. The thread so far is
    // moved a minute back and the answer half a minute: the order below then holds however fast the
    // machine (two steps can share a millisecond), with no pause to wait for the clock.
    const minuteAgo = new Date(Date.now() - 60_000);
    await t.db.update(messages).set({ createdAt: minuteAgo }).where(eq(messages.responseId, o.responseId));
    await t.db.insert(messages).values({
      requestId: o.requestId,
      responseId: o.responseId,
      senderId: o.customer.userId,
      receiverId: o.owner.userId,
      message: 'Still a bit high for me.',
      messageType: 'text',
      createdAt: new Date(Date.now() - 30_000),
    });
    const second = await act(o.owner.cookie, o.responseId, 'counter-offer', {
      quotedPrice: 140,
      availabilityDate: null,
      message: 'My best price is $140.',
    });
    expect(second.statusCode, second.body).toBe(200);
    const [after] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
    expect(after).toMatchObject({ quotedPrice: '140.00', availabilityDate: null, availabilityTime: null });

    const offers = (await t.db.select().from(messages).where(eq(messages.responseId, o.responseId)))
      .filter((m) => m.messageType === 'counter_offer')
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(offers.map((m) => m.offerTerms)).toEqual([
      {
        quotedPrice: '150.50',
        preferredDate: '2099-02-01',
        preferredTime: '09:00:00',
        timeFlexibility: null,
      },
      { quotedPrice: '140.00', preferredDate: null, preferredTime: null, timeFlexibility: null },
    ]);
    // Both sides read the earlier proposal from the thread.
    type Thread = { fromBusiness?: boolean; offerTerms: { quotedPrice: string } | null }[];
    const thread = (await list(o.owner.cookie)).json().items[0].messages as Thread;
    expect(thread.filter((m) => m.fromBusiness).map((m) => m.offerTerms)).toMatchObject([
      { quotedPrice: '150.50' },
      { quotedPrice: '140.00' },
    ]);
    const seen = await t.inject({ url: `/api/offers/${o.responseId}`, cookie: o.customer.cookie });
    expect(seen.statusCode, seen.body).toBe(200);
    const seenThread = seen.json().messages as Thread;
    expect(seenThread.map((m) => m.offerTerms?.quotedPrice ?? null)).toEqual(['150.50', null, '140.00']);
  });

  it('refuses a malformed availability time', async () => {
    const o = await opportunity();
    const res = await act(o.owner.cookie, o.responseId, 'counter-offer', {
      ...counter,
      availabilityTime: '9 o’clock',
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('refuses a zero price, a short message and a past date', async () => {
    const o = await opportunity();
    for (const bad of [
      { ...counter, quotedPrice: 0 },
      { ...counter, message: 'short' },
      { ...counter, availabilityDate: '2020-01-01' },
    ]) {
      const res = await act(o.owner.cookie, o.responseId, 'counter-offer', bad);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await t.db.select().from(messages).where(eq(messages.responseId, o.responseId))).toEqual([]);
  });

  it('answers 404 to another business, the customer and unknown ids, changing nothing', async () => {
    const o = await opportunity();
    const rival = await business('Rival Pools');
    for (const cookie of [rival.cookie]) {
      for (const action of ['counter-offer', 'decline', 'accept']) {
        const res = await act(cookie, o.responseId, action, action === 'counter-offer' ? counter : undefined);
        expect(res.statusCode, res.body).toBe(404);
      }
    }
    expect((await act(o.customer.cookie, o.responseId, 'decline')).statusCode).toBe(403);
    expect((await act(o.owner.cookie, 'nope', 'decline')).statusCode).toBe(404);
    expect((await act(o.owner.cookie, '00000000-0000-4000-8000-000000000000', 'decline')).statusCode).toBe(
      404,
    );
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
    expect(row).toMatchObject({ status: 'pending', quotedPrice: '180.00' });
  });

  it('is atomic: when the message cannot be stored, the quote is not changed either', async () => {
    const o = await opportunity();
    await t.db
      .execute(`create or replace function grip_test_fail_message() returns trigger language plpgsql as $$
      begin if new.message = 'FAIL THIS COUNTER OFFER' then raise exception 'forced failure'; end if; return new; end $$`);
    await t.db.execute(`create trigger grip_test_fail_message before insert on messages
      for each row execute function grip_test_fail_message()`);
    try {
      const scope = {
        userId: o.owner.userId,
        serviceCategories: [],
        point: null,
        serviceAreaKm: null,
      };
      await expect(
        sendCounterOffer(
          t.db,
          scope,
          o.responseId,
          { ...counter, message: 'FAIL THIS COUNTER OFFER' },
          new Date(),
        ),
      ).rejects.toThrow();
    } finally {
      await t.db.execute('drop trigger grip_test_fail_message on messages');
      await t.db.execute('drop function grip_test_fail_message()');
    }
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
    expect(row).toMatchObject({ quotedPrice: '180.00', message: 'I can clean the pool on Thursday.' });
    expect(
      await t.db.select().from(notifications).where(eq(notifications.type, 'counter_offer')),
    ).not.toContainEqual(expect.objectContaining({ userId: o.customer.userId }));
  });
});

describe('decline and accept', () => {
  it('declines a pending response, which then leaves the list; a second decline is refused', async () => {
    const o = await opportunity();
    const res = await act(o.owner.cookie, o.responseId, 'decline');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: o.responseId, status: 'declined' });
    expect((await list(o.owner.cookie)).json().items).toEqual([]);
    const again = await act(o.owner.cookie, o.responseId, 'decline');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This offer is no longer pending, so it cannot be changed here.');
  });

  it('tells the customer in the app that the business declined, in the same transaction', async () => {
    const o = await opportunity();
    const res = await act(o.owner.cookie, o.responseId, 'decline');
    expect(res.statusCode, res.body).toBe(200);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, o.customer.userId), eq(notifications.type, 'response_declined')));
    expect(notes).toHaveLength(1);
    const [request] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, o.requestId));
    expect(notes[0]).toMatchObject({
      title: 'Blue Water Pools declined your request',
      message: `They are not able to take on your request “${request!.title}”.`,
      relatedId: o.requestId,
      readAt: null,
    });
    // The customer's bell sees it through the normal API.
    const bell = await t.inject({ url: '/api/notifications', cookie: o.customer.cookie });
    expect(bell.body).toContain('Blue Water Pools declined your request');
  });

  it('declines nothing and tells no one when the notice cannot be stored', async () => {
    const o = await opportunity();
    await t.db
      .execute(`create or replace function grip_test_fail_notice() returns trigger language plpgsql as $$
      begin if new.type = 'response_declined' then raise exception 'forced failure'; end if; return new; end $$`);
    await t.db.execute(`create trigger grip_test_fail_notice before insert on notifications
      for each row execute function grip_test_fail_notice()`);
    try {
      const scope = {
        userId: o.owner.userId,
        serviceCategories: [],
        point: null,
        serviceAreaKm: null,
      };
      await expect(declineOpportunity(t.db, scope, o.responseId, new Date())).rejects.toThrow();
    } finally {
      await t.db.execute('drop trigger grip_test_fail_notice on notifications');
      await t.db.execute('drop function grip_test_fail_notice()');
    }
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
    expect(row?.status).toBe('pending');
  });

  it('accepts only a customer counter offer, answering the thread and notifying the customer', async () => {
    const o = await opportunity();
    const early = await act(o.owner.cookie, o.responseId, 'accept');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('There is no counter offer from the customer to accept.');

    await customerCounterOffer(o, new Date(Date.now() - 1000));
    expect((await list(o.owner.cookie)).json().items[0]).toMatchObject({ canAccept: true, messageCount: 1 });
    const res = await act(o.owner.cookie, o.responseId, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    const thread = await t.db.select().from(messages).where(eq(messages.responseId, o.responseId));
    expect(thread.map((m) => [m.senderId, m.messageType, m.message])).toContainEqual([
      o.owner.userId,
      'text',
      'Counter offer accepted',
    ]);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, o.customer.userId), eq(notifications.type, 'counter_offer')));
    expect(notes).toHaveLength(1);
    // Answered: nothing left to accept.
    expect((await act(o.owner.cookie, o.responseId, 'accept')).statusCode).toBe(409);
  });

  it('applies the terms of the customer’s latest counter offer to the quote on accept', async () => {
    const o = await opportunity();
    const sent = await t.inject({
      method: 'POST',
      url: `/api/offers/${o.responseId}/counter-offer`,
      cookie: o.customer.cookie,
      payload: {
        quotedPrice: 120,
        preferredDate: '2099-03-04',
        preferredTime: '10:00',
        timeFlexibility: 'exact',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [before] = await t.db
      .select()
      .from(businessResponses)
      .where(eq(businessResponses.id, o.responseId));
    // Sending a counter offer leaves the quote alone: only the business's accept changes it.
    expect(before).toMatchObject({ quotedPrice: '180.00', availabilityDate: null });
    expect((await list(o.owner.cookie)).json().items[0]).toMatchObject({ canAccept: true });

    const res = await act(o.owner.cookie, o.responseId, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
    expect(after).toMatchObject({
      status: 'pending',
      quotedPrice: '120.00',
      availabilityDate: '2099-03-04',
      availabilityTime: '10:00:00',
      message: 'I can clean the pool on Thursday.',
    });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, o.customer.userId), eq(notifications.type, 'counter_offer')));
    expect(note?.message).toBe(
      'Blue Water Pools accepted your counter offer of $120 for your request “Pool Maintenance request”',
    );
  });

  it('keeps the date and time of the quote when the counter offer names only a price', async () => {
    const o = await opportunity();
    await t.db
      .update(businessResponses)
      .set({ availabilityDate: '2099-05-06', availabilityTime: '09:00:00' })
      .where(eq(businessResponses.id, o.responseId));
    const sent = await t.inject({
      method: 'POST',
      url: `/api/offers/${o.responseId}/counter-offer`,
      cookie: o.customer.cookie,
      payload: { quotedPrice: 99.5 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await act(o.owner.cookie, o.responseId, 'accept')).statusCode).toBe(200);
    const [after] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
    expect(after).toMatchObject({
      quotedPrice: '99.50',
      availabilityDate: '2099-05-06',
      availabilityTime: '09:00:00',
    });
  });

  it('shows the exact address and refuses changes once the customer accepted the offer', async () => {
    const o = await opportunity();
    await t.db
      .update(businessResponses)
      .set({ status: 'accepted' })
      .where(eq(businessResponses.id, o.responseId));
    const item = (await list(o.owner.cookie)).json().items[0];
    expect(item).toMatchObject({ status: 'accepted', canDecline: false, canEditOffer: false });
    expect(item.request.locationAddress).toBe(EXACT_ADDRESS);
    expect((await act(o.owner.cookie, o.responseId, 'counter-offer', counter)).statusCode).toBe(409);
  });
});

describe('accepting names the counter offer (decision 019)', () => {
  const customerCounter = (o: Awaited<ReturnType<typeof opportunity>>, quotedPrice: number) =>
    t.inject({
      method: 'POST',
      url: `/api/offers/${o.responseId}/counter-offer`,
      cookie: o.customer.cookie,
      payload: { quotedPrice, preferredDate: '2099-03-04', preferredTime: '10:00' },
    });
  /** Everything an acceptance writes: the quote, the thread and the customer's notices. */
  async function footprint(o: Awaited<ReturnType<typeof opportunity>>) {
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
    return {
      quote: [row!.status, row!.quotedPrice, row!.availabilityDate, row!.updatedAt.toISOString()],
      thread: (await t.db.select().from(messages).where(eq(messages.responseId, o.responseId))).length,
      notices: (await t.db.select().from(notifications).where(eq(notifications.userId, o.customer.userId)))
        .length,
    };
  }

  it('refuses to accept a counter offer the customer has since replaced: 409, nothing written', async () => {
    const o = await opportunity();
    expect((await customerCounter(o, 120)).statusCode).toBe(200);
    // The business's card (read now) shows the $120 proposal …
    const stale = await t.acceptBody(o.owner.cookie, o.responseId);
    // … and in another tab it answers with its own counter offer; the customer proposes $60.
    expect((await act(o.owner.cookie, o.responseId, 'counter-offer', counter)).statusCode).toBe(200);
    expect((await customerCounter(o, 60)).statusCode).toBe(200);
    const before = await footprint(o);

    const res = await act(o.owner.cookie, o.responseId, 'accept', stale);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ error: 'terms_changed', message: TERMS_MESSAGES.counterOfferChanged });
    expect(await footprint(o)).toEqual(before);

    // The card read again names the $60 proposal; accepting that one applies it.
    const fresh = await t.acceptBody(o.owner.cookie, o.responseId);
    expect(fresh.counterOfferId).not.toBe(stale.counterOfferId);
    const ok = await act(o.owner.cookie, o.responseId, 'accept', fresh);
    expect(ok.statusCode, ok.body).toBe(200);
    const [after] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
    expect(after).toMatchObject({ status: 'pending', quotedPrice: '60.00' });
  });

  it('refuses an acceptance that names no counter offer, or another thread’s, in plain words', async () => {
    const o = await opportunity();
    const other = await opportunity(o.owner);
    expect((await customerCounter(o, 120)).statusCode).toBe(200);
    expect((await customerCounter(other, 90)).statusCode).toBe(200);
    const before = await footprint(o);
    for (const payload of [
      {},
      { counterOfferId: '' },
      { counterOfferId: 7 },
      { counterOfferId: 'x'.repeat(101) },
    ]) {
      const res = await act(o.owner.cookie, o.responseId, 'accept', payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(TERMS_MESSAGES.counterOfferMissing);
    }
    const bare = await t.inject({
      method: 'POST',
      url: `/api/business/opportunities/${o.responseId}/accept`,
      cookie: o.owner.cookie,
    });
    expect([bare.statusCode, bare.json().message]).toEqual([400, TERMS_MESSAGES.counterOfferMissing]);
    // The customer's counter offer on another request is not this one.
    const elsewhere = await t.acceptBody(o.owner.cookie, other.responseId);
    const res = await act(o.owner.cookie, o.responseId, 'accept', elsewhere);
    expect([res.statusCode, res.json().error]).toEqual([409, 'terms_changed']);
    expect(await footprint(o)).toEqual(before);
  });
});

describe('agreeing to the request as it is (decision 019)', () => {
  type Opp = Awaited<ReturnType<typeof opportunity>>;
  const edit = (o: Opp, change: Record<string, unknown>) =>
    t.inject({
      method: 'PATCH',
      url: `/api/requests/${o.requestId}`,
      cookie: o.customer.cookie,
      payload: { ...POOL_REQUEST, ...change },
    });
  const card = async (o: Opp) =>
    ((await list(o.owner.cookie)).json().items as Record<string, unknown>[]).find(
      (i) => i.id === o.responseId,
    )!;
  const agreed = async (o: Opp) =>
    (await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId)))[0]!
      .agreedRequestVersion;
  /** Everything an answer of the business could write. */
  async function footprint(o: Opp) {
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
    return {
      row,
      thread: (await t.db.select().from(messages).where(eq(messages.responseId, o.responseId))).length,
      notices: (await t.db.select().from(notifications).where(eq(notifications.userId, o.customer.userId)))
        .length,
    };
  }

  it('marks the card once the customer changed the request, and Keep My Quote answers it', async () => {
    const o = await opportunity();
    const before = await card(o);
    expect(before).toMatchObject({ requestChangedSinceQuote: false, canKeepQuote: false });
    expect(before.requestVersion).toBe(await agreed(o));

    expect((await edit(o, { budget: 90, isUrgent: true })).statusCode).toBe(200);
    const changed = await card(o);
    expect(changed).toMatchObject({
      requestChangedSinceQuote: true,
      canKeepQuote: true,
      request: { budgetMin: '90.00', isUrgent: true },
    });
    expect(changed.requestVersion).not.toBe(before.requestVersion);

    const kept = await act(o.owner.cookie, o.responseId, 'keep-quote', {
      requestVersion: changed.requestVersion,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await card(o)).toMatchObject({ requestChangedSinceQuote: false, canKeepQuote: false });
    expect(await agreed(o)).toBe(changed.requestVersion);
  });

  it('refuses Edit Offer, Accept Request and Keep My Quote naming the request as it was: 409, nothing written', async () => {
    const o = await opportunity();
    const offered = await t.inject({
      method: 'POST',
      url: `/api/offers/${o.responseId}/counter-offer`,
      cookie: o.customer.cookie,
      payload: { quotedPrice: 120 },
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const read = await card(o);
    const acceptBody = await t.acceptBody(o.owner.cookie, o.responseId);
    expect(acceptBody.requestVersion).toBe(read.requestVersion);
    expect((await edit(o, { preferredDate: '2099-08-01' })).statusCode).toBe(200);
    const before = await footprint(o);

    for (const [action, body] of [
      ['counter-offer', { ...counter, requestVersion: read.requestVersion }],
      ['accept', acceptBody],
      ['keep-quote', { requestVersion: read.requestVersion }],
    ] as const) {
      const res = await act(o.owner.cookie, o.responseId, action, body);
      expect([res.statusCode, res.json()], action).toEqual([
        409,
        { error: 'terms_changed', message: TERMS_MESSAGES.requestChanged },
      ]);
    }
    expect(await footprint(o)).toEqual(before);

    // Named as it is now, Accept Request agrees to the counter offer and to the changed request.
    const ok = await act(
      o.owner.cookie,
      o.responseId,
      'accept',
      await t.acceptBody(o.owner.cookie, o.responseId),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await card(o)).toMatchObject({ requestChangedSinceQuote: false, quotedPrice: '120.00' });
  });

  it('takes an answer that names no request as agreeing to the request as it is (an older client)', async () => {
    const o = await opportunity();
    expect((await edit(o, { description: 'The pump grinds and leaks.' })).statusCode).toBe(200);
    expect((await act(o.owner.cookie, o.responseId, 'counter-offer', counter)).statusCode).toBe(200);
    expect(await card(o)).toMatchObject({ requestChangedSinceQuote: false });
  });

  it('keeps Keep My Quote open while the business’s own counter offer awaits the customer, and to it alone', async () => {
    const o = await opportunity();
    expect((await act(o.owner.cookie, o.responseId, 'counter-offer', counter)).statusCode).toBe(200);
    expect((await edit(o, { budget: 300 })).statusCode).toBe(200);
    const read = await card(o);
    expect(read).toMatchObject({ hasPendingCounterOffer: true, canEditOffer: false, canKeepQuote: true });
    const body = { requestVersion: read.requestVersion };
    const before = await footprint(o);

    const stranger = await business('Other Pools');
    const refusals: [string, string | undefined, unknown, number, string | undefined][] = [
      ['another business', stranger.cookie, body, 404, undefined],
      ['the customer', o.customer.cookie, body, 403, undefined],
      ['a visitor', undefined, body, 401, undefined],
      ['no version', o.owner.cookie, {}, 400, TERMS_MESSAGES.keepQuoteVersionMissing],
      ['a blank one', o.owner.cookie, { requestVersion: ' ' }, 400, TERMS_MESSAGES.keepQuoteVersionMissing],
    ];
    for (const [label, cookie, payload, status, message] of refusals) {
      const res = await t.inject({
        method: 'POST',
        url: `/api/business/opportunities/${o.responseId}/keep-quote`,
        cookie,
        payload: payload as object,
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      if (message) expect(res.json().message, label).toBe(message);
    }
    expect(await footprint(o)).toEqual(before);
    expect((await act(o.owner.cookie, o.responseId, 'keep-quote', body)).statusCode).toBe(200);
  });
});
