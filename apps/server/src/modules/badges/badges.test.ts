import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, messages, profiles, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (cookie: string, serviceType: string) =>
  t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie,
    payload: {
      serviceType,
      description: 'Please help with this job soon.',
      location: 'Glebe NSW',
      serviceAreaKm: 5,
      budget: 90,
    },
  });

describe('badge counts', () => {
  it("counts a business's new matching requests of the last 24 h not yet responded to", async () => {
    const biz = await t.signUp({ role: 'business_owner' });
    await t.db
      .update(profiles)
      .set({ serviceCategories: ['Gardening'] })
      .where(eq(profiles.userId, biz.userId));
    const customer = await t.signUp();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await post(customer.cookie, 'Gardening')).json().id);
    await post(customer.cookie, 'Plumbing');

    const counts = async () => (await t.inject({ url: '/api/badges', cookie: biz.cookie })).json();
    expect(await counts()).toMatchObject({ newRequests: 12, unreadNotifications: 12 });

    // Older than 24 hours: no longer new.
    await t.db
      .update(serviceRequests)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(serviceRequests.id, ids[0]!));
    // Responded to: no longer new.
    await t.db.insert(businessResponses).values({
      requestId: ids[1]!,
      businessUserId: biz.userId,
      quotedPrice: '80',
      message: 'Happy to help with this',
    });
    // Archived or assigned: not open.
    await t.db
      .update(serviceRequests)
      .set({ archivedAt: sql`now()` })
      .where(eq(serviceRequests.id, ids[2]!));
    await t.db.update(serviceRequests).set({ status: 'assigned' }).where(eq(serviceRequests.id, ids[3]!));
    expect((await counts()).newRequests).toBe(8);
  });

  it('counts unread messages by receiver, and NEW responses and bookings for a customer', async () => {
    const biz = await t.signUp({ role: 'business_owner' });
    const customer = await t.signUp();
    const requestId = (await post(customer.cookie, 'Painting')).json().id;
    const [response] = await t.db
      .insert(businessResponses)
      .values({ requestId, businessUserId: biz.userId, quotedPrice: '500', message: 'We can paint it' })
      .returning();
    let counts = (await t.inject({ url: '/api/badges', cookie: customer.cookie })).json();
    expect(counts).toMatchObject({ pendingResponses: 1, confirmed: 0, unreadMessages: 0 });

    await t.db
      .update(businessResponses)
      .set({ status: 'accepted' })
      .where(eq(businessResponses.id, response!.id));
    await t.db.insert(messages).values([
      {
        requestId,
        responseId: response!.id,
        senderId: biz.userId,
        receiverId: customer.userId,
        message: 'Hi!',
      },
      {
        requestId,
        responseId: response!.id,
        senderId: biz.userId,
        receiverId: customer.userId,
        message: 'When?',
      },
      {
        requestId,
        responseId: response!.id,
        senderId: customer.userId,
        receiverId: biz.userId,
        message: 'Tue',
      },
    ]);
    counts = (await t.inject({ url: '/api/badges', cookie: customer.cookie })).json();
    expect(counts).toMatchObject({ pendingResponses: 0, confirmed: 1, unreadMessages: 2 });
    const bizCounts = (await t.inject({ url: '/api/badges', cookie: biz.cookie })).json();
    expect(bizCounts).toMatchObject({ confirmed: 1, unreadMessages: 1 });
  });

  it("counts a customer's Confirmed exactly as Confirmed Requests lists: not contested, not on archived requests", async () => {
    const customer = await t.signUp();
    const biz = await t.signUp({ role: 'business_owner' });
    const book = async (completionStatus: 'in_progress' | 'contested' | 'completed') => {
      const requestId = (await post(customer.cookie, 'Tiling')).json().id as string;
      await t.db.insert(businessResponses).values({
        requestId,
        businessUserId: biz.userId,
        quotedPrice: '300',
        message: 'Tiles laid',
        status: 'accepted',
        completionStatus,
      });
      return requestId;
    };
    const confirmedOf = async (cookie: string) =>
      (await t.inject({ url: '/api/badges', cookie })).json().confirmed as number;
    const working = await book('in_progress');
    await book('contested');
    await book('completed');
    expect(await confirmedOf(customer.cookie)).toBe(1);
    const list = (await t.inject({ url: '/api/bookings?section=confirmed', cookie: customer.cookie })).json();
    expect(list.items).toHaveLength(1);
    // The business still has the contested job to answer: it counts on its side.
    expect(await confirmedOf(biz.cookie)).toBe(2);

    await t.db.update(serviceRequests).set({ archivedAt: new Date() }).where(eq(serviceRequests.id, working));
    expect(await confirmedOf(customer.cookie)).toBe(0);
  });

  it('counts unread messages only in conversations the receiver can open, and reading them clears it', async () => {
    const customer = await t.signUp();
    const requestId = (await post(customer.cookie, 'Painting')).json().id as string;
    const [countered, modified, declined] = await Promise.all(
      ['Counter Painters', 'Modified Painters', 'Declined Painters'].map(async (businessName) => {
        const biz = await t.signUp({ role: 'business_owner', businessName });
        const [response] = await t.db
          .insert(businessResponses)
          .values({ requestId, businessUserId: biz.userId, quotedPrice: '500', message: 'We can paint it' })
          .returning();
        return { ...biz, responseId: response!.id };
      }),
    );
    const unreadOf = async (cookie: string) =>
      (await t.inject({ url: '/api/badges', cookie })).json().unreadMessages as number;
    const ok = (res: { statusCode: number; body: string }) =>
      expect(res.statusCode, res.body).toBeLessThan(300);

    // A business's counter offer to the customer, the customer's modified offer to a business and a
    // decline notice: all unread, none in a conversation anyone can open.
    ok(
      await t.inject({
        method: 'POST',
        url: `/api/business/opportunities/${countered!.responseId}/counter-offer`,
        cookie: countered!.cookie,
        payload: { quotedPrice: 450, availabilityDate: '2099-02-01', message: 'I can do it for less.' },
      }),
    );
    ok(
      await t.inject({
        method: 'POST',
        url: `/api/offers/${modified!.responseId}/counter-offer`,
        cookie: customer.cookie,
        payload: { quotedPrice: 300, preferredDate: '2099-12-01', preferredTime: '10:00' },
      }),
    );
    ok(
      await t.inject({
        method: 'POST',
        url: `/api/offers/${declined!.responseId}/decline`,
        cookie: customer.cookie,
      }),
    );
    const unread = await t.db.select().from(messages).where(eq(messages.requestId, requestId));
    expect(unread.filter((m) => m.readAt === null)).toHaveLength(3);
    expect(await unreadOf(customer.cookie)).toBe(0);
    expect(await unreadOf(modified!.cookie)).toBe(0);
    expect(await unreadOf(declined!.cookie)).toBe(0);

    // Booking the countered offer opens its conversation: its unread counter offer now counts, as a
    // chat message does; the rejected one with the customer's modified offer still does not.
    ok(await t.confirmOffer(customer.cookie, countered!.responseId));
    const send = (cookie: string, message: string) =>
      t.inject({
        method: 'POST',
        url: `/api/conversations/${countered!.responseId}/messages`,
        cookie,
        payload: { message },
      });
    ok(await send(countered!.cookie, 'Thanks! See you Tuesday.'));
    ok(await send(customer.cookie, 'Great, thank you.'));
    expect(await unreadOf(customer.cookie)).toBe(2);
    expect(await unreadOf(countered!.cookie)).toBe(1);
    expect(await unreadOf(modified!.cookie)).toBe(0);
    // The badge agrees with the conversation list.
    const list = (await t.inject({ url: '/api/conversations', cookie: customer.cookie })).json();
    expect(list.items.map((c: { unreadCount: number }) => c.unreadCount)).toEqual([2]);

    for (const party of [customer, countered!]) {
      const read = await t.inject({
        method: 'POST',
        url: `/api/conversations/${countered!.responseId}/read`,
        cookie: party.cookie,
      });
      ok(read);
      expect(await unreadOf(party.cookie)).toBe(0);
    }

    // A job its business archived leaves the business's conversation list, and its badge with it.
    ok(await send(customer.cookie, 'One more thing.'));
    expect(await unreadOf(countered!.cookie)).toBe(1);
    await t.db
      .update(businessResponses)
      .set({ archivedAt: sql`now()` })
      .where(eq(businessResponses.id, countered!.responseId));
    expect(await unreadOf(countered!.cookie)).toBe(0);
  });

  it('needs a session', async () => {
    expect((await t.inject({ url: '/api/badges' })).statusCode).toBe(401);
  });
});
