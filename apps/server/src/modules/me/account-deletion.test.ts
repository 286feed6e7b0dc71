/**
 * Delete Account: the confirmation and password, what is removed and what stays for the other side,
 * telling the other party of each open booking, signing out everywhere, and the platform never losing
 * its last administrator.
 */
import {
  ACCOUNT_DELETION_MESSAGES,
  ADMIN_USER_MESSAGES,
  DELETED_ACCOUNT_NAME,
  deletedAccountEmail,
  type CompletionStatus,
  type ResponseStatus,
} from '@grip/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessResponses,
  notifications,
  outbox,
  profiles,
  pushSubscriptions,
  serviceRequests,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { anonymiseAccount } from './account-deletion.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  await t.app.grip.outbox.stop();
});

afterAll(async () => {
  await t.close();
});

const remove = (cookie: string | undefined, payload: object) =>
  t.inject({ method: 'POST', url: '/api/me/delete-account', payload, ...(cookie ? { cookie } : {}) });
const me = async (cookie: string) => (await t.inject({ url: '/api/me', cookie })).statusCode;

async function makeRequest(userId: string, status: 'open' | 'assigned' = 'open', title = 'Leaking tap') {
  const [row] = await t.db
    .insert(serviceRequests)
    .values({
      userId,
      serviceType: 'Plumbing',
      title,
      description: 'The kitchen tap drips.',
      locationAddress: '3 Bay Rd, Manly NSW 2095',
      status,
    })
    .returning({ id: serviceRequests.id });
  return row!.id;
}

async function respond(
  requestId: string,
  businessUserId: string,
  status: ResponseStatus,
  completionStatus: CompletionStatus = 'pending',
) {
  const [row] = await t.db
    .insert(businessResponses)
    .values({
      requestId,
      businessUserId,
      status,
      completionStatus,
      quotedPrice: '120.00',
      message: 'Happy to help.',
      acceptedAt: status === 'accepted' ? new Date() : null,
    })
    .returning({ id: businessResponses.id });
  return row!.id;
}

/** A booked job of `customerId` with `businessId`: an accepted quote on an assigned request. */
async function book(customerId: string, businessId: string, title: string, completion?: CompletionStatus) {
  return respond(await makeRequest(customerId, 'assigned', title), businessId, 'accepted', completion);
}

const PARTY_LEFT = 'booking_party_left';

/** The booking_party_left notifications that reached any of `userIds`. */
const partyLeftTo = (userIds: string[]) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.type, PARTY_LEFT), inArray(notifications.userId, userIds)));

/** A web-push device for `userId`, so its notifications are enqueued to it with their link. */
const addDevice = (userId: string) =>
  t.db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: `https://push.example.com/${userId}`, p256dh: 'k', auth: 'a' });

/** The user's pushes of this event, once the committed notifications are fanned out (as the worker would). */
const pushesTo = async (userId: string) => {
  await t.app.grip.outbox.fanOut();
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'push'), eq(outbox.topic, PARTY_LEFT), eq(outbox.userId, userId)));
};

const leftText = (name: string, title: string) =>
  `${name} has deleted their Grip account. Your booking for ${title} stays in your records, but they can no longer be reached on Grip.`;

