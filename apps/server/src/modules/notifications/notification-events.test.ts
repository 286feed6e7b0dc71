/**
 * Who hears what: for every marketplace event, the server writes an in-app notification to exactly
 * the users the event concerns — with the right type and related id — and to no one else.
 *
 * Each test drives the real API (sign-up, post, quote, negotiate, confirm, chat, complete, contest,
 * review) and then reads GET /api/notifications as every participant, so a notice sent to the wrong
 * user, to the sender, to a business that does not match, or not at all, fails the test. The module
 * tests beside each service check what one notice says; this file checks the whole fan-out.
 *
 * relatedId follows what the web client does with it: request-level events (new_request,
 * new_response, counter_offer, response_declined, response_accepted, request_completed,
 * review_request — whose click opens 'Rate Your Experience' for a request id) name the request;
 * events about one engagement (new_message, job_contested, new_review) name the response.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, profiles, serviceRequests } from '../../db/schema';
import { POOL_REQUEST } from '../../test/pool-request';
import { createTestApp, type TestApp } from '../../test/test-app';

type Party = Awaited<ReturnType<TestApp['signUp']>>;

/** What this file asserts about a notification: who got it is the key of the map it sits in. */
interface Notice {
  type: string;
  relatedId: string | null;
}

/** The people watched in every test. The customer is new in each test; everyone else is shared. */
const NAMES = ['customer', 'booked', 'rival', 'silent', 'gardener', 'distant', 'stranger', 'admin'] as const;
type Name = (typeof NAMES)[number];
type Cast = Record<Exclude<Name, 'customer'>, Party>;
type News = Record<Name, Notice[]>;

/** The pool request (POOL_REQUEST) is in Manly; these businesses sit there, or far from it. */
const MANLY = { latitude: -33.797, longitude: 151.285 };
const PERTH = { latitude: -31.953, longitude: 115.857 };
const HOUR = 60 * 60 * 1000;

let t: TestApp;
let cast: Cast;

async function business(name: string, category: string, at: { latitude: number; longitude: number }) {
  const b = await t.signUp({ role: 'business_owner', businessName: name });
  await t.db
    .update(profiles)
    .set({ serviceCategories: [category], ...at, serviceAreaKm: 25 })
    .where(eq(profiles.userId, b.userId));
  return b;
}

beforeAll(async () => {
  t = await createTestApp();
  // Made once and never changed, so every test knows exactly which businesses match a pool request.
  // (A business without categories or a location would match everything: each one here has both.)
  cast = {
    // Matches, quotes, and is the one the customer books.
    booked: await business('Blue Water Pools', 'Pool Maintenance', MANLY),
    // Matches and sends a competing quote.
    rival: await business('Rival Pools', 'Pool Maintenance', MANLY),
    // Matches but never quotes: it hears of new requests and of nothing that follows.
    silent: await business('Quiet Pools', 'Pool Maintenance', MANLY),
    // In the area but the wrong trade.
    gardener: await business('Leafy Lawns', 'Gardening', MANLY),
    // The right trade but thousands of kilometres away.
    distant: await business('Perth Pools', 'Pool Maintenance', PERTH),
    // A customer with nothing to do with any request here.
    stranger: await t.signUp({ name: 'Stranger' }),
    // Administrators are told of contests and their escalations (PRODUCT-DECISIONS, issue 32), and of nothing else.
    admin: await t.signUp({ role: 'administrator' }),
  };
});
afterAll(async () => {
  await t.close();
});

