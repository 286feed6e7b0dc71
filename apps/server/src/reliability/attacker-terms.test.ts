/**
 * The terms attacker (issue 26 item 2 and "your own adversary", docs/reliability.md, decision 019).
 * Every state-changing action that agrees to terms the other party can change is tried with the
 * terms changed between the victim's read and the agreement, through real HTTP on a listening
 * server (PGlite):
 *
 * - the customer's Confirm, against every way the business can change the offer (Edit Offer's price
 *   up or down, its date, its message alone; accepting the customer's counter offer) — and, sent
 *   together with the edit, in 40 races;
 * - the business's Accept Request, against the customer replacing their counter offer;
 * - the business's Accept As-Is (and a custom quote), against every way the customer can change the
 *   request (budget, description, date and time, urgency, photos);
 * - the customer's Confirm of a quote given before the customer changed the request, for every field
 *   the business sees (request_changed: the business never saw those details), then booked once the
 *   business keeps its quote for them; and the business's Keep My Quote sent together with another
 *   edit of the customer, in 20 races — never booked on details the business did not name.
 *
 * Each refused agreement answers 409 terms_changed in plain words and changes nothing at all (every
 * table's fingerprint, notifications and outbox included); the same agreement naming the new terms
 * then succeeds with exactly them; an agreement naming no terms (an old client) is a 400, never a
 * guess. A change that leaves the terms as they were (the same offer sent again) refuses nothing.
 */
import type { AddressInfo } from 'node:net';
import { requestChangedSinceQuoteMessage, TERMS_MESSAGES } from '@grip/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_REQUEST, poolBusiness } from '../test/pool-request';
import { createTestApp, type TestApp } from '../test/test-app';
import { databaseDigest } from './database-digest';

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp({ OUTBOX_POLL_MS: '60000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Nothing changes the database behind the digests' back.
  await t.app.grip.outbox.stop();
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

interface Answer {
  status: number;
  // Each route's own JSON; the tests read the few fields they check.
  body: Record<string, unknown> & { error?: string; message?: string };
}

/** One real HTTP call on the listening server, as the web app makes it. */
async function http(method: 'GET' | 'POST' | 'PATCH', path: string, cookie: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} } as Answer;
}

type Party = Awaited<ReturnType<TestApp['signUp']>>;

/** A customer's pool request and one business's $180 quote on it. */
async function quoted(business?: Party) {
  const b = business ?? (await poolBusiness(t));
  const customer = await t.signUp({ name: 'Victim Customer' });
  const request = await http('POST', '/api/requests', customer.cookie, POOL_REQUEST);
  expect(request.status).toBe(201);
  const requestId = request.body.id as string;
  const quote = { message: 'I can service the pump on Thursday.', quotedPrice: 180, priceType: 'fixed' };
  const response = await http('POST', `/api/business/requests/${requestId}/responses`, b.cookie, quote);
  expect(response.status).toBe(201);
  return { business: b, customer, requestId, responseId: response.body.id as string };
}
type Quoted = Awaited<ReturnType<typeof quoted>>;

/** What the customer's screen shows of the offer and would confirm. */
async function customerReads(o: Quoted) {
  const offer = await http('GET', `/api/offers/${o.responseId}`, o.customer.cookie);
  expect(offer.status).toBe(200);
  return offer.body as { termsVersion: string; quotedPrice: string; status: string; message: string };
}
const confirm = (o: Quoted, termsVersion?: string) =>
  http(
    'POST',
    `/api/offers/${o.responseId}/confirm`,
    o.customer.cookie,
    termsVersion ? { termsVersion } : undefined,
  );
const editOffer = (o: Quoted, change: Record<string, unknown>) =>
  http('POST', `/api/business/opportunities/${o.responseId}/counter-offer`, o.business.cookie, {
    quotedPrice: 180,
    message: 'I can service the pump on Thursday.',
    ...change,
  });