describe('Delete Account', () => {
  it('needs a session, the word DELETE and the right password; a refusal changes nothing', async () => {
    expect((await remove(undefined, { confirmation: 'DELETE' })).statusCode).toBe(401);
    const person = await t.signUp();
    const unconfirmed = await remove(person.cookie, { password: person.password, confirmation: 'delete' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().message).toBe(ACCOUNT_DELETION_MESSAGES.confirmationRequired);
    const noPassword = await remove(person.cookie, { confirmation: 'DELETE' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe(ACCOUNT_DELETION_MESSAGES.passwordRequired);
    const wrong = await remove(person.cookie, { password: 'not-the-password-1', confirmation: 'DELETE' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_DELETION_MESSAGES.passwordWrong);
    expect(await me(person.cookie)).toBe(200);
  });

  it('anonymises a customer: signed out everywhere, open requests withdrawn, booked jobs kept for the business', async () => {
    const customer = await t.signUp({ name: 'Dana Delete' });
    const phone = (await t.signIn(customer.email, customer.password)).cookie;
    const business = await t.signUp({ role: 'business_owner', businessName: 'Keep Plumbing' });
    const open = await makeRequest(customer.userId);
    const pendingOnOpen = await respond(open, business.userId, 'pending');
    const booked = await makeRequest(customer.userId, 'assigned');
    const job = await respond(booked, business.userId, 'accepted');
    await t.db
      .insert(pushSubscriptions)
      .values({ userId: customer.userId, endpoint: 'https://push.example.com/d', p256dh: 'k', auth: 'a' });
    const [waiting] = await t.db
      .insert(outbox)
      .values({
        channel: 'email',
        topic: 'new_response',
        recipient: customer.email,
        payload: { subject: 'A quote', text: 'You have a quote.' },
        userId: customer.userId,
      })
      .returning({ id: outbox.id });

    const res = await remove(customer.cookie, { password: customer.password, confirmation: 'DELETE' });
    expect(res.statusCode, res.body).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/session_token=;|Max-Age=0/i);
    expect(await me(customer.cookie)).toBe(401);
    expect(await me(phone)).toBe(401);
    expect((await t.signIn(customer.email, customer.password)).res.statusCode).toBe(401);

    const [user] = await t.db.select().from(users).where(eq(users.id, customer.userId));
    expect(user).toMatchObject({ name: DELETED_ACCOUNT_NAME, email: deletedAccountEmail(customer.userId) });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, customer.userId));
    expect(profile).toMatchObject({ displayName: DELETED_ACCOUNT_NAME, role: 'user', phone: null });
    expect(profile?.deletedAt).toBeInstanceOf(Date);
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.userId)),
    ).toEqual([]);

    const [delivery] = await t.db.select().from(outbox).where(eq(outbox.id, waiting!.id));
    expect(delivery).toMatchObject({ status: 'failed', lastError: expect.stringContaining('deleted') });

    const [withdrawn] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, open));
    expect(withdrawn?.archivedAt).toBeInstanceOf(Date);
    expect(withdrawn?.locationAddress).toBeNull();
    const [kept] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, booked));
    expect(kept?.archivedAt).toBeNull();
    const responses = await t.db.select({ id: businessResponses.id }).from(businessResponses);
    expect(responses.map((r) => r.id)).toEqual(expect.arrayContaining([job, pendingOnOpen]));

    // The same email can start a new account.
    expect((await t.signUp({ email: customer.email })).userId).not.toBe(customer.userId);
  });

  it('withdraws a business’s quotes not yet accepted, keeps its booked jobs and takes it out of business lists', async () => {
    const business = await t.signUp({ role: 'business_owner', businessName: 'Gone Gardens' });
    const customer = await t.signUp();
    const quote = await respond(await makeRequest(customer.userId), business.userId, 'pending');
    const job = await respond(await makeRequest(customer.userId, 'assigned'), business.userId, 'accepted');
    const res = await remove(business.cookie, { password: business.password, confirmation: 'DELETE' });
    expect(res.statusCode, res.body).toBe(204);
    const left = await t.db
      .select({ id: businessResponses.id })
      .from(businessResponses)
      .where(eq(businessResponses.businessUserId, business.userId));
    expect(left.map((r) => r.id)).toEqual([job]);
    expect(left.map((r) => r.id)).not.toContain(quote);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, business.userId));
    expect(profile).toMatchObject({ role: 'user', businessName: null, serviceCategories: [] });
  });

  it('leaves administrators nothing to change on a deleted account', async () => {
    const admin = await t.signUp({ role: 'administrator' });
    const person = await t.signUp();
    expect(
      (await remove(person.cookie, { password: person.password, confirmation: 'DELETE' })).statusCode,
    ).toBe(204);
    const listed = await t.inject({
      url: `/api/admin/users?q=${person.userId.slice(0, 12)}`,
      cookie: admin.cookie,
    });
    expect(listed.json().items[0]).toMatchObject({ userId: person.userId, name: DELETED_ACCOUNT_NAME });
    expect(listed.json().items[0].deletedAt).not.toBeNull();
    for (const [path, payload] of [
      ['role', { role: 'administrator' }],
      ['suspension', { suspended: true }],
    ] as const) {
      const res = await t.inject({
        method: 'PUT',
        url: `/api/admin/users/${person.userId}/${path}`,
        cookie: admin.cookie,
        payload,
      });
      expect(res.statusCode, path).toBe(409);
      expect(res.json().message).toBe(ADMIN_USER_MESSAGES.deletedAccount);
    }
  });

  it('refuses the only administrator, and lets one of two go', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.app.ready();
      await fresh.app.grip.outbox.stop();
      const admin = await fresh.signUp({ role: 'administrator' });
      const send = (cookie: string, password: string) =>
        fresh.inject({
          method: 'POST',
          url: '/api/me/delete-account',
          cookie,
          payload: { password, confirmation: 'DELETE' },
        });
      const refused = await send(admin.cookie, admin.password);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ACCOUNT_DELETION_MESSAGES.lastAdministrator);
      const second = await fresh.signUp();
      await fresh.db
        .update(profiles)
        .set({ role: 'administrator' })
        .where(eq(profiles.userId, second.userId));
      expect((await send(admin.cookie, admin.password)).statusCode).toBe(204);
    } finally {
      await fresh.close();
    }
  });
});

