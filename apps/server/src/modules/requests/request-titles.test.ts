import { REQUEST_TITLE_MESSAGES } from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox, profiles, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Issue 33 item 3, decision 030: requests have short titles, chosen or suggested. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = {
  serviceType: 'Home & Property Services',
  serviceSubtype: 'plumbing',
  description: 'My kitchen tap is leaking. It drips all night.',
  location: '3 Bay Rd, Manly NSW 2095',
  serviceAreaKm: 10,
  budget: 150,
};

async function post(cookie: string, change: Record<string, unknown> = {}) {
  return t.inject({ method: 'POST', url: '/api/requests', cookie, payload: { ...valid, ...change } });
}

async function storedTitle(id: string) {
  const [row] = await t.db
    .select({ title: serviceRequests.title })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id));
  return row?.title;
}

describe('a request title', () => {
  it('is stored as the customer chose it, and named in what matching businesses are told', async () => {
    const plumber = await t.signUp({ role: 'business_owner' });
    await t.db
      .update(profiles)
      .set({ serviceCategories: ['Plumbing'] })
      .where(eq(profiles.userId, plumber.userId));
    const customer = await t.signUp();
    const res = await post(customer.cookie, { title: '  Dripping tap in the kitchen ' });
    expect(res.statusCode, res.body).toBe(201);
    const { id, title } = res.json();
    expect(title).toBe('Dripping tap in the kitchen');
    expect(await storedTitle(id)).toBe('Dripping tap in the kitchen');

    const mine = await t.inject({ url: `/api/requests/${id}`, cookie: customer.cookie });
    expect(mine.json().title).toBe('Dripping tap in the kitchen');

    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, plumber.userId), eq(notifications.relatedId, id)));
    expect(note!.message).toMatch(/^Dripping tap in the kitchen( in .+)?$/);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.requestId, id));
    const payload = mail!.payload as { subject: string; text: string };
    expect(payload.subject).toMatch(/^New request: Dripping tap in the kitchen/);
    expect(payload.text).toContain(
      'asked for quotes: “Dripping tap in the kitchen” (Home & Property Services · Plumbing).',
    );
  });

  it('is suggested from the description when an older client sends none', async () => {
    const customer = await t.signUp();
    const res = await post(customer.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().title).toBe('Leaking kitchen tap');
    expect(await storedTitle(res.json().id)).toBe('Leaking kitchen tap');

    const vague = await post(customer.cookie, { description: 'Please help!!! ASAP!!!', title: null });
    expect(vague.json().title).toBe('Plumbing');
  });

  it.each([
    ['   ', REQUEST_TITLE_MESSAGES.required],
    ['ab', REQUEST_TITLE_MESSAGES.tooShort],
    ['x'.repeat(61), REQUEST_TITLE_MESSAGES.tooLong],
    ['Tap\u0000', 'Please remove the unsupported characters.'],
  ])('refuses the title %j in words', async (title, message) => {
    const customer = await t.signUp();
    const res = await post(customer.cookie, { title });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.title).toBe(message);
  });

  it('is changed by an edit, and kept by an edit that sends none', async () => {
    const customer = await t.signUp();
    const { id } = (await post(customer.cookie, { title: 'Kitchen tap' })).json();
    const edit = (change: Record<string, unknown>) =>
      t.inject({
        method: 'PATCH',
        url: `/api/requests/${id}`,
        cookie: customer.cookie,
        payload: { ...valid, ...change },
      });

    const renamed = await edit({ title: 'Kitchen and laundry taps' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().title).toBe('Kitchen and laundry taps');

    // An older client edits other fields only: the title is not re-suggested from the new description.
    const older = await edit({ description: 'The laundry tap is broken as well now.' });
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json().title).toBe('Kitchen and laundry taps');

    const refused = await edit({ title: 'no' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.title).toBe(REQUEST_TITLE_MESSAGES.tooShort);
    expect(await storedTitle(id)).toBe('Kitchen and laundry taps');
  });
});