const customerCounter = (o: Quoted, quotedPrice: number) =>
  http('POST', `/api/offers/${o.responseId}/counter-offer`, o.customer.cookie, { quotedPrice });

/** The customer's newest counter offer, as the business's card shows it. */
async function businessReadsCounterOffer(o: Quoted): Promise<string> {
  const list = await http('GET', '/api/business/opportunities', o.business.cookie);
  const items = list.body.items as {
    id: string;
    messages: { id: string; fromBusiness: boolean; messageType: string }[];
  }[];
  const thread = items.find((i) => i.id === o.responseId)?.messages ?? [];
  const latest = thread.findLast((m) => !m.fromBusiness && m.messageType === 'counter_offer');
  expect(latest).toBeDefined();
  return latest!.id;
}

/** A refusal of changed terms: the 409, its code and our words. */
function expectTermsChanged(answer: Answer, message: string, label: string) {
  expect([answer.status, answer.body.error, answer.body.message], label).toEqual([
    409,
    'terms_changed',
    message,
  ]);
}

describe('the business changes the offer between the customer’s read and Confirm', () => {
  it('refuses every change, writes nothing, and then books exactly the new terms once read', async () => {
    const started = Date.now();
    const attacks: [string, (o: Quoted) => Promise<Answer>][] = [
      ['price raised to $9,999', (o) => editOffer(o, { quotedPrice: 9999 })],
      ['price lowered to $170', (o) => editOffer(o, { quotedPrice: 170 })],
      ['same price, another date', (o) => editOffer(o, { availabilityDate: '2099-06-01' })],
      ['same price, another hour', (o) => editOffer(o, { availabilityTime: '07:00' })],
      [
        'same price, the message alone',
        (o) => editOffer(o, { message: 'Parts and call-out fee are extra.' }),
      ],
      [
        'the customer’s own counter offer, accepted by the business',
        async (o) => {
          expect((await customerCounter(o, 120)).status).toBe(200);
          const counterOfferId = await businessReadsCounterOffer(o);
          return http('POST', `/api/business/opportunities/${o.responseId}/accept`, o.business.cookie, {
            counterOfferId,
          });
        },
      ],
    ];
    const business = await poolBusiness(t);
    for (const [label, attack] of attacks) {
      const o = await quoted(business);
      const read = await customerReads(o);
      expect((await attack(o)).status, label).toBe(200);
      const before = await databaseDigest(t.db);

      expectTermsChanged(await confirm(o, read.termsVersion), TERMS_MESSAGES.offerChanged, label);
      expect(await databaseDigest(t.db), label).toEqual(before);

      const fresh = await customerReads(o);
      expect(fresh.termsVersion, label).not.toBe(read.termsVersion);
      expect((await confirm(o, fresh.termsVersion)).status, label).toBe(200);
      const booked = await customerReads(o);
      expect([booked.status, booked.quotedPrice, booked.message], label).toEqual([
        'accepted',
        fresh.quotedPrice,
        fresh.message,
      ]);
    }
    console.log(
      `terms attacker, Confirm: ${attacks.length} kinds of change refused with nothing written, each then booked as re-read (${Date.now() - started} ms)`,
    );
  });

  it('refuses nothing when the business sends the same terms again', async () => {
    const o = await quoted();
    const read = await customerReads(o);
    expect((await editOffer(o, {})).status).toBe(200);
    expect((await confirm(o, read.termsVersion)).status).toBe(200);
  });

  it('never books terms the customer did not read when the edit and Confirm are sent together (40 races)', async () => {
    const started = Date.now();
    const business = await poolBusiness(t);
    const outcomes: Record<string, number> = {};
    const problems: string[] = [];
    for (let trial = 0; trial < 40; trial++) {
      const o = await quoted(business);
      const read = await customerReads(o);
      // Alternate which is sent first, so both orders are tried.
      const [confirmed, edited] =
        trial % 2 === 0
          ? await Promise.all([confirm(o, read.termsVersion), editOffer(o, { quotedPrice: 9999 })])
          : await Promise.all([editOffer(o, { quotedPrice: 9999 }), confirm(o, read.termsVersion)]).then(
              ([e, c]) => [c, e] as const,
            );
      const stored = await customerReads(o);
      const outcome = `confirm ${confirmed.status}${confirmed.body.error ? ` ${confirmed.body.error}` : ''}, edit ${edited.status}`;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      // Booked at the $180 read (the edit then refused), or not booked at all with the edit in force.
      const fine =
        (confirmed.status === 200 &&
          stored.status === 'accepted' &&
          stored.quotedPrice === '180.00' &&
          edited.status === 409) ||
        (confirmed.body.error === 'terms_changed' &&
          stored.status === 'pending' &&
          stored.quotedPrice === '9999.00' &&
          edited.status === 200);
      if (!fine)
        problems.push(`trial ${trial}: ${outcome}, stored ${stored.status} at ${stored.quotedPrice}`);
    }
    expect(problems).toEqual([]);
    console.log(`terms attacker, races: 40 trials, ${JSON.stringify(outcomes)} (${Date.now() - started} ms)`);
  });
});

