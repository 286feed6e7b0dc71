import { RESPONSE_MESSAGES, TERMS_MESSAGES } from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessResponses,
  notifications,
  outbox,
  profiles,
  serviceRequests,
  systemSettings,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { POOL_REQUEST } from '../../test/pool-request';
import { runPrepared } from '../../db/prepared';
import { findRequestToQuote } from './responses.repository';
import { SUBMIT_QUOTE } from './submit-quote.sql';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MANLY = { latitude: -33.797, longitude: 151.285 };
const MELBOURNE = { latitude: -37.814, longitude: 144.963 };

const quote = {
  message: 'I can clean the pool on Thursday morning.',
  quotedPrice: 180.5,
  priceType: 'fixed',
  availabilityDate: '2099-01-15',
  availabilityTime: '09:00',
  estimatedDuration: '2 hours',
  termsConditions: 'Chemicals included.',
};

interface BusinessOptions {
  categories?: string[];
  point?: { latitude: number; longitude: number } | null;
  serviceAreaKm?: number;
}

async function business(options: BusinessOptions = {}) {
  const b = await t.signUp({ role: 'business_owner', businessName: 'Blue Water Pools' });
  await t.db
    .update(profiles)
    .set({
      serviceCategories: options.categories ?? ['Pool Maintenance'],
      latitude: options.point === undefined ? MANLY.latitude : (options.point?.latitude ?? null),
      longitude: options.point === undefined ? MANLY.longitude : (options.point?.longitude ?? null),
      serviceAreaKm: options.serviceAreaKm ?? 25,
      phone: '+61 400 111 222',
      address: '99 Secret St, Manly NSW',
      notificationEmail: 'private-owner@bluewater.example',
    })
    .where(eq(profiles.userId, b.userId));
  return b;
}

async function postRequest(customerCookie?: string) {
  const customer = customerCookie ? { cookie: customerCookie, userId: '' } : await t.signUp();
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: POOL_REQUEST,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as string, customer };
}

const view = (id: string, cookie: string) => t.inject({ url: `/api/business/requests/${id}`, cookie });
const respond = (id: string, cookie: string, payload: unknown = quote) =>
  t.inject({ method: 'POST', url: `/api/business/requests/${id}/responses`, cookie, payload });

describe('GET /api/business/requests/:id', () => {
  it('shows a matching open request with its area and distance, never the exact address', async () => {
    const b = await business();
    const { id } = await postRequest();
    const res = await view(id, b.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id,
      title: 'Pool Maintenance request',
      areaLabel: 'Manly NSW',
      locationAddress: null,
      budgetMin: '250.00',
      status: 'open',
      myResponseId: null,
      myResponseStatus: null,
    });
    expect(body.distanceKm).toBeTypeOf('number');
    expect(body.distanceKm).toBeLessThanOrEqual(2);
    expect(res.body).not.toContain('Bay Rd');
    expect(body).not.toHaveProperty('latitude');
    expect(body).not.toHaveProperty('userId');
  });

  it('answers 404 for other categories, out of range, closed, archived, missing and malformed ids', async () => {
    const pools = await business();
    const cleaner = await business({ categories: ['Cleaning'] });
    const far = await business({ point: MELBOURNE, serviceAreaKm: 50 });
    const { id } = await postRequest();
    expect((await view(id, cleaner.cookie)).statusCode).toBe(404);
    expect((await view(id, far.cookie)).statusCode).toBe(404);

    for (const missing of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await view(missing, pools.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Request not found.');
    }

    await t.db.update(serviceRequests).set({ archivedAt: new Date() }).where(eq(serviceRequests.id, id));
    expect((await view(id, pools.cookie)).statusCode).toBe(404);
    await t.db
      .update(serviceRequests)
      .set({ archivedAt: null, status: 'assigned' })
      .where(eq(serviceRequests.id, id));
    expect((await view(id, pools.cookie)).statusCode).toBe(404);
  });

  it('matches on categories alone when the business has no location', async () => {
    const b = await business({ point: null });
    const { id } = await postRequest();
    const res = await view(id, b.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().distanceKm).toBeNull();
  });

  it('keeps showing a request the business answered, even once closed', async () => {
    const b = await business();
    const { id } = await postRequest();
    const created = await respond(id, b.cookie);
    expect(created.statusCode, created.body).toBe(201);
    await t.db
      .update(serviceRequests)
      .set({ status: 'assigned', archivedAt: new Date() })
      .where(eq(serviceRequests.id, id));
    const res = await view(id, b.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ myResponseId: created.json().id, myResponseStatus: 'pending' });
    expect(res.json().locationAddress).toBeNull();
  });

  it('refuses customers and administrators, and asks visitors to sign in', async () => {
    const { id, customer } = await postRequest();
    const admin = await t.signUp({ role: 'administrator' });
    for (const cookie of [customer.cookie, admin.cookie]) {
      const get = await view(id, cookie);
      expect(get.statusCode).toBe(403);
      expect(get.json().message).toBe(RESPONSE_MESSAGES.businessesOnly);
      const post = await respond(id, cookie);
      expect(post.statusCode).toBe(403);
    }
    expect((await t.inject({ url: `/api/business/requests/${id}` })).statusCode).toBe(401);
    expect(await t.db.select().from(businessResponses).where(eq(businessResponses.requestId, id))).toEqual(
      [],
    );
  });
});

