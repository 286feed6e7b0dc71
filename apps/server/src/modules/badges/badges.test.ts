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

  it('needs a session', async () => {
    expect((await t.inject({ url: '/api/badges' })).statusCode).toBe(401);
  });
});