describe('the customer replaces their counter offer between the business’s read and Accept Request', () => {
  it('refuses the stale acceptance, writes nothing, then accepts exactly the new counter offer', async () => {
    const o = await quoted();
    expect((await customerCounter(o, 120)).status).toBe(200);
    const stale = await businessReadsCounterOffer(o);
    // The business answers in another tab; the customer then proposes $60.
    expect((await editOffer(o, { quotedPrice: 150 })).status).toBe(200);
    expect((await customerCounter(o, 60)).status).toBe(200);
    const before = await databaseDigest(t.db);

    const accept = (counterOfferId: string) =>
      http('POST', `/api/business/opportunities/${o.responseId}/accept`, o.business.cookie, {
        counterOfferId,
      });
    expectTermsChanged(await accept(stale), TERMS_MESSAGES.counterOfferChanged, 'older counter offer');
    expect(await databaseDigest(t.db)).toEqual(before);
    // Nor a counter offer of another thread (even one on the business's own quote).
    const other = await quoted(o.business);
    expect((await customerCounter(other, 10)).status).toBe(200);
    const beforeOther = await databaseDigest(t.db);
    expectTermsChanged(
      await accept(await businessReadsCounterOffer(other)),
      TERMS_MESSAGES.counterOfferChanged,
      'another thread',
    );
    expect(await databaseDigest(t.db)).toEqual(beforeOther);

    expect((await accept(await businessReadsCounterOffer(o))).status).toBe(200);
    expect((await customerReads(o)).quotedPrice).toBe('60.00');
  });
});