describe('Delete Account tells the other party of each open booking', () => {
  it('tells each business with an open booking once, by the customer’s name; finished work and quotes go untold', async () => {
    const customer = await t.signUp({ name: 'Nora Leaving' });
    const plumber = await t.signUp({ role: 'business_owner', businessName: 'Open Plumbing' });
    const fencer = await t.signUp({ role: 'business_owner', businessName: 'Busy Fences' });
    const finisher = await t.signUp({ role: 'business_owner', businessName: 'Done Painting' });
    const quoter = await t.signUp({ role: 'business_owner', businessName: 'Only Quoted' });
    const tap = await book(customer.userId, plumber.userId, 'Leaking tap');
    const fence = await book(customer.userId, fencer.userId, 'Fence repair', 'in_progress');
    await book(customer.userId, finisher.userId, 'Paint the hall', 'completed');
    await book(customer.userId, finisher.userId, 'Paint the shed', 'contested');
    await respond(await makeRequest(customer.userId), quoter.userId, 'pending');
    await addDevice(plumber.userId);

    const res = await remove(customer.cookie, { password: customer.password, confirmation: 'DELETE' });
    expect(res.statusCode, res.body).toBe(204);

    const told = await partyLeftTo([customer, plumber, fencer, finisher, quoter].map((p) => p.userId));
    expect(told.map((n) => [n.userId, n.relatedId]).sort()).toEqual(
      [
        [plumber.userId, tap],
        [fencer.userId, fence],
      ].sort(),
    );
    const list = await t.inject({ url: '/api/notifications', cookie: plumber.cookie });
    expect(list.json().items.filter((n: { type: string }) => n.type === PARTY_LEFT)).toEqual([
      expect.objectContaining({
        title: 'Booking update',
        message: leftText('Nora Leaving', 'Leaking tap'),
        relatedId: tap,
        readAt: null,
      }),
    ]);
    expect(told.find((n) => n.userId === fencer.userId)?.message).toBe(
      leftText('Nora Leaving', 'Fence repair'),
    );
    // The push opens the business's own Confirmed Bookings.
    const [push, ...more] = await pushesTo(plumber.userId);
    expect(more).toEqual([]);
    expect(push?.payload).toMatchObject({
      title: 'Booking update',
      body: leftText('Nora Leaving', 'Leaking tap'),
      url: '/business-confirmed',
    });

    // The booking stays for the business, under the deleted name, and its chat still opens.
    const jobs = await t.inject({ url: '/api/business/jobs?section=active', cookie: plumber.cookie });
    expect(jobs.json().items).toEqual([
      expect.objectContaining({ id: tap, customerName: DELETED_ACCOUNT_NAME }),
    ]);
    const chat = await t.inject({ url: `/api/conversations/${tap}`, cookie: plumber.cookie });
    expect(chat.statusCode, chat.body).toBe(200);
    expect(chat.json().otherPartyName).toBe(DELETED_ACCOUNT_NAME);
  });

  it('tells each customer with an open booking once, by the business’s name', async () => {
    const business = await t.signUp({ role: 'business_owner', businessName: 'Gone Gardens' });
    const customer = await t.signUp({ name: 'Cara Customer' });
    const other = await t.signUp({ name: 'Finished Fred' });
    const quoted = await t.signUp({ name: 'Quoted Quinn' });
    const hedge = await book(customer.userId, business.userId, 'Trim the hedge');
    await book(other.userId, business.userId, 'Mow the lawn', 'completed');
    await respond(await makeRequest(quoted.userId), business.userId, 'pending');
    await addDevice(customer.userId);

    const res = await remove(business.cookie, { password: business.password, confirmation: 'DELETE' });
    expect(res.statusCode, res.body).toBe(204);

    const told = await partyLeftTo([business, customer, other, quoted].map((p) => p.userId));
    expect(told).toEqual([
      expect.objectContaining({
        userId: customer.userId,
        title: 'Booking update',
        message: leftText('Gone Gardens', 'Trim the hedge'),
        relatedId: hedge,
      }),
    ]);
    const [push] = await pushesTo(customer.userId);
    expect(push?.payload).toMatchObject({ url: '/confirmed' });

    const bookings = await t.inject({ url: '/api/bookings?section=confirmed', cookie: customer.cookie });
    expect(bookings.json().items).toEqual([
      expect.objectContaining({
        responseId: hedge,
        business: expect.objectContaining({ name: DELETED_ACCOUNT_NAME, email: null }),
      }),
    ]);
    // Nor does the booking's offer give out the deleted account's placeholder address.
    const offer = await t.inject({ url: `/api/offers/${hedge}`, cookie: customer.cookie });
    expect(offer.statusCode).toBe(200);
    expect(JSON.stringify(offer.json())).not.toContain('deleted.invalid');
  });

  it('sends nothing at all when the person has no open booking', async () => {
    const count = async () => {
      const [row] = await t.db
        .select({
          notices: sql<number>`(select count(*)::int from ${notifications} where ${notifications.type} = ${PARTY_LEFT})`,
          deliveries: sql<number>`(select count(*)::int from ${outbox} where ${outbox.topic} = ${PARTY_LEFT})`,
        })
        .from(sql`(select 1) as one`);
      return row;
    };
    const business = await t.signUp({ role: 'business_owner', businessName: 'Quiet Works' });
    const customer = await t.signUp();
    await addDevice(customer.userId);
    await book(customer.userId, business.userId, 'Old job', 'completed');
    await respond(await makeRequest(customer.userId), business.userId, 'pending');
    const before = await count();
    const res = await remove(business.cookie, { password: business.password, confirmation: 'DELETE' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await count()).toEqual(before);
  });

  it('tells no one when the deletion fails after the notices, and deletes nothing', async () => {
    const customer = await t.signUp({ name: 'Rolled Back' });
    const business = await t.signUp({ role: 'business_owner', businessName: 'Still Booked' });
    const job = await book(customer.userId, business.userId, 'Broken gate');
    await addDevice(business.userId);
    // The notice's queueing for push and SMS is the last write of the transaction (drizzle/0024):
    // failing it must undo the lot.
    await t.db
      .execute(sql`create function grip_test_refuse_party_left() returns trigger language plpgsql as $$
      begin
        raise exception 'refused for the test';
      end $$`);
    await t.db.execute(sql`create trigger grip_test_refuse_party_left before insert on notification_fan_out
      for each row execute function grip_test_refuse_party_left()`);
    try {
      await expect(anonymiseAccount(t.db, customer.userId, new Date())).rejects.toThrow();
    } finally {
      await t.db.execute(sql`drop trigger grip_test_refuse_party_left on notification_fan_out`);
      await t.db.execute(sql`drop function grip_test_refuse_party_left()`);
    }
    expect(await partyLeftTo([business.userId])).toEqual([]);
    expect(await pushesTo(business.userId)).toEqual([]);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, customer.userId));
    expect(profile).toMatchObject({ displayName: 'Rolled Back', deletedAt: null });
    const [response] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, job));
    expect(response?.status).toBe('accepted');
    expect(await me(customer.cookie)).toBe(200);
  });
});