describe('POST /api/business/requests/:id/responses', () => {
  it('stores a pending custom quote and tells the customer in the app and by email', async () => {
    const b = await business();
    const { id, customer } = await postRequest();
    const customerRow = await t.db
      .select({ userId: serviceRequests.userId })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id));
    const customerId = customerRow[0]!.userId;

    const res = await respond(id, b.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String), status: 'pending' });

    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, res.json().id));
    expect(row).toMatchObject({
      requestId: id,
      businessUserId: b.userId,
      message: quote.message,
      quotedPrice: '180.50',
      priceType: 'fixed',
      availabilityDate: '2099-01-15',
      availabilityTime: '09:00:00',
      estimatedDuration: '2 hours',
      termsConditions: 'Chemicals included.',
      isAcceptedAsIs: false,
      status: 'pending',
    });

    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customerId), eq(notifications.type, 'new_response')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: 'New response',
      message: 'Blue Water Pools responded to your request “Pool Maintenance request”',
      relatedId: id,
    });

    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'new_response'), eq(outbox.requestId, id)));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      channel: 'email',
      recipient: expect.stringContaining('@'),
      userId: customerId,
    });
    const customerEmail = (await t.inject({ url: '/api/me', cookie: customer.cookie })).json().user.email;
    expect(mails[0]!.recipient).toBe(customerEmail);
    const payload = JSON.stringify(mails[0]!.payload);
    expect(payload).toContain('Blue Water Pools');
    expect(payload).toContain('$180.50');
    // The business's private details stay private until a quote is accepted.
    for (const secret of ['private-owner@bluewater.example', '+61 400 111 222', '99 Secret St', b.email]) {
      expect(payload).not.toContain(secret);
    }
  });

  it('sends no email when the platform switch is off or the customer opted out', async () => {
    const b = await business();
    const { id: first } = await postRequest();
    await t.db
      .insert(systemSettings)
      .values({ key: 'email_notifications_enabled', value: 'false' })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: 'false' } });
    try {
      expect((await respond(first, b.cookie)).statusCode).toBe(201);
    } finally {
      await t.db
        .update(systemSettings)
        .set({ value: 'true' })
        .where(eq(systemSettings.key, 'email_notifications_enabled'));
    }
    const { id: second } = await postRequest();
    const [owner] = await t.db
      .select({ userId: serviceRequests.userId })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, second));
    await t.db
      .update(profiles)
      .set({ notificationPreferences: ['sms'] })
      .where(eq(profiles.userId, owner!.userId));
    expect((await respond(second, b.cookie)).statusCode).toBe(201);

    for (const id of [first, second]) {
      expect(
        await t.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.topic, 'new_response'), eq(outbox.requestId, id))),
      ).toEqual([]);
      // The in-app notice still goes out.
      expect(
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.type, 'new_response'), eq(notifications.relatedId, id))),
      ).toHaveLength(1);
    }
  });

  it('stores Accept As-Is as a flag with the spec defaults taken from the request', async () => {
    const b = await business();
    const { id } = await postRequest();
    const read = (await view(id, b.cookie)).json();
    // A client claiming accept-as-is cannot slip in another price or text.
    const res = await respond(id, b.cookie, {
      ...quote,
      requestVersion: read.termsVersion,
      message: 'Something else entirely here.',
      quotedPrice: 9999,
      priceType: 'hourly',
      availabilityDate: '2099-02-01',
      isAcceptedAsIs: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, res.json().id));
    expect(row).toMatchObject({
      message: "I accept your request for Pool Maintenance Request. Let's discuss the details!",
      quotedPrice: '250.00',
      priceType: 'fixed',
      // Nor another day: accepted as-is means available today.
      availabilityDate: new Date().toISOString().slice(0, 10),
      isAcceptedAsIs: true,
      status: 'pending',
    });
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'new_response'), eq(notifications.relatedId, id)));
    expect(note!.message).toBe('Blue Water Pools accepted your request “Pool Maintenance request”');
  });

  it.each([
    [{ message: 'short' }, 'message', 'Message must be at least 10 characters'],
    [{ quotedPrice: 0 }, 'quotedPrice', 'Price must be greater than 0'],
    [{ quotedPrice: -10 }, 'quotedPrice', 'Price must be greater than 0'],
    [{ priceType: 'weekly' }, 'priceType', RESPONSE_MESSAGES.priceTypeInvalid],
    [{ availabilityDate: '2000-01-01' }, 'availabilityDate', RESPONSE_MESSAGES.availabilityDateInPast],
    [{ availabilityDate: 'soon' }, 'availabilityDate', RESPONSE_MESSAGES.invalidDate],
  ])('refuses %o with its message', async (change, field, message) => {
    const b = await business();
    const { id } = await postRequest();
    const res = await respond(id, b.cookie, { ...quote, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await t.db.select().from(businessResponses).where(eq(businessResponses.requestId, id))).toEqual(
      [],
    );
  });

  it('takes the business’s own uploads and refuses anyone else’s', async () => {
    const b = await business();
    const other = await business();
    const { id } = await postRequest();
    const mine = await t.uploadImage(b.cookie, 'response_image');
    const theirs = await t.uploadImage(other.cookie, 'response_image');

    const refused = await respond(id, b.cookie, { ...quote, images: [mine, theirs] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(RESPONSE_MESSAGES.imagesNotUploaded);

    const ok = await respond(id, b.cookie, { ...quote, images: [mine] });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, ok.json().id));
    expect(row!.proofImages).toEqual([mine]);
  });

  it('stores one response per business: 20 simultaneous submits give one 201 and 409s', async () => {
    const b = await business();
    const other = await business();
    const { id } = await postRequest();
    const results = await Promise.all(Array.from({ length: 20 }, () => respond(id, b.cookie)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe('You have already responded to this request.');
    }
    const stored = await t.db
      .select()
      .from(businessResponses)
      .where(and(eq(businessResponses.requestId, id), eq(businessResponses.businessUserId, b.userId)));
    expect(stored).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, 'new_response'), eq(notifications.relatedId, id))),
    ).toHaveLength(1);

    // Another business still answers.
    expect((await respond(id, other.cookie)).statusCode).toBe(201);
    const again = await respond(id, b.cookie);
    expect(again.statusCode).toBe(409);
  });

  it('answers 409 for a closed request the business matches and 404 for one it does not', async () => {
    const b = await business();
    const cleaner = await business({ categories: ['Cleaning'] });
    const { id } = await postRequest();
    await t.db.update(serviceRequests).set({ status: 'assigned' }).where(eq(serviceRequests.id, id));
    const closed = await respond(id, b.cookie);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(RESPONSE_MESSAGES.notOpen);
    expect((await respond(id, cleaner.cookie)).statusCode).toBe(404);

    await t.db
      .update(serviceRequests)
      .set({ status: 'open', archivedAt: new Date() })
      .where(eq(serviceRequests.id, id));
    expect((await respond(id, b.cookie)).statusCode).toBe(409);
    expect((await respond('nope', b.cookie)).statusCode).toBe(404);
  });
});

