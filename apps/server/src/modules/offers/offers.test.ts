import {
  CUSTOMER_OFFER_MESSAGES,
  CustomerOfferSchema,
  RESPONSE_MESSAGES,
  requestChangedSinceQuoteMessage,
  TERMS_MESSAGES,
} from '@grip/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessResponses,
  messages,
  notifications,
  outbox,
  profiles,
  responseViews,
  reviews,
  serviceRequests,
  systemSettings,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { counterOfferSummary } from './offers.service';
import { EXACT_ADDRESS, POOL_REQUEST } from '../../test/pool-request';

let t: TestApp;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp({ role: 'administrator' });
});
afterAll(async () => {
  await t.close();
});

const QUOTE_MESSAGE = 'I can clean the pool on Thursday.';
type Party = Awaited<ReturnType<TestApp['signUp']>>;

async function business(name = 'Blue Water Pools'): Promise<Party> {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
  await t.db
    .update(profiles)
    .set({
      serviceCategories: ['Pool Maintenance'],
      latitude: -33.797,
      longitude: 151.285,
      serviceAreaKm: 25,
      phone: '+61 400 111 222',
      notificationEmail: `office.${b.userId.slice(0, 8).toLowerCase()}@pools.example`,
    })
    .where(eq(profiles.userId, b.userId));
  return b;
}

async function postRequest(customer: Party): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie: customer.cookie,
    payload: POOL_REQUEST,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function respond(requestId: string, b: Party, quotedPrice = 180): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie: b.cookie,
    payload: { message: QUOTE_MESSAGE, quotedPrice, priceType: 'fixed' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** A customer's request answered by one business. */
async function offer(owner?: Party) {
  const b = owner ?? (await business());
  const customer = await t.signUp();
  const requestId = await postRequest(customer);
  const responseId = await respond(requestId, b);
  return { business: b, customer, requestId, responseId };
}
type Offer = Awaited<ReturnType<typeof offer>>;

const get = (cookie: string | undefined, responseId: string) =>
  t.inject({ url: `/api/offers/${responseId}`, cookie });
/** An action as the screens send it: a confirmation names the offer's terms as read just before. */
const act = async (cookie: string | undefined, responseId: string, action: string, payload?: unknown) =>
  t.inject({
    method: 'POST',
    url: `/api/offers/${responseId}/${action}`,
    cookie,
    payload: payload ?? (action === 'confirm' ? await t.confirmBody(cookie, responseId) : undefined),
  });
const businessCounter = (o: Offer, quotedPrice = 160) =>
  t.inject({
    method: 'POST',
    url: `/api/business/opportunities/${o.responseId}/counter-offer`,
    cookie: o.business.cookie,
    payload: { quotedPrice, availabilityDate: '2099-02-01', message: 'I can do it for a bit less.' },
  });
const modified = { quotedPrice: 120, preferredDate: '2099-12-01', preferredTime: '10:00' };

async function responseRow(id: string) {
  const [row] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, id));
  return row!;
}
async function requestRow(id: string) {
  const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row!;
}
const threadOf = (responseId: string) =>
  t.db.select().from(messages).where(eq(messages.responseId, responseId)).orderBy(messages.createdAt);