/** One call through the real API, checked for the status it must answer with. */
async function call(who: Party, method: 'GET' | 'POST', url: string, payload?: unknown, status = 200) {
  const res = await t.inject({ method, url, cookie: who.cookie, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.statusCode === 204 ? null : res.json();
}

/** Every notification of `who`, as GET /api/notifications pages them. */
async function inbox(
  who: Party,
): Promise<{ id: string; type: string; relatedId: string | null; readAt: string | null }[]> {
  const all = [];
  let cursor: string | null = null;
  do {
    const page = await call(who, 'GET', `/api/notifications?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/**
 * Remembers what every participant already has; the returned function reads everyone's inbox again
 * and answers only what arrived since, per participant (sorted, so two notices compare in any order).
 */
async function watch(customer: Party): Promise<() => Promise<News>> {
  const everyone: Record<Name, Party> = { customer, ...cast };
  const before = new Map<Name, Set<string>>();
  for (const name of NAMES) before.set(name, new Set((await inbox(everyone[name])).map((n) => n.id)));
  return async () => {
    const news = {} as News;
    for (const name of NAMES) {
      const fresh = (await inbox(everyone[name])).filter((n) => !before.get(name)!.has(n.id));
      // A new notification is unread: it must raise the badge.
      expect(
        fresh.every((n) => n.readAt === null),
        `${name}: new notices are unread`,
      ).toBe(true);
      news[name] = fresh
        .map((n) => ({ type: n.type, relatedId: n.relatedId }))
        .sort(
          (a, b) => a.type.localeCompare(b.type) || String(a.relatedId).localeCompare(String(b.relatedId)),
        );
    }
    return news;
  };
}

/** The whole expected map: anyone not named must have received nothing. */
function only(expected: Partial<News>): News {
  return Object.fromEntries(NAMES.map((name) => [name, expected[name] ?? []])) as News;
}
const notice = (type: string, relatedId: string): Notice => ({ type, relatedId });

// ---- The steps of a request's life, each through the API a real client calls. ----

async function postRequest(customer: Party): Promise<string> {
  return (await call(customer, 'POST', '/api/requests', POOL_REQUEST, 201)).id as string;
}
async function quote(b: Party, requestId: string, quotedPrice = 180): Promise<string> {
  const body = { message: 'I can service the pump on Thursday.', quotedPrice, priceType: 'fixed' };
  return (await call(b, 'POST', `/api/business/requests/${requestId}/responses`, body, 201)).id as string;
}
const customerCounter = (customer: Party, responseId: string) =>
  call(customer, 'POST', `/api/offers/${responseId}/counter-offer`, {
    quotedPrice: 150,
    preferredDate: '2099-12-01',
    preferredTime: '10:00',
  });
const confirm = async (customer: Party, responseId: string) =>
  call(
    customer,
    'POST',
    `/api/offers/${responseId}/confirm`,
    await t.confirmBody(customer.cookie, responseId),
  );
const complete = (b: Party, responseId: string, requestReview: boolean) =>
  call(b, 'POST', `/api/business/jobs/${responseId}/complete`, { requestReview });
const contest = (customer: Party, responseId: string) =>
  call(customer, 'POST', `/api/bookings/${responseId}/contest`, {
    reason: 'The pump still grinds after the visit.',
  });

/** A new customer's open pool request. */
async function openRequest() {
  const customer = await t.signUp({ name: 'Casey Customer' });
  return { customer, requestId: await postRequest(customer) };
}

/** An open request with two competing quotes: the booked business's and the rival's. */
async function quotedRequest() {
  const r = await openRequest();
  const offer = await quote(cast.booked, r.requestId, 180);
  const rivalOffer = await quote(cast.rival, r.requestId, 200);
  return { ...r, offer, rivalOffer };
}

/** The customer confirmed the booked business's quote: a booking, the rival turned down. */
async function booking() {
  const r = await quotedRequest();
  await confirm(r.customer, r.offer);
  return r;
}

/** The booked business marked the job complete (without asking for a review). */
async function completedJob() {
  const r = await booking();
  await complete(cast.booked, r.offer, false);
  return r;
}

describe('in-app notifications for each event reach exactly the users concerned', () => {
  it('new_request: every matching business, not a business of another trade or area, not the customer', async () => {
    const customer = await t.signUp({ name: 'Casey Customer' });
    const news = await watch(customer);
    const requestId = await postRequest(customer);
    expect(await news()).toEqual(
      only({
        booked: [notice('new_request', requestId)],
        rival: [notice('new_request', requestId)],
        silent: [notice('new_request', requestId)],
      }),
    );
  });

  it('new_request on resubmit: the matching businesses that have not answered, told again', async () => {
    const { customer, requestId } = await openRequest();
    await quote(cast.rival, requestId);
    // Resubmitting is open once a request has gone quiet (expired): age it and its quote past that.
    const longAgo = new Date(Date.now() - 70 * HOUR);
    await t.db
      .update(serviceRequests)
      .set({ createdAt: longAgo, updatedAt: longAgo })
      .where(eq(serviceRequests.id, requestId));
    await t.db
      .update(businessResponses)
      .set({ createdAt: longAgo, updatedAt: longAgo })
      .where(inArray(businessResponses.requestId, [requestId]));
    const news = await watch(customer);
    await call(customer, 'POST', `/api/requests/${requestId}/resubmit`);
    expect(await news()).toEqual(
      only({
        booked: [notice('new_request', requestId)],
        silent: [notice('new_request', requestId)],
      }),
    );
  });

  it('new_response: the request’s customer only, for each quote', async () => {
    const { customer, requestId } = await openRequest();
    const news = await watch(customer);
    await quote(cast.booked, requestId);
    await quote(cast.rival, requestId);
    expect(await news()).toEqual(
      only({ customer: [notice('new_response', requestId), notice('new_response', requestId)] }),
    );
  });

  it('counter_offer from the customer: the business whose offer it answers, not the other quoter', async () => {
    const { customer, requestId, offer } = await quotedRequest();
    const news = await watch(customer);
    await customerCounter(customer, offer);
    expect(await news()).toEqual(only({ booked: [notice('counter_offer', requestId)] }));
  });

  it('counter_offer from the business (Edit Offer): the customer only', async () => {
    const { customer, requestId, offer } = await quotedRequest();
    const news = await watch(customer);
    await call(cast.booked, 'POST', `/api/business/opportunities/${offer}/counter-offer`, {
      quotedPrice: 160,
      availabilityDate: '2099-02-01',
      message: 'I can do it for a bit less.',
    });
    expect(await news()).toEqual(only({ customer: [notice('counter_offer', requestId)] }));
  });

  it('counter_offer when the business accepts the customer’s counter offer: the customer only', async () => {
    const { customer, requestId, offer } = await quotedRequest();
    await customerCounter(customer, offer);
    const body = await t.acceptBody(cast.booked.cookie, offer);
    const news = await watch(customer);
    await call(cast.booked, 'POST', `/api/business/opportunities/${offer}/accept`, body);
    expect(await news()).toEqual(only({ customer: [notice('counter_offer', requestId)] }));
  });

  it('response_declined when the customer declines: the business whose offer it was, no one else', async () => {
    const { customer, requestId, offer } = await quotedRequest();
    const news = await watch(customer);
    await call(customer, 'POST', `/api/offers/${offer}/decline`);
    expect(await news()).toEqual(only({ booked: [notice('response_declined', requestId)] }));
  });

  it('response_declined when the business withdraws its quote: the customer only', async () => {
    const { customer, requestId, offer } = await quotedRequest();
    const news = await watch(customer);
    await call(cast.booked, 'POST', `/api/business/opportunities/${offer}/decline`);
    expect(await news()).toEqual(only({ customer: [notice('response_declined', requestId)] }));
  });

  it('ignoring an offer tells no one', async () => {
    const { customer, offer } = await quotedRequest();
    const news = await watch(customer);
    await call(customer, 'POST', `/api/offers/${offer}/ignore`);
    expect(await news()).toEqual(only({}));
  });

  it('response_accepted: the booked business; every other quoter hears response_declined; no one else', async () => {
    const { customer, requestId, offer } = await quotedRequest();
    const news = await watch(customer);
    await confirm(customer, offer);
    // The rival's pending quote is rejected in the same transaction ('Offer not selected'); the
    // silent business never quoted, so the booking is none of its business.
    expect(await news()).toEqual(
      only({
        booked: [notice('response_accepted', requestId)],
        rival: [notice('response_declined', requestId)],
      }),
    );
  });

  it('response_accepted does not tell a quoter the customer had already declined a second time', async () => {
    const { customer, requestId, offer, rivalOffer } = await quotedRequest();
    await call(customer, 'POST', `/api/offers/${rivalOffer}/decline`);
    const news = await watch(customer);
    await confirm(customer, offer);
    expect(await news()).toEqual(only({ booked: [notice('response_accepted', requestId)] }));
  });

  it('new_message from the customer: the booked business only, never the sender; a retry tells no one', async () => {
    const { customer, offer } = await booking();
    const news = await watch(customer);
    const payload = { message: 'Is Thursday morning still good?', clientId: randomUUID() };
    await call(customer, 'POST', `/api/conversations/${offer}/messages`, payload, 201);
    expect(await news()).toEqual(only({ booked: [notice('new_message', offer)] }));

    // The same send retried after a lost connection is stored once and notifies no one again.
    const again = await watch(customer);
    await call(customer, 'POST', `/api/conversations/${offer}/messages`, payload, 200);
    expect(await again()).toEqual(only({}));
  });

  it('new_message from the business: the customer only, never the sender', async () => {
    const { customer, offer } = await booking();
    const news = await watch(customer);
    await call(cast.booked, 'POST', `/api/conversations/${offer}/messages`, { message: 'Yes, 9 am.' }, 201);
    expect(await news()).toEqual(only({ customer: [notice('new_message', offer)] }));
  });

  it('request_completed: the customer only; no review_request when the business does not ask for one', async () => {
    const { customer, requestId, offer } = await booking();
    const news = await watch(customer);
    await complete(cast.booked, offer, false);
    expect(await news()).toEqual(only({ customer: [notice('request_completed', requestId)] }));
  });

  it('review_request: the customer, with request_completed, when the business asks for a review', async () => {
    const { customer, requestId, offer } = await booking();
    const news = await watch(customer);
    await complete(cast.booked, offer, true);
    // review_request names the request: clicking it opens 'Rate Your Experience' for that request.
    expect(await news()).toEqual(
      only({
        customer: [notice('request_completed', requestId), notice('review_request', requestId)],
      }),
    );
  });

  it('job_contested when the customer contests: the booked business and the administrators', async () => {
    const { customer, offer } = await completedJob();
    const news = await watch(customer);
    await contest(customer, offer);
    expect(await news()).toEqual(
      only({
        booked: [notice('job_contested', offer)],
        admin: [notice('job_contested', offer)],
      }),
    );
  });

  it('job_contested through the dispute: each step tells the other side; an escalation, the administrators too', async () => {
    const { customer, offer } = await completedJob();
    const booking = await contest(customer, offer);
    const disputeId = (booking as { dispute: { id: string } }).dispute.id;
    // One type, one meaning of relatedId: the contest notice names the response (the booking the
    // customer contested, /api/bookings/:responseId), so every step of its dispute names the same one.
    let news = await watch(customer);
    await call(cast.booked, 'POST', `/api/disputes/${disputeId}/answer`, {
      seenStatus: 'awaiting_business',
      kind: 'explanation',
      text: 'The pump was serviced; the noise is the old motor.',
    });
    expect(await news()).toEqual(only({ customer: [notice('job_contested', offer)] }));

    news = await watch(customer);
    await call(customer, 'POST', `/api/disputes/${disputeId}/escalate`, { seenStatus: 'awaiting_customer' });
    expect(await news()).toEqual(
      only({ booked: [notice('job_contested', offer)], admin: [notice('job_contested', offer)] }),
    );

    news = await watch(customer);
    await call(cast.admin, 'POST', `/api/admin/disputes/${disputeId}/decide`, {
      seenStatus: 'escalated',
      outcome: 'for_business',
      note: 'The proof photos show the service done.',
    });
    expect(await news()).toEqual(
      only({ customer: [notice('job_contested', offer)], booked: [notice('job_contested', offer)] }),
    );
  });

  it('job_contested when the customer accepts the business’s answer: the business only', async () => {
    const { customer, offer } = await completedJob();
    const disputeId = ((await contest(customer, offer)) as { dispute: { id: string } }).dispute.id;
    await call(cast.booked, 'POST', `/api/disputes/${disputeId}/answer`, {
      seenStatus: 'awaiting_business',
      kind: 'fix_offered',
      text: 'I will replace the bearing on Monday.',
    });
    const news = await watch(customer);
    await call(customer, 'POST', `/api/disputes/${disputeId}/accept`, { seenStatus: 'awaiting_customer' });
    expect(await news()).toEqual(only({ booked: [notice('job_contested', offer)] }));
  });

  it('new_review: the reviewed business only', async () => {
    const { customer, offer } = await completedJob();
    const news = await watch(customer);
    await call(customer, 'POST', '/api/reviews', { responseId: offer, rating: 5 }, 201);
    expect(await news()).toEqual(only({ booked: [notice('new_review', offer)] }));
  });
});