describe('Accept As-Is names the request it accepts (decision 019)', () => {
  const edit = (id: string, cookie: string, change: Record<string, unknown>) =>
    t.inject({
      method: 'PATCH',
      url: `/api/requests/${id}`,
      cookie,
      payload: { ...POOL_REQUEST, ...change },
    });
  const asIs = (requestVersion?: string) => ({ ...quote, isAcceptedAsIs: true, requestVersion });
  async function footprint(id: string) {
    return {
      responses: (await t.db.select().from(businessResponses).where(eq(businessResponses.requestId, id)))
        .length,
      notices: (await t.db.select().from(notifications).where(eq(notifications.relatedId, id))).length,
      mail: (await t.db.select().from(outbox).where(eq(outbox.requestId, id))).length,
    };
  }

  it('refuses to quote the budget of a request the customer changed since the business read it', async () => {
    const b = await business();
    const { id, customer } = await postRequest();
    const read = (await view(id, b.cookie)).json();
    expect([read.budgetMin, read.termsVersion]).toEqual(['250.00', expect.stringMatching(/^[\w-]{43}$/)]);
    // The customer lowers the budget before the business presses Confirm Accept As-Is.
    expect((await edit(id, customer.cookie, { budget: 40 })).statusCode).toBe(200);
    const before = await footprint(id);

    const res = await respond(id, b.cookie, asIs(read.termsVersion));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ error: 'terms_changed', message: TERMS_MESSAGES.requestChanged });
    expect(await footprint(id)).toEqual(before);
    // A custom quote answering the old request is refused the same way.
    const custom = await respond(id, b.cookie, { ...quote, requestVersion: read.termsVersion });
    expect([custom.statusCode, custom.json().error]).toEqual([409, 'terms_changed']);
    expect(await footprint(id)).toEqual(before);

    const fresh = (await view(id, b.cookie)).json();
    expect(fresh.budgetMin).toBe('40.00');
    const ok = await respond(id, b.cookie, asIs(fresh.termsVersion));
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, ok.json().id));
    expect(row).toMatchObject({ quotedPrice: '40.00', isAcceptedAsIs: true });
  });

  it('refuses Accept As-Is without a version in plain words; a custom quote may leave it out', async () => {
    const b = await business();
    const { id } = await postRequest();
    for (const version of [undefined, '', '  ']) {
      const res = await respond(id, b.cookie, asIs(version));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        message: TERMS_MESSAGES.requestVersionMissing,
        fields: { requestVersion: TERMS_MESSAGES.requestVersionMissing },
      });
    }
    expect(await footprint(id)).toMatchObject({ responses: 0 });
    expect((await respond(id, b.cookie, quote)).statusCode).toBe(201);
  });

  it('versions only what the business sees: not the exact address, not its own distance', async () => {
    const b = await business();
    const { id } = await postRequest();
    const first = (await view(id, b.cookie)).json().termsVersion as string;
    // The street changes within the same area (nothing the business sees), and the business moves.
    await t.db
      .update(serviceRequests)
      .set({ locationAddress: '5 Bay Rd, Manly NSW 2095', latitude: -33.7975 })
      .where(eq(serviceRequests.id, id));
    await t.db.update(profiles).set({ latitude: -33.8 }).where(eq(profiles.userId, b.userId));
    const again = (await view(id, b.cookie)).json();
    expect(again.locationAddress).toBeNull();
    expect(again.termsVersion).toBe(first);
    // What it does see changes it.
    await t.db
      .update(serviceRequests)
      .set({ description: 'Now the filter leaks too.' })
      .where(eq(serviceRequests.id, id));
    expect((await view(id, b.cookie)).json().termsVersion).not.toBe(first);
  });
});