const noticesOf = (userId: string, type: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

describe('GET /api/offers/:responseId', () => {
  it('shows the offer with its request, the real rating, no contact details and a NEW badge', async () => {
    const o = await offer();
    const res = await get(o.customer.cookie, o.responseId);
    expect(res.statusCode, res.body).toBe(200);
    const body = CustomerOfferSchema.parse(res.json());
    expect(body).toMatchObject({
      id: o.responseId,
      request: {
        id: o.requestId,
        title: 'Pool Maintenance request',
        locationAddress: EXACT_ADDRESS,
        status: 'open',
        budgetMin: '250.00',
      },
      business: {
        userId: o.business.userId,
        name: 'Blue Water Pools',
        ratingAverage: null,
        reviewCount: 0,
        email: null,
        phone: null,
      },
      quotedPrice: '180.00',
      priceType: 'fixed',
      message: QUOTE_MESSAGE,
      status: 'pending',
      stateBadge: null,
      viewStatus: 'NEW',
      customerSentModifiedOffer: false,
      actions: {
        kind: 'open',
        hasPendingCounterOffer: false,
        canConfirm: true,
        canModify: true,
        canDecline: true,
        canIgnore: true,
        canMessage: false,
      },
      messages: [],
    });
    // Private until accepted.
    expect(res.body).not.toContain('+61 400 111 222');
    expect(res.body).not.toContain('pools.example');
    expect(res.body).not.toContain(o.business.email);
    // Reading changes nothing: the badge stays NEW until the view call.
    expect(await t.db.select().from(responseViews).where(eq(responseViews.responseId, o.responseId))).toEqual(
      [],
    );
    expect((await get(o.customer.cookie, o.responseId)).json().viewStatus).toBe('NEW');
  });

  it('computes the business’s rating from its reviews (average to one decimal and count)', async () => {
    const o = await offer();
    const reviewers = [o.customer, await t.signUp(), await t.signUp()];
    await t.db.insert(reviews).values(
      reviewers.map((r, i) => ({
        userId: r.userId,
        businessUserId: o.business.userId,
        requestId: o.requestId,
        responseId: o.responseId,
        rating: [5, 4, 4][i]!,
      })),
    );
    const body = (await get(o.customer.cookie, o.responseId)).json();
    expect(body.business).toMatchObject({ ratingAverage: 4.3, reviewCount: 3 });
  });

  it('answers 404 to anyone but the request’s owner, 401 without a session, 404 for bad ids', async () => {
    const o = await offer();
    const stranger = await t.signUp();
    const rival = await business('Rival Pools');
    for (const cookie of [stranger.cookie, o.business.cookie, rival.cookie, admin.cookie]) {
      const read = await get(cookie, o.responseId);
      expect(read.statusCode, read.body).toBe(404);
      expect(read.json().message).toBe(CUSTOMER_OFFER_MESSAGES.notFound);
      for (const action of ['view', 'confirm', 'decline', 'ignore', 'counter-offer']) {
        const res = await act(
          cookie,
          o.responseId,
          action,
          action === 'counter-offer' ? modified : undefined,
        );
        expect(res.statusCode, `${action}: ${res.body}`).toBe(404);
        expect(res.json().message).toBe(CUSTOMER_OFFER_MESSAGES.notFound);
      }
    }
    expect((await get(undefined, o.responseId)).statusCode).toBe(401);
    for (const action of ['view', 'confirm', 'decline', 'ignore']) {
      expect((await act(undefined, o.responseId, action)).statusCode).toBe(401);
    }
    // Signed-out callers hear 401 even with a body that would not validate.
    expect((await act(undefined, o.responseId, 'counter-offer', { quotedPrice: 0 })).statusCode).toBe(401);
    for (const id of [
      'nope',
      '00000000-0000-4000-8000-000000000000',
      'x'.repeat(90),
      encodeURIComponent("1' or '1'='1"),
    ]) {
      const res = await get(o.customer.cookie, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(CUSTOMER_OFFER_MESSAGES.notFound);
      expect((await act(o.customer.cookie, id, 'confirm')).statusCode).toBe(404);
    }
    // Nothing moved.
    expect(await responseRow(o.responseId)).toMatchObject({ status: 'pending', quotedPrice: '180.00' });
    expect(await requestRow(o.requestId)).toMatchObject({ status: 'open' });
    expect(await threadOf(o.responseId)).toEqual([]);
  });
});

describe('POST /api/offers/:responseId/view', () => {
  it('goes NEW → VIEWED, EDITED after the business changes its offer, and VIEWED again', async () => {
    const o = await offer();
    expect((await get(o.customer.cookie, o.responseId)).json().viewStatus).toBe('NEW');
    const viewed = await act(o.customer.cookie, o.responseId, 'view');
    expect(viewed.statusCode, viewed.body).toBe(204);
    expect((await get(o.customer.cookie, o.responseId)).json().viewStatus).toBe('VIEWED');
    const [row] = await t.db
      .select()
      .from(responseViews)
      .where(and(eq(responseViews.responseId, o.responseId), eq(responseViews.userId, o.customer.userId)));
    expect(row!.lastUpdatedAt.getTime()).toBe((await responseRow(o.responseId)).updatedAt.getTime());

    expect((await businessCounter(o)).statusCode).toBe(200);
    const edited = (await get(o.customer.cookie, o.responseId)).json();
    expect(edited).toMatchObject({ viewStatus: 'EDITED', quotedPrice: '160.00' });
    expect(edited.messages).toMatchObject([
      {
        fromCustomer: false,
        messageType: 'counter_offer',
        // The business's counter offer keeps its terms too, so the thread shows every price proposed.
        offerTerms: { quotedPrice: '160.00', preferredDate: '2099-02-01' },
      },
    ]);

    expect((await act(o.customer.cookie, o.responseId, 'view')).statusCode).toBe(204);
    expect((await get(o.customer.cookie, o.responseId)).json().viewStatus).toBe('VIEWED');
    // Seen again: one row, updated in place.
    expect(
      await t.db.select().from(responseViews).where(eq(responseViews.responseId, o.responseId)),
    ).toHaveLength(1);
  });
});

describe('POST /api/offers/:responseId/confirm', () => {
  it('accepts the offer, assigns the request, rejects the others and tells every business', async () => {
    const b = await business();
    const customer = await t.signUp();
    const requestId = await postRequest(customer);
    const responseId = await respond(requestId, b);
    const rival = await business('Rival Pools');
    const rivalResponse = await respond(requestId, rival, 150);
    const hidden = await business('Hidden Pools');
    const hiddenResponse = await respond(requestId, hidden, 140);
    expect((await act(customer.cookie, hiddenResponse, 'ignore')).statusCode).toBe(200);

    // Before the confirmation no business sees the exact address.
    const before = await t.inject({ url: `/api/business/requests/${requestId}`, cookie: b.cookie });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().locationAddress).toBeNull();

    const res = await act(customer.cookie, responseId, 'confirm');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: responseId, status: 'accepted' });

    expect(await responseRow(responseId)).toMatchObject({ status: 'accepted' });
    expect(await responseRow(rivalResponse)).toMatchObject({ status: 'rejected' });
    // Ignored stays ignored (and hidden from the customer).
    expect(await responseRow(hiddenResponse)).toMatchObject({ status: 'ignored' });
    const request = await requestRow(requestId);
    expect(request.status).toBe('assigned');

    const accepted = await noticesOf(b.userId, 'response_accepted');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({
      title: 'Offer accepted',
      message: 'Your offer of $180 for Pool Maintenance request was accepted.',
      relatedId: requestId,
    });
    const declined = await noticesOf(rival.userId, 'response_declined');
    expect(declined).toHaveLength(1);
    expect(declined[0]!.message).toContain('Pool Maintenance request');
    expect(await noticesOf(hidden.userId, 'response_declined')).toEqual([]);

    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'response_accepted'), eq(outbox.requestId, requestId)));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: 'email', userId: b.userId });
    expect(mails[0]!.recipient).toMatch(/@pools\.example$/);
    expect(JSON.stringify(mails[0]!.payload)).toContain('Pool Maintenance request');
    expect(JSON.stringify(mails[0]!.payload)).not.toContain('Bay Rd');

    // The customer now sees the business's contact details and a booking; their own change is not "EDITED".
    const body = (await get(customer.cookie, responseId)).json();
    expect(body).toMatchObject({
      status: 'accepted',
      stateBadge: 'BOOKED',
      viewStatus: 'VIEWED',
      request: { status: 'assigned' },
      business: { phone: '+61 400 111 222', email: expect.stringMatching(/@pools\.example$/) },
      actions: { kind: 'booked', canConfirm: false, canModify: false, canIgnore: false, canMessage: true },
    });
    const lost = (await get(customer.cookie, rivalResponse)).json();
    expect(lost).toMatchObject({ stateBadge: 'DECLINED', business: { email: null, phone: null } });

    // The exact address goes to the accepted business only.
    const mine = await t.inject({ url: `/api/business/requests/${requestId}`, cookie: b.cookie });
    expect(mine.json().locationAddress).toBe(EXACT_ADDRESS);
    const opportunities = await t.inject({ url: '/api/business/opportunities', cookie: b.cookie });
    expect(opportunities.json().items[0].request.locationAddress).toBe(EXACT_ADDRESS);
    const theirs = await t.inject({ url: `/api/business/requests/${requestId}`, cookie: rival.cookie });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().locationAddress).toBeNull();
    expect(theirs.body).not.toContain('Bay Rd');

    // A second confirmation, of this or the lost offer, is refused.
    for (const id of [responseId, rivalResponse]) {
      const again = await act(customer.cookie, id, 'confirm');
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toBe(CUSTOMER_OFFER_MESSAGES.requestNotOpen);
    }
  });

  it('shows the losing offers DECLINED but not EDITED: the system rejection is not a business edit', async () => {
    const customer = await t.signUp();
    const requestId = await postRequest(customer);
    const winner = await respond(requestId, await business('Winner Pools'));
    const seen = await respond(requestId, await business('Seen Pools'), 150);
    const unseen = await respond(requestId, await business('Unseen Pools'), 140);
    const editedOwner = await business('Edited Pools');
    const edited = await respond(requestId, editedOwner, 130);
    for (const id of [seen, edited]) expect((await act(customer.cookie, id, 'view')).statusCode).toBe(204);
    // The business really changes this one after the customer's look: that is an edit.
    const counter = await t.inject({
      method: 'POST',
      url: `/api/business/opportunities/${edited}/counter-offer`,
      cookie: editedOwner.cookie,
      payload: { quotedPrice: 120, availabilityDate: '2099-02-01', message: 'A little less, then.' },
    });
    expect(counter.statusCode, counter.body).toBe(200);
    const before = await responseRow(seen);

    expect((await act(customer.cookie, winner, 'confirm')).statusCode).toBe(200);

    // Still stamped, so the businesses' lists (ordered by activity) see the rejection.
    expect((await responseRow(seen)).updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const expected = {
      [winner]: { stateBadge: 'BOOKED', viewStatus: 'VIEWED' },
      [seen]: { stateBadge: 'DECLINED', viewStatus: 'VIEWED' },
      [unseen]: { stateBadge: 'DECLINED', viewStatus: 'NEW' },
      [edited]: { stateBadge: 'DECLINED', viewStatus: 'EDITED' },
    };
    for (const [id, badges] of Object.entries(expected)) {
      expect((await get(customer.cookie, id)).json(), id).toMatchObject(badges);
    }
    // My Responses, where the customer sees them side by side, agrees.
    const list = await t.inject({ url: '/api/my-responses?group=new', cookie: customer.cookie });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().items.find((r: { id: string }) => r.id === requestId);
    const byId = Object.fromEntries(
      listed.responses.map((r: { id: string; stateBadge: string; viewStatus: string }) => [
        r.id,
        { stateBadge: r.stateBadge, viewStatus: r.viewStatus },
      ]),
    );
    expect(byId).toEqual(expected);
  });

  it('sends no email when the platform switch is off or the business opted out; the notice still goes', async () => {
    const first = await offer();
    await t.db
      .insert(systemSettings)
      .values({ key: 'email_notifications_enabled', value: 'false' })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: 'false' } });
    try {
      expect((await act(first.customer.cookie, first.responseId, 'confirm')).statusCode).toBe(200);
    } finally {
      await t.db
        .update(systemSettings)
        .set({ value: 'true' })
        .where(eq(systemSettings.key, 'email_notifications_enabled'));
    }
    const second = await offer();
    await t.db
      .update(profiles)
      .set({ notificationPreferences: ['sms'] })
      .where(eq(profiles.userId, second.business.userId));
    expect((await act(second.customer.cookie, second.responseId, 'confirm')).statusCode).toBe(200);
    for (const o of [first, second]) {
      expect(
        await t.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.topic, 'response_accepted'), eq(outbox.requestId, o.requestId))),
      ).toEqual([]);
      expect(await noticesOf(o.business.userId, 'response_accepted')).toHaveLength(1);
    }
  });

  it('is refused while the request is closed or archived, or the business withdrew', async () => {
    const closed = await offer();
    await t.db
      .update(serviceRequests)
      .set({ status: 'cancelled' })
      .where(eq(serviceRequests.id, closed.requestId));
    const archived = await offer();
    await t.db
      .update(serviceRequests)
      .set({ archivedAt: new Date() })
      .where(eq(serviceRequests.id, archived.requestId));
    for (const o of [closed, archived]) {
      const res = await act(o.customer.cookie, o.responseId, 'confirm');
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(CUSTOMER_OFFER_MESSAGES.requestNotOpen);
      expect((await responseRow(o.responseId)).status).toBe('pending');
    }
    const withdrawn = await offer();
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/business/opportunities/${withdrawn.responseId}/decline`,
          cookie: withdrawn.business.cookie,
        })
      ).statusCode,
    ).toBe(200);
    const res = await act(withdrawn.customer.cookie, withdrawn.responseId, 'confirm');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CUSTOMER_OFFER_MESSAGES.notOpen);
    expect((await requestRow(withdrawn.requestId)).status).toBe('open');
  });

  it('turns the one-accepted index’s refusal into a 409 and rolls everything back', async () => {
    // A request still open with an accepted response: only the unique index stands in the way.
    const o = await offer();
    const rival = await business('Rival Pools');
    const rivalResponse = await respond(o.requestId, rival, 150);
    await t.db
      .update(businessResponses)
      .set({ status: 'accepted' })
      .where(eq(businessResponses.id, rivalResponse));
    const res = await act(o.customer.cookie, o.responseId, 'confirm');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(CUSTOMER_OFFER_MESSAGES.requestNotOpen);
    expect(await responseRow(o.responseId)).toMatchObject({ status: 'pending' });
    expect(await requestRow(o.requestId)).toMatchObject({ status: 'open' });
    expect(await noticesOf(o.business.userId, 'response_accepted')).toEqual([]);
  });

  it('50 simultaneous confirmations of 50 businesses’ offers: exactly one wins, only it sees the address', async () => {
    const N = 50;
    const customer = await t.signUp();
    const requestId = await postRequest(customer);
    const owners = await Promise.all(Array.from({ length: N }, (_, i) => business(`Pool Co ${i}`)));
    const ids = await Promise.all(owners.map((b, i) => respond(requestId, b, 100 + i)));

    const results = await Promise.all(ids.map((id) => act(customer.cookie, id, 'confirm')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(CUSTOMER_OFFER_MESSAGES.requestNotOpen);
    }
    const winnerIndex = codes.indexOf(200);
    const winner = ids[winnerIndex]!;
    const rows = await t.db
      .select({ id: businessResponses.id, status: businessResponses.status })
      .from(businessResponses)
      .where(eq(businessResponses.requestId, requestId));
    expect(rows).toHaveLength(N);
    expect(rows.filter((r) => r.status === 'accepted').map((r) => r.id)).toEqual([winner]);
    expect(rows.filter((r) => r.status === 'rejected')).toHaveLength(N - 1);
    expect((await requestRow(requestId)).status).toBe('assigned');
    const notes = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.relatedId, requestId),
          inArray(notifications.type, ['response_accepted', 'response_declined']),
        ),
      );
    expect(notes.filter((n) => n.type === 'response_accepted')).toHaveLength(1);
    expect(notes.filter((n) => n.type === 'response_declined')).toHaveLength(N - 1);

    // Every place a business reads requests from: the exact street address is the winner's alone.
    // Each rival reads the pages that show a request it answered; a few read every business page.
    const answered = [
      `/api/business/requests/${requestId}`,
      '/api/business/opportunities',
      '/api/business/dashboard/declined',
      '/api/business/requests?group=expired',
    ];
    const everyPage = [
      ...answered,
      '/api/business/requests?group=new',
      '/api/business/requests?group=about_to_expire',
      '/api/business/dashboard',
      '/api/business/jobs?section=active',
    ];
    const pagesWithAddress = async (b: Party, urls: string[]) => {
      const found: string[] = [];
      for (const url of urls) {
        const res = await t.inject({ url, cookie: b.cookie });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        if (res.body.includes(EXACT_ADDRESS) || res.body.includes('Bay Rd')) found.push(url);
      }
      return found;
    };
    expect(await pagesWithAddress(owners[winnerIndex]!, everyPage)).toEqual(
      expect.arrayContaining([
        `/api/business/requests/${requestId}`,
        '/api/business/opportunities',
        '/api/business/jobs?section=active',
      ]),
    );
    const rivals = owners.filter((_, i) => i !== winnerIndex);
    const leaks = await Promise.all(rivals.map((b, i) => pagesWithAddress(b, i < 5 ? everyPage : answered)));
    expect(leaks.flat()).toEqual([]);
  });

  it('books while the business edits this offer and another withdraws its own, never failing', async () => {
    // On PostgreSQL these once deadlocked (a 500 on one side): the lock order is request, then every
    // response, then the writes (offers.repository lockOffer, offers.service confirmOffer).
    const [first, second] = [await business('First Pools'), await business('Second Pools')];
    for (let trial = 0; trial < 10; trial += 1) {
      const customer = await t.signUp();
      const requestId = await postRequest(customer);
      const [one, two] = [await respond(requestId, first), await respond(requestId, second)];
      // The customer read the $180 offer; the business's $170 edit races the confirmation.
      const read = await t.confirmBody(customer.cookie, one);
      const answers = await Promise.all([
        t.inject({
          method: 'POST',
          url: `/api/offers/${one}/confirm`,
          cookie: customer.cookie,
          payload: read,
        }),
        t.inject({
          method: 'POST',
          url: `/api/business/opportunities/${one}/counter-offer`,
          cookie: first.cookie,
          payload: { quotedPrice: 170, message: 'I can do it for $170 on Thursday.' },
        }),
        t.inject({
          method: 'POST',
          url: `/api/business/opportunities/${two}/decline`,
          cookie: second.cookie,
        }),
      ]);
      for (const res of answers) expect([200, 409], res.body).toContain(res.statusCode);
      const [request] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, requestId));
      const offerNow = await responseRow(one);
      // Either the booking came first (at the price read; the edit is refused), or the edit did and
      // the booking is refused as terms_changed (decision 019): never a booking at a price not read.
      if (answers[0]!.statusCode === 200) {
        expect([request!.status, offerNow.status, offerNow.quotedPrice]).toEqual([
          'assigned',
          'accepted',
          '180.00',
        ]);
      } else {
        expect(answers[0]!.json().error).toBe('terms_changed');
        expect([request!.status, offerNow.status, offerNow.quotedPrice]).toEqual([
          'open',
          'pending',
          '170.00',
        ]);
      }
    }
  });
});

describe('confirming names the terms (decision 019)', () => {
  /** What a confirmation could have written: the offer, its request, the others, notices and mail. */
  async function footprint(o: Offer, others: string[] = []) {
    const rows = await t.db
      .select({
        id: businessResponses.id,
        status: businessResponses.status,
        price: businessResponses.quotedPrice,
      })
      .from(businessResponses)
      .where(inArray(businessResponses.id, [o.responseId, ...others]))
      .orderBy(businessResponses.id);
    return {
      responses: rows,
      request: (await requestRow(o.requestId)).status,
      notices: (await t.db.select().from(notifications).where(eq(notifications.relatedId, o.requestId)))
        .length,
      mail: (await t.db.select().from(outbox).where(eq(outbox.requestId, o.requestId))).length,
    };
  }

  it('refuses a confirmation of terms the business changed since the customer read them: 409, nothing booked', async () => {
    const o = await offer();
    const rival = await respond(o.requestId, await business('Rival Pools'), 150);
    const seen = await get(o.customer.cookie, o.responseId);
    const shown = CustomerOfferSchema.parse(seen.json());
    expect(shown.quotedPrice).toBe('180.00');
    expect(shown.termsVersion).toMatch(/^[\w-]{43}$/);

    // The business sees VIEWED and raises its price before the customer presses Confirm.
    expect((await act(o.customer.cookie, o.responseId, 'view')).statusCode).toBe(204);
    expect((await businessCounter(o, 9999)).statusCode).toBe(200);
    const before = await footprint(o, [rival]);

    const res = await act(o.customer.cookie, o.responseId, 'confirm', { termsVersion: shown.termsVersion });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ error: 'terms_changed', message: TERMS_MESSAGES.offerChanged });
    expect(await footprint(o, [rival])).toEqual(before);
    expect(before.responses.find((r) => r.id === o.responseId)).toMatchObject({
      status: 'pending',
      price: '9999.00',
    });
    expect(before.request).toBe('open');

    // Read again, the new terms carry a new version; confirming that one books them.
    const fresh = CustomerOfferSchema.parse((await get(o.customer.cookie, o.responseId)).json());
    expect(fresh).toMatchObject({ quotedPrice: '9999.00', viewStatus: 'EDITED' });
    expect(fresh.termsVersion).not.toBe(shown.termsVersion);
    const booked = await act(o.customer.cookie, o.responseId, 'confirm', {
      termsVersion: fresh.termsVersion,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await responseRow(o.responseId)).toMatchObject({ status: 'accepted', quotedPrice: '9999.00' });
    expect(await noticesOf(o.business.userId, 'response_accepted')).toHaveLength(1);
  });

  it('refuses every change of a term the customer is shown, and only those', async () => {
    const o = await offer();
    const versionNow = async () =>
      CustomerOfferSchema.parse((await get(o.customer.cookie, o.responseId)).json()).termsVersion;
    const first = await versionNow();
    // Reading, viewing and the business archiving the offer are not changes of its terms.
    expect((await act(o.customer.cookie, o.responseId, 'view')).statusCode).toBe(204);
    await t.db
      .update(businessResponses)
      .set({ archivedAt: new Date() })
      .where(eq(businessResponses.id, o.responseId));
    expect(await versionNow()).toBe(first);
    await t.db
      .update(businessResponses)
      .set({ archivedAt: null })
      .where(eq(businessResponses.id, o.responseId));

    const changes: Partial<typeof businessResponses.$inferInsert>[] = [
      { quotedPrice: '180.01' },
      { priceType: 'hourly' },
      { availabilityDate: '2099-01-02' },
      { availabilityTime: '09:00:00' },
      { estimatedDuration: '2 hours' },
      { message: 'I can clean the pool on Friday.' },
      { termsConditions: 'Parts extra.' },
      { engagementNotes: 'Bring a ladder.' },
      { proofImages: ['/uploads/other.png'] },
      { isAcceptedAsIs: true },
    ];
    const seen = new Set([first]);
    for (const change of changes) {
      const [was] = await t.db.select().from(businessResponses).where(eq(businessResponses.id, o.responseId));
      const read = await versionNow();
      await t.db.update(businessResponses).set(change).where(eq(businessResponses.id, o.responseId));
      const res = await act(o.customer.cookie, o.responseId, 'confirm', { termsVersion: read });
      expect(res.statusCode, `${Object.keys(change)[0]}: ${res.body}`).toBe(409);
      const now = await versionNow();
      expect(seen.has(now), Object.keys(change)[0]).toBe(false);
      seen.add(now);
      // Back as it was: the old version is valid again (the version is of the terms, not a counter).
      await t.db.update(businessResponses).set(was!).where(eq(businessResponses.id, o.responseId));
      expect(await versionNow()).toBe(read);
    }
    expect((await requestRow(o.requestId)).status).toBe('open');
  });

  it('refuses a confirmation that names no terms, in plain words, and books nothing', async () => {
    const o = await offer();
    const before = await footprint(o);
    for (const payload of [
      {},
      [],
      { termsVersion: '' },
      { termsVersion: '   ' },
      { termsVersion: 'x'.repeat(101) },
      { termsVersion: 42 },
    ]) {
      const res = await act(o.customer.cookie, o.responseId, 'confirm', payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(TERMS_MESSAGES.offerVersionMissing);
    }
    // A bare POST, as the app before this change sent it (no body, no content type).
    const bare = await t.inject({
      method: 'POST',
      url: `/api/offers/${o.responseId}/confirm`,
      cookie: o.customer.cookie,
    });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().message).toBe(TERMS_MESSAGES.offerVersionMissing);
    // Well-formed but of nothing: the terms changed as far as the server can tell.
    const unknown = await act(o.customer.cookie, o.responseId, 'confirm', { termsVersion: 'A'.repeat(43) });
    expect([unknown.statusCode, unknown.json().error]).toEqual([409, 'terms_changed']);
    expect(await footprint(o)).toEqual(before);
  });

  it('keeps Idempotency-Key retries: the same body replays, a stale answer is replayed not re-run', async () => {
    const o = await offer();
    const read = await t.confirmBody(o.customer.cookie, o.responseId);
    expect((await businessCounter(o, 200)).statusCode).toBe(200);
    const send = (key: string, payload: unknown) =>
      t.inject({
        method: 'POST',
        url: `/api/offers/${o.responseId}/confirm`,
        cookie: o.customer.cookie,
        headers: { 'idempotency-key': key },
        payload,
      });
    const stale = await send('confirm-1', read);
    expect(stale.statusCode).toBe(409);
    const again = await send('confirm-1', read);
    expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([409, 'true']);
    // The new terms under the old key are another request (422); under a new key they book.
    const fresh = await t.confirmBody(o.customer.cookie, o.responseId);
    expect((await send('confirm-1', fresh)).statusCode).toBe(422);
    expect((await send('confirm-2', fresh)).statusCode).toBe(200);
    const replay = await send('confirm-2', fresh);
    expect([replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(await noticesOf(o.business.userId, 'response_accepted')).toHaveLength(1);
  });
});

describe('confirming a request the customer changed after the quote (decision 019)', () => {
  /** Everything a refused confirmation must leave as it was, for the request and all its quotes. */
  async function footprint(requestId: string) {
    const rows = await t.db
      .select({
        id: businessResponses.id,
        status: businessResponses.status,
        agreed: businessResponses.agreedRequestVersion,
      })
      .from(businessResponses)
      .where(eq(businessResponses.requestId, requestId))
      .orderBy(businessResponses.id);
    return {
      responses: rows,
      request: (await requestRow(requestId)).status,
      notices: (await t.db.select().from(notifications).where(eq(notifications.relatedId, requestId))).length,
      mail: (await t.db.select().from(outbox).where(eq(outbox.requestId, requestId))).length,
      views: (
        await t.db
          .select()
          .from(responseViews)
          .where(
            inArray(
              responseViews.responseId,
              rows.map((r) => r.id),
            ),
          )
      ).length,
    };
  }
  const edit = (o: Offer, change: Record<string, unknown>) =>
    t.inject({
      method: 'PATCH',
      url: `/api/requests/${o.requestId}`,
      cookie: o.customer.cookie,
      payload: { ...POOL_REQUEST, ...change },
    });
  const keep = async (o: Offer, payload?: unknown) =>
    t.inject({
      method: 'POST',
      url: `/api/business/opportunities/${o.responseId}/keep-quote`,
      cookie: o.business.cookie,
      payload: payload ?? (await t.keepQuoteBody(o.business.cookie, o.responseId)),
    });

  it('refuses to book a business on details it never saw: 409 request_changed naming it, nothing written', async () => {
    const o = await offer();
    const rival = await business('Rival Pools');
    await respond(o.requestId, rival, 150);
    const read = await t.confirmBody(o.customer.cookie, o.responseId);
    expect(
      CustomerOfferSchema.parse((await get(o.customer.cookie, o.responseId)).json()).requestChangedSinceQuote,
    ).toBe(false);

    // After the quotes, the customer moves the job to another day and halves the budget.
    expect((await edit(o, { preferredDate: '2099-03-01', budget: 120 })).statusCode).toBe(200);
    const before = await footprint(o.requestId);
    const res = await act(o.customer.cookie, o.responseId, 'confirm', read);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      error: 'request_changed',
      message: requestChangedSinceQuoteMessage('Blue Water Pools'),
    });
    expect(await footprint(o.requestId)).toEqual(before);
    expect(before.request).toBe('open');
    expect(before.responses.map((r) => r.status)).toEqual(['pending', 'pending']);

    // The offer itself did not change: reading it again gives the same terms, now marked as waiting.
    const shown = CustomerOfferSchema.parse((await get(o.customer.cookie, o.responseId)).json());
    expect([shown.termsVersion, shown.requestChangedSinceQuote]).toEqual([read.termsVersion, true]);
    expect((await act(o.customer.cookie, o.responseId, 'confirm', read)).json().error).toBe(
      'request_changed',
    );
  });

  it('books once the business keeps its quote for the new details, and tells the customer', async () => {
    const o = await offer();
    expect((await edit(o, { description: 'The pump grinds and the filter leaks.' })).statusCode).toBe(200);
    const stale = await t.keepQuoteBody(o.business.cookie, o.responseId);
    const card = await t.inject({ url: '/api/business/opportunities', cookie: o.business.cookie });
    expect(card.json().items[0]).toMatchObject({
      id: o.responseId,
      requestChangedSinceQuote: true,
      canKeepQuote: true,
      request: { description: 'The pump grinds and the filter leaks.' },
    });

    // Changed again before the business's answer arrives: its answer named what it saw, and is refused.
    expect(
      (await edit(o, { description: 'The pump grinds, the filter leaks, the light is out.' })).statusCode,
    ).toBe(200);
    const refused = await keep(o, stale);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { error: 'terms_changed', message: TERMS_MESSAGES.requestChanged },
    ]);
    expect(await noticesOf(o.customer.userId, 'quote_kept')).toHaveLength(0);

    const kept = await keep(o);
    expect(kept.statusCode, kept.body).toBe(200);
    const [notice] = await noticesOf(o.customer.userId, 'quote_kept');
    expect(notice).toMatchObject({
      title: 'Quote kept',
      message:
        'Blue Water Pools checked the changes to your request “Pool Maintenance request” and kept their quote. You can book them now.',
      relatedId: o.requestId,
    });
    // Keeping again changes nothing and tells nobody again.
    expect((await keep(o)).statusCode).toBe(200);
    expect(await noticesOf(o.customer.userId, 'quote_kept')).toHaveLength(1);
    // The offer's terms are untouched: not EDITED for the customer, the same version, and it books.
    const shown = CustomerOfferSchema.parse((await get(o.customer.cookie, o.responseId)).json());
    expect(shown.requestChangedSinceQuote).toBe(false);
    const booked = await t.confirmOffer(o.customer.cookie, o.responseId);
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await responseRow(o.responseId)).status).toBe('accepted');
  });

  it('books once the business edits its offer or accepts a counter offer after the change', async () => {
    // Edit Offer answers the request as it is now.
    const edited = await offer();
    expect((await edit(edited, { budget: 100 })).statusCode).toBe(200);
    const counter = await t.inject({
      method: 'POST',
      url: `/api/business/opportunities/${edited.responseId}/counter-offer`,
      cookie: edited.business.cookie,
      payload: {
        quotedPrice: 140,
        message: 'For the smaller budget I can do the pump only.',
        requestVersion: (await t.keepQuoteBody(edited.business.cookie, edited.responseId)).requestVersion,
      },
    });
    expect(counter.statusCode, counter.body).toBe(200);
    expect((await t.confirmOffer(edited.customer.cookie, edited.responseId)).statusCode).toBe(200);

    // So does accepting the customer's counter offer.
    const accepted = await offer();
    expect(
      (await act(accepted.customer.cookie, accepted.responseId, 'counter-offer', modified)).statusCode,
    ).toBe(200);
    expect((await edit(accepted, { isUrgent: true })).statusCode).toBe(200);
    expect((await t.acceptCounterOffer(accepted.business.cookie, accepted.responseId)).statusCode).toBe(200);
    const booked = await t.confirmOffer(accepted.customer.cookie, accepted.responseId);
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await responseRow(accepted.responseId)).quotedPrice).toBe('120.00');
  });

  it('refuses nothing when an edit leaves what businesses see as it was', async () => {
    const o = await offer();
    // The same details sent again (the time in another spelling): the version is of the details.
    expect((await edit(o, { preferredTime: '09:00' })).statusCode).toBe(200);
    expect((await keep(o)).statusCode).toBe(200);
    const before = (await noticesOf(o.business.userId, 'request_edited')).length;
    expect((await edit(o, { preferredTime: '09:00:00' })).statusCode).toBe(200);
    expect(await noticesOf(o.business.userId, 'request_edited')).toHaveLength(before);
    expect((await t.confirmOffer(o.customer.cookie, o.responseId)).statusCode).toBe(200);
  });
});

describe('POST /api/offers/:responseId/counter-offer', () => {
  it('sends the terms and the customer’s own images, leaves the quote alone and tells the business', async () => {
    const o = await offer();
    const image = await t.uploadImage(o.customer.cookie, 'counter_offer_image');
    const before = await responseRow(o.responseId);
    const res = await act(o.customer.cookie, o.responseId, 'counter-offer', {
      ...modified,
      timeFlexibility: 'within_2_hours',
      message: '  Could you do it for $120 on the first?  ',
      images: [image],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: o.responseId, status: 'pending' });

    const thread = await threadOf(o.responseId);
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({
      senderId: o.customer.userId,
      receiverId: o.business.userId,
      messageType: 'counter_offer',
      message: 'Could you do it for $120 on the first?',
      attachments: [image],
      offerTerms: {
        quotedPrice: '120.00',
        preferredDate: '2099-12-01',
        preferredTime: '10:00:00',
        timeFlexibility: 'within_2_hours',
      },
    });
    const after = await responseRow(o.responseId);
    expect(after).toMatchObject({ quotedPrice: '180.00', status: 'pending' });
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
    const notes = await noticesOf(o.business.userId, 'counter_offer');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toBe(
      'The customer sent a modified offer of $120 for Pool Maintenance request.',
    );

    // The business sees it waiting for its answer.
    const list = await t.inject({ url: '/api/business/opportunities', cookie: o.business.cookie });
    expect(list.json().items[0]).toMatchObject({ canAccept: true, hasPendingCounterOffer: false });
  });

  it('writes a summary when the message is blank', async () => {
    const o = await offer();
    const res = await act(o.customer.cookie, o.responseId, 'counter-offer', { ...modified, message: '   ' });
    expect(res.statusCode, res.body).toBe(200);
    const [m] = await threadOf(o.responseId);
    expect(m!.message).toBe('Modified offer: $120, Dec 1, 2099 at 10:00');
    expect(m!.offerTerms).toEqual({
      quotedPrice: '120.00',
      preferredDate: '2099-12-01',
      preferredTime: '10:00:00',
      timeFlexibility: null,
    });
    expect(
      counterOfferSummary({
        quotedPrice: '99.50',
        preferredDate: null,
        preferredTime: null,
        timeFlexibility: null,
      }),
    ).toBe('Modified offer: $99.50');
    expect(
      counterOfferSummary({
        quotedPrice: '99.50',
        preferredDate: null,
        preferredTime: '14:00:00',
        timeFlexibility: 'flexible',
      }),
    ).toBe('Modified offer: $99.50, at 14:00');
  });

  it('refuses a past date, a zero price, an odd hour and images that are not the customer’s', async () => {
    const o = await offer();
    const foreign = await t.uploadImage(o.business.cookie, 'counter_offer_image');
    const cases: [unknown, string, string][] = [
      [
        { ...modified, preferredDate: '2020-01-01' },
        'preferredDate',
        'The preferred date cannot be in the past',
      ],
      [{ ...modified, quotedPrice: 0 }, 'quotedPrice', RESPONSE_MESSAGES.priceTooLow],
      [{ ...modified, preferredTime: '10:30' }, 'preferredTime', 'Please choose a time on the hour'],
      [{ ...modified, images: [foreign] }, 'images', RESPONSE_MESSAGES.imagesNotUploaded],
      [
        { ...modified, images: ['https://example.com/cat.png'] },
        'images.0',
        RESPONSE_MESSAGES.imagesNotUploaded,
      ],
      [{ preferredDate: '2099-12-01' }, 'quotedPrice', RESPONSE_MESSAGES.priceTooLow],
    ];
    for (const [payload, field, message] of cases) {
      const res = await act(o.customer.cookie, o.responseId, 'counter-offer', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await threadOf(o.responseId)).toEqual([]);
    expect(await noticesOf(o.business.userId, 'counter_offer')).toEqual([]);
  });
});

describe('the pending counter offer', () => {
  it('locks Confirm, Modify and Decline until the business replies; Ignore stays open', async () => {
    const o = await offer();
    expect((await act(o.customer.cookie, o.responseId, 'counter-offer', modified)).statusCode).toBe(200);
    const waiting = (await get(o.customer.cookie, o.responseId)).json();
    expect(waiting).toMatchObject({
      stateBadge: 'PENDING',
      customerSentModifiedOffer: true,
      actions: {
        kind: 'open',
        hasPendingCounterOffer: true,
        canConfirm: false,
        canModify: false,
        canDecline: false,
        canIgnore: true,
      },
      messages: [
        {
          fromCustomer: true,
          messageType: 'counter_offer',
          offerTerms: { quotedPrice: '120.00', preferredDate: '2099-12-01', preferredTime: '10:00:00' },
        },
      ],
    });
    for (const [action, payload] of [
      ['confirm', undefined],
      ['counter-offer', modified],
      ['decline', undefined],
    ] as const) {
      const res = await act(o.customer.cookie, o.responseId, action, payload);
      expect(res.statusCode, `${action}: ${res.body}`).toBe(409);
      expect(res.json().message).toBe(CUSTOMER_OFFER_MESSAGES.counterOfferPendingDetail);
    }
    expect((await responseRow(o.responseId)).status).toBe('pending');

    // The business answers with its own counter offer: the customer may act again.
    expect((await businessCounter(o, 140)).statusCode).toBe(200);
    const answered = (await get(o.customer.cookie, o.responseId)).json();
    expect(answered).toMatchObject({
      quotedPrice: '140.00',
      stateBadge: null,
      viewStatus: 'NEW',
      customerSentModifiedOffer: true,
      actions: { hasPendingCounterOffer: false, canConfirm: true, canModify: true, canDecline: true },
    });
    expect(answered.messages.map((m: { fromCustomer: boolean }) => m.fromCustomer)).toEqual([true, false]);
    expect((await act(o.customer.cookie, o.responseId, 'confirm')).statusCode).toBe(200);
  });

  it('the business accepting applies the proposed terms, and the customer can then confirm them', async () => {
    const o = await offer();
    expect((await act(o.customer.cookie, o.responseId, 'view')).statusCode).toBe(204);
    expect((await act(o.customer.cookie, o.responseId, 'counter-offer', modified)).statusCode).toBe(200);
    const accept = await t.acceptCounterOffer(o.business.cookie, o.responseId);
    expect(accept.statusCode, accept.body).toBe(200);
    const body = (await get(o.customer.cookie, o.responseId)).json();
    expect(body).toMatchObject({
      quotedPrice: '120.00',
      availabilityDate: '2099-12-01',
      availabilityTime: '10:00:00',
      viewStatus: 'EDITED',
      stateBadge: null,
      actions: { hasPendingCounterOffer: false, canConfirm: true },
    });
    expect(body.messages.at(-1)).toMatchObject({ fromCustomer: false, message: 'Counter offer accepted' });
    expect((await act(o.customer.cookie, o.responseId, 'confirm')).statusCode).toBe(200);
    expect(await responseRow(o.responseId)).toMatchObject({ status: 'accepted', quotedPrice: '120.00' });
  });
});

describe('POST /api/offers/:responseId/decline', () => {
  it('declines with the polite notice to the business, once', async () => {
    const o = await offer();
    const res = await act(o.customer.cookie, o.responseId, 'decline');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: o.responseId, status: 'declined' });
    expect(await responseRow(o.responseId)).toMatchObject({ status: 'declined' });
    expect(await threadOf(o.responseId)).toMatchObject([
      {
        senderId: o.customer.userId,
        receiverId: o.business.userId,
        messageType: 'text',
        message: CUSTOMER_OFFER_MESSAGES.declineNotice,
        offerTerms: null,
      },
    ]);
    const notes = await noticesOf(o.business.userId, 'response_declined');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Offer declined', relatedId: o.requestId });
    expect((await requestRow(o.requestId)).status).toBe('open');

    const body = (await get(o.customer.cookie, o.responseId)).json();
    expect(body).toMatchObject({
      stateBadge: 'DECLINED',
      viewStatus: 'VIEWED',
      actions: { kind: 'declined', canConfirm: false, canDecline: false, canIgnore: false },
    });
    for (const action of ['decline', 'confirm', 'ignore']) {
      const again = await act(o.customer.cookie, o.responseId, action);
      expect(again.statusCode, action).toBe(409);
    }
    expect((await act(o.customer.cookie, o.responseId, 'decline')).json().message).toBe(
      CUSTOMER_OFFER_MESSAGES.notOpen,
    );
  });
});

describe('POST /api/offers/:responseId/ignore', () => {
  it('hides the response from the customer’s request and answers 404 for it afterwards', async () => {
    const b = await business();
    const customer = await t.signUp();
    const requestId = await postRequest(customer);
    const kept = await respond(requestId, b);
    const other = await business('Other Pools');
    const ignored = await respond(requestId, other, 200);
    // A counter offer awaiting the business does not stop Ignore.
    expect((await act(customer.cookie, ignored, 'counter-offer', modified)).statusCode).toBe(200);

    const res = await act(customer.cookie, ignored, 'ignore');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: ignored, status: 'ignored' });
    expect(await responseRow(ignored)).toMatchObject({ status: 'ignored' });

    const detail = await t.inject({ url: `/api/requests/${requestId}`, cookie: customer.cookie });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().responses.map((r: { id: string }) => r.id)).toEqual([kept]);
    expect(detail.json().responseCount).toBe(1);
    const listed = await t.inject({ url: '/api/requests', cookie: customer.cookie });
    expect(listed.json().items[0]).toMatchObject({ id: requestId, responseCount: 1 });

    for (const call of [
      get(customer.cookie, ignored),
      act(customer.cookie, ignored, 'view'),
      act(customer.cookie, ignored, 'ignore'),
      act(customer.cookie, ignored, 'confirm'),
    ]) {
      const r = await call;
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe(CUSTOMER_OFFER_MESSAGES.notFound);
    }
    // The other offer is untouched and still confirmable.
    expect((await act(customer.cookie, kept, 'confirm')).statusCode).toBe(200);
    expect(await responseRow(ignored)).toMatchObject({ status: 'ignored' });
  });
});