describe('the customer changes the request between the business’s read and Accept As-Is', () => {
  it('refuses every change, writes nothing, then quotes exactly the new request once read', async () => {
    const started = Date.now();
    const changes: [string, Record<string, unknown>][] = [
      ['budget lowered', { budget: 40 }],
      ['budget raised', { budget: 900 }],
      ['description', { description: 'The pump grinds, the filter leaks and the heater is dead.' }],
      ['date and time', { preferredDate: '2099-07-01', preferredTime: '07:00' }],
      ['urgency', { isUrgent: true }],
      ['photos', { images: [] as string[] }],
    ];
    const business = await poolBusiness(t);
    for (const [label, change] of changes) {
      const customer = await t.signUp();
      const image = await t.uploadImage(customer.cookie);
      const posted = await http('POST', '/api/requests', customer.cookie, {
        ...POOL_REQUEST,
        images: [image],
      });
      expect(posted.status).toBe(201);
      const id = posted.body.id as string;
      const read = await http('GET', `/api/business/requests/${id}`, business.cookie);
      expect(read.status).toBe(200);
      const edited = await http('PATCH', `/api/requests/${id}`, customer.cookie, {
        ...POOL_REQUEST,
        images: [image],
        ...change,
      });
      expect(edited.status, label).toBe(200);
      const before = await databaseDigest(t.db);

      const asIs = (requestVersion: unknown) =>
        http('POST', `/api/business/requests/${id}/responses`, business.cookie, {
          message: 'Accepted as it is.',
          quotedPrice: 1,
          priceType: 'fixed',
          isAcceptedAsIs: true,
          requestVersion,
        });
      expectTermsChanged(await asIs(read.body.termsVersion), TERMS_MESSAGES.requestChanged, label);
      // A custom quote answering the old request is refused the same way.
      const custom = await http('POST', `/api/business/requests/${id}/responses`, business.cookie, {
        message: 'I can service the pump on Thursday.',
        quotedPrice: 180,
        priceType: 'fixed',
        requestVersion: read.body.termsVersion,
      });
      expectTermsChanged(custom, TERMS_MESSAGES.requestChanged, `${label} (custom quote)`);
      expect(await databaseDigest(t.db), label).toEqual(before);

      const fresh = await http('GET', `/api/business/requests/${id}`, business.cookie);
      expect(fresh.body.termsVersion, label).not.toBe(read.body.termsVersion);
      const ok = await asIs(fresh.body.termsVersion);
      expect(ok.status, label).toBe(201);
      const quote = await http('GET', `/api/business/requests/${id}`, business.cookie);
      expect(quote.body.myResponseStatus, label).toBe('pending');
    }
    console.log(
      `terms attacker, Accept As-Is: ${changes.length} kinds of change refused with nothing written, each then quoted as re-read (${Date.now() - started} ms)`,
    );
  });
});