describe('the quote statement (submit-quote.sql.ts)', () => {
  it('writes nothing when the request changed after it was judged, and the quote then lands on the new version', async () => {
    const b = await business();
    const customer = await t.signUp();
    const { id } = await postRequest(customer.cookie);
    const scope = {
      userId: b.userId,
      serviceCategories: ['Pool Maintenance'],
      point: null,
      serviceAreaKm: 25,
    };
    const judged = await findRequestToQuote(t.db, scope, id);
    expect(judged?.isMatch).toBe(true);
    // The customer edits the request between the business's read and its write.
    await t.db
      .update(serviceRequests)
      .set({ description: 'Now also the spa, please.' })
      .where(eq(serviceRequests.id, id));
    const values = {
      quoted_price: '99.00',
      price_type: 'fixed',
      message: 'Stale quote',
      proof_images: [],
      is_accepted_as_is: false,
      agreed_request_version: '',
      status: 'pending',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    const submit = (version: string) =>
      runPrepared<{ requestHeld: boolean; created: { id: string } | null }>(t.db, SUBMIT_QUOTE, [
        id,
        version,
        b.userId,
        values,
        'Blue Water Pools responded to your request',
        customer.email,
        { subject: 'New response', text: 'A quote' },
      ]);

    expect(await submit(judged!.version)).toEqual([{ requestHeld: false, created: null }]);
    const told = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.relatedId, id), eq(notifications.type, 'new_response')));
    expect(await t.db.select().from(businessResponses).where(eq(businessResponses.requestId, id))).toEqual(
      [],
    );
    expect(await told()).toEqual([]);
    const emailed = () =>
      t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.requestId, id), eq(outbox.topic, 'new_response')));
    expect(await emailed()).toEqual([]);

    const again = await findRequestToQuote(t.db, scope, id);
    expect(again?.version).not.toBe(judged?.version);
    const [written] = await submit(again!.version);
    expect(written?.created?.id).toBeTruthy();
    expect(await told()).toHaveLength(1);
    expect((await emailed()).map((o) => o.recipient)).toEqual([customer.email]);
    // Written once: the same business quoting again finds its own quote (the unique index).
    expect(await submit(again!.version)).toEqual([{ requestHeld: true, created: null }]);
  });
});
