/**
 * Delete Account: the confirmation and password, what is removed and what stays for the other side,
 * signing out everywhere, and the platform never losing its last administrator.
 */
import {
  ACCOUNT_DELETION_MESSAGES,
  ADMIN_USER_MESSAGES,
  DELETED_ACCOUNT_NAME,
  deletedAccountEmail,
  type ResponseStatus,
} from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessResponses,
  outbox,
  profiles,
  pushSubscriptions,
  serviceRequests,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

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

async function makeRequest(userId: string, status: 'open' | 'assigned' = 'open') {
  const [row] = await t.db
    .insert(serviceRequests)
    .values({
      userId,
      serviceType: 'Plumbing',
      title: 'Leaking tap',
      description: 'The kitchen tap drips.',
      locationAddress: '3 Bay Rd, Manly NSW 2095',
      status,
    })
    .returning({ id: serviceRequests.id });
  return row!.id;
}

async function respond(requestId: string, businessUserId: string, status: ResponseStatus) {
  const [row] = await t.db
    .insert(businessResponses)
    .values({ requestId, businessUserId, status, quotedPrice: '120.00', message: 'Happy to help.' })
    .returning({ id: businessResponses.id });
  return row!.id;
}

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