describe('the customer changes the request between the business’s quote and Confirm', () => {
  const edit = (o: Quoted, change: Record<string, unknown>) =>
    http('PATCH', `/api/requests/${o.requestId}`, o.customer.cookie, { ...POOL_REQUEST, ...change });
  /** The business's card of the quote: what Keep My Quote names. */
  async function businessCard(o: Quoted) {
    const list = await http('GET', '/api/business/opportunities', o.business.cookie);
    const items = list.body.items as {
      id: string;
      requestVersion: string;
      requestChangedSinceQuote: boolean;
    }[];
    const card = items.find((i) => i.id === o.responseId);
    expect(card).toBeDefined();
    return card!;
  }
  const keepQuote = (o: Quoted, requestVersion: string) =>
    http('POST', `/api/business/opportunities/${o.responseId}/keep-quote`, o.business.cookie, {
      requestVersion,
    });

  it('refuses every change of what the business sees, writes nothing, and books once the business keeps its quote', async () => {
    const started = Date.now();
    // Every field of the request form whose change the business's view shows.
    const changes: [string, Record<string, unknown>][] = [
      ['budget lowered', { budget: 40 }],
      ['budget raised', { budget: 900 }],
      ['description', { description: 'The pump grinds, the filter leaks and the heater is dead.' }],
      ['preferred date', { preferredDate: '2099-07-01' }],
      ['preferred time', { preferredTime: '07:00' }],
      ['time flexibility', { preferredTime: '09:00', timeFlexibility: 'within_4_hours' }],
      ['flexible dates', { flexibleDates: true }],
      ['urgency', { isUrgent: true }],
      ['photos', { images: 'new photo' }],
      ['the service (and so the title)', { serviceSubtype: 'pool-cleaning' }],
      ['another suburb', { location: '12 Lawrence St, Freshwater NSW 2096' }],
    ];
    const business = await poolBusiness(t);
    for (const [label, change] of changes) {
      const o = await quoted(business);
      const read = await customerReads(o);
      const photo = change.images === 'new photo' ? { images: [await t.uploadImage(o.customer.cookie)] } : {};
      const edited = await edit(o, { ...change, ...photo });
      expect(edited.status, `${label}: ${JSON.stringify(edited.body)}`).toBe(200);
      expect((await businessCard(o)).requestChangedSinceQuote, label).toBe(true);
      const before = await databaseDigest(t.db);

      const refused = await confirm(o, read.termsVersion);
      expect([refused.status, refused.body.error, refused.body.message], label).toEqual([
        409,
        'request_changed',
        requestChangedSinceQuoteMessage('Blue Water Pools'),
      ]);
      expect(await databaseDigest(t.db), label).toEqual(before);
      // Reading the offer again does not help: its terms are the same, and it says it waits.
      const again = await customerReads(o);
      expect(again.termsVersion, label).toBe(read.termsVersion);
      expect((await confirm(o, again.termsVersion)).body.error, label).toBe('request_changed');

      // The business reads the new details on its card and keeps its quote for them: then it books.
      const kept = await keepQuote(o, (await businessCard(o)).requestVersion);
      expect(kept.status, label).toBe(200);
      const booked = await confirm(o, read.termsVersion);
      expect(booked.status, `${label}: ${JSON.stringify(booked.body)}`).toBe(200);
      expect((await customerReads(o)).status, label).toBe('accepted');
    }
    console.log(
      `terms attacker, changed request: ${changes.length} kinds of change refused with nothing written, each booked once kept (${Date.now() - started} ms)`,
    );
  });

  it('never books details the business did not name when Keep My Quote and another edit are sent together (20 races)', async () => {
    const started = Date.now();
    const business = await poolBusiness(t);
    const outcomes: Record<string, number> = {};
    const problems: string[] = [];
    for (let trial = 0; trial < 20; trial++) {
      const o = await quoted(business);
      const read = await customerReads(o);
      expect((await edit(o, { budget: 200 })).status).toBe(200);
      const seen = (await businessCard(o)).requestVersion;
      // The business keeps its quote for the $200 request while the customer cuts it to $50.
      const [kept, edited] =
        trial % 2 === 0
          ? await Promise.all([keepQuote(o, seen), edit(o, { budget: 50 })])
          : await Promise.all([edit(o, { budget: 50 }), keepQuote(o, seen)]).then(
              ([e, k]) => [k, e] as const,
            );
      const confirmed = await confirm(o, read.termsVersion);
      const outcome = `keep ${kept.status}, edit ${edited.status}, confirm ${confirmed.status} ${confirmed.body.error ?? ''}`;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      // Whichever landed first, the $50 request was never agreed to: no booking.
      if (edited.status !== 200 || confirmed.body.error !== 'request_changed')
        problems.push(`trial ${trial}: ${outcome}`);
    }
    expect(problems).toEqual([]);
    console.log(
      `terms attacker, Keep My Quote races: 20 trials, ${JSON.stringify(outcomes)} (${Date.now() - started} ms)`,
    );
  });
});

describe('an agreement that names no terms (an app from before, a hand-made call)', () => {
  it('is refused in plain words and changes nothing', async () => {
    const o = await quoted();
    expect((await customerCounter(o, 120)).status).toBe(200);
    const other = await t.signUp();
    const posted = await http('POST', '/api/requests', other.cookie, POOL_REQUEST);
    const before = await databaseDigest(t.db);
    const tries: [string, Promise<Answer>, string][] = [
      ['Confirm', confirm(o), TERMS_MESSAGES.offerVersionMissing],
      [
        'Accept Request',
        http('POST', `/api/business/opportunities/${o.responseId}/accept`, o.business.cookie),
        TERMS_MESSAGES.counterOfferMissing,
      ],
      [
        'Accept As-Is',
        http('POST', `/api/business/requests/${posted.body.id as string}/responses`, o.business.cookie, {
          message: 'Accepted as it is.',
          quotedPrice: 1,
          priceType: 'fixed',
          isAcceptedAsIs: true,
        }),
        TERMS_MESSAGES.requestVersionMissing,
      ],
    ];
    for (const [label, answer, message] of tries) {
      const res = await answer;
      expect([res.status, res.body.message], label).toEqual([400, message]);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });
});
