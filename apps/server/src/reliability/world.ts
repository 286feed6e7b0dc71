/**
 * A marketplace with a victim and attackers, built through the API as real people would (issue 10
 * §1). Reusable by any reliability test that needs "objects owned by someone else":
 *
 * - customer A (phone, default location) with three requests: an OPEN one at one street address that
 *   business B quoted on and A countered (B's response still pending), a BOOKED one at A's home (B's
 *   quote confirmed, a conversation with messages), and a COMPLETED one at A's home (B marked the job
 *   done, not reviewed yet); A has notifications, a session and a push device;
 * - business B, which matched, quoted and owns those responses (its jobs);
 * - attacker customer C, who owns nothing of A's;
 * - attacker business D, matching the same category and area, so A's open request is in D's feed,
 *   but owning nothing of it;
 * - an administrator (the platform's first, made by sign-up while none exists, as the product allows);
 * - a visitor (no cookie).
 *
 * The open request's street differs from A's home on purpose: B legitimately sees the home address
 * (its quotes there were accepted) and must never see the open request's street before acceptance.
 */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { openLiveStream, type LiveClient } from '../test/live-client';
import { PUBLIC_TEST_ADDRESS } from '../test/test-dns';
import { uniqueEmail, type TestApp } from '../test/test-app';

export interface Party {
  cookie: string;
  userId: string;
  email: string;
  password: string;
  /** The phone as typed; businesses also have a separate notification email. */
  phone: string;
  notificationEmail?: string;
}

/** A's open request: the street no business may see before A accepts its quote. */
export const OPEN_REQUEST_ADDRESS = '17 Wattlebird Crescent, Manly NSW 2095';
export const OPEN_REQUEST_STREET = 'Wattlebird';
/** A's home: the booked and completed requests, and A's default location. */
export const HOME_ADDRESS = '42 Kookaburra Parade, Manly NSW 2095';
export const HOME_STREET = 'Kookaburra';

/** Pool maintenance in Manly: matches both pool businesses below. */
export function poolRequestAt(location: string, description = 'The pool pump is making a grinding noise.') {
  return {
    serviceType: 'Home & Property Services',
    serviceSubtype: 'pool-maintenance',
    description,
    location,
    serviceAreaKm: 10,
    budget: 250,
  };
}

/** A whole business profile (Business Settings): pool maintenance around Manly. */
export function poolBusinessProfile(name: string, phone: string, notificationEmail: string) {
  return {
    businessName: name,
    contactPerson: `${name} Owner`,
    address: 'Manly NSW 2095',
    notificationEmail,
    phone,
    serviceCategories: ['Pool Maintenance'],
    serviceAreaKm: 25,
  };
}

export const QUOTE = { message: 'I can service the pool on Thursday.', quotedPrice: 180, priceType: 'fixed' };

/**
 * A push device: endpoint and keys of the shape browsers send (random, never contacted: the world's
 * outbox is stopped, and its DNS answers the push service's name only for the subscription check).
 */
export function pushDevice() {
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(16).toString('hex')}`,
    keys: {
      p256dh: randomBytes(65).toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
    deviceLabel: 'Firefox on Linux',
  };
}

export interface World {
  t: TestApp;
  /** http://127.0.0.1:port of the listening server (for live streams). */
  base: string;
  admin: Party;
  A: Party;
  B: Party;
  C: Party;
  D: Party;
  /** A's open request (B's response pending, A countered). */
  openRequestId: string;
  /** B's pending response on the open request. */
  pendingResponseId: string;
  /** Its terms version as A read it when the world was built (what A's Confirm would send). */
  pendingTermsVersion: string;
  /** A's counter offer on it (the message B's Accept Request names). */
  counterOfferOfA: string;
  /** The open request's version as B's card read it when the world was built (Keep My Quote's body). */
  pendingRequestVersion: string;
  /** A's booked request and B's accepted response (the booking, the job, the conversation). */
  bookedRequestId: string;
  bookingId: string;
  /** A's completed job (B's response, completed, not reviewed). */
  completedRequestId: string;
  completedId: string;
  /** One of A's notifications, and one of B's. */
  notificationOfA: string;
  notificationOfB: string;
  /** A's current session id (Settings → Security). */
  sessionOfA: string;
  /** A's push device endpoint. */
  pushEndpointOfA: string;
  /** An image A uploaded for the open request. */
  imageOfA: string;
  /** One outbox delivery (admin Deliveries). */
  deliveryId: string;
  /** Live streams opened before A posted anything, one per party, when asked for. */
  live: Record<'A' | 'B' | 'C' | 'D', LiveClient> | null;
}

/** Fails with the answer when a step of the build is refused: the world must be exactly as described. */
function ok(res: LightMyRequestResponse, step: string, status = [200, 201, 204]) {
  if (!status.includes(res.statusCode))
    throw new Error(`world: ${step} answered ${res.statusCode} ${res.body}`);
  return res;
}

/**
 * Builds the world on `t`. The server is made to listen (live streams need a real socket) and the
 * outbox worker is stopped, so nothing changes the database behind a test's back. With `live`, every
 * party's live stream is open before A posts anything and stays open (close them with closeWorld).
 */
export async function buildWorld(t: TestApp, options: { live?: boolean } = {}): Promise<World> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.grip.outbox.stop();
  t.dns.set('fcm.googleapis.com', PUBLIC_TEST_ADDRESS);
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const call = (opts: Parameters<TestApp['inject']>[0]) => t.inject(opts);

  const signUp = async (role: string, name: string, phone: string, businessName?: string) => {
    // Each their own password: one party's password must never open another's account.
    const password = `pw-${randomBytes(6).toString('hex')}-42`;
    const p = await t.signUp({ role, name, email: uniqueEmail(role), businessName, password });
    return { ...p, phone } as Party;
  };

  // The first administrator may sign up as one while the platform has none (PRODUCT-DECISIONS).
  const admin = await signUp('administrator', 'Ada Admin', '+61 400 111 222');
  const A = await signUp('user', 'Alex Victim', '+61 491 570 156');
  const C = await signUp('user', 'Carla Attacker', '+61 491 570 157');
  const B = await signUp('business_owner', 'Blue Water Pools Owner', '+61 491 570 158', 'Blue Water Pools');
  const D = await signUp('business_owner', 'Rival Pools Owner', '+61 491 570 159', 'Rival Pools');

  for (const customer of [A, C]) {
    ok(
      await call({
        method: 'PUT',
        url: '/api/me/profile',
        cookie: customer.cookie,
        payload: { displayName: customer === A ? 'Alex Victim' : 'Carla Attacker', phone: customer.phone },
      }),
      'customer phone',
    );
  }
  ok(
    await call({
      method: 'PUT',
      url: '/api/me/default-location',
      cookie: A.cookie,
      payload: { address: HOME_ADDRESS },
    }),
    "A's default location",
  );
  for (const [business, name] of [
    [B, 'Blue Water Pools'],
    [D, 'Rival Pools'],
  ] as const) {
    business.notificationEmail = uniqueEmail(`jobs.${name.split(' ')[0]!.toLowerCase()}`);
    ok(
      await call({
        method: 'PUT',
        url: '/api/business-profile',
        cookie: business.cookie,
        payload: poolBusinessProfile(name, business.phone, business.notificationEmail),
      }),
      `${name} settings`,
    );
  }

  let live: World['live'] = null;
  if (options.live) {
    const entries = await Promise.all(
      (['A', 'B', 'C', 'D'] as const).map(async (k) => {
        const s = await openLiveStream(base, { A, B, C, D }[k].cookie);
        await s.ready;
        return [k, s] as const;
      }),
    );
    live = Object.fromEntries(entries) as Record<'A' | 'B' | 'C' | 'D', LiveClient>;
  }

  const post = async (location: string, images: string[] = []) =>
    ok(
      await call({
        method: 'POST',
        url: '/api/requests',
        cookie: A.cookie,
        payload: { ...poolRequestAt(location), images },
      }),
      'A posts a request',
    ).json().id as string;
  const quote = async (requestId: string) =>
    ok(
      await call({
        method: 'POST',
        url: `/api/business/requests/${requestId}/responses`,
        cookie: B.cookie,
        payload: QUOTE,
      }),
      'B quotes',
    ).json().id as string;
  // A confirms the terms A reads, as the Confirm dialog does (decision 019).
  const confirm = async (responseId: string) => ok(await t.confirmOffer(A.cookie, responseId), 'A confirms');

  // The open request: posted, edited, quoted by B, countered by A.
  const imageOfA = await t.uploadImage(A.cookie);
  const openRequestId = await post(OPEN_REQUEST_ADDRESS, [imageOfA]);
  ok(
    await call({
      method: 'PATCH',
      url: `/api/requests/${openRequestId}`,
      cookie: A.cookie,
      payload: {
        ...poolRequestAt(OPEN_REQUEST_ADDRESS, 'The pool pump grinds and the water is going green.'),
        images: [imageOfA],
      },
    }),
    'A edits the open request',
  );
  const pendingResponseId = await quote(openRequestId);
  ok(
    await call({
      method: 'POST',
      url: `/api/offers/${pendingResponseId}/counter-offer`,
      cookie: A.cookie,
      payload: { quotedPrice: 150, message: 'Could you do it for 150?' },
    }),
    'A counters',
  );
  const offerOfA = ok(
    await call({ url: `/api/offers/${pendingResponseId}`, cookie: A.cookie }),
    'A reads',
  ).json() as { termsVersion: string; messages: { id: string; messageType: string }[] };
  const counterOfferOfA = offerOfA.messages.find((m) => m.messageType === 'counter_offer')?.id;
  if (!counterOfferOfA) throw new Error("world: A's counter offer not in the thread");

  // The booking: confirmed, with a conversation.
  const bookedRequestId = await post(HOME_ADDRESS);
  const bookingId = await quote(bookedRequestId);
  await confirm(bookingId);
  for (const [who, message] of [
    [A, 'The side gate code is on the fridge.'],
    [B, 'Thanks, see you Thursday.'],
  ] as const) {
    ok(
      await call({
        method: 'POST',
        url: `/api/conversations/${bookingId}/messages`,
        cookie: who.cookie,
        payload: { message },
      }),
      'a message',
    );
  }

  // The completed job (posted last: a completed, unreviewed job holds back A's next request).
  const completedRequestId = await post(HOME_ADDRESS);
  const completedId = await quote(completedRequestId);
  await confirm(completedId);
  ok(
    await call({
      method: 'POST',
      url: `/api/business/jobs/${completedId}/complete`,
      cookie: B.cookie,
      payload: { notes: 'Pump bearings replaced.' },
    }),
    'B completes a job',
  );

  const firstNotification = async (p: Party) => {
    const res = ok(await call({ url: '/api/notifications', cookie: p.cookie }), 'notifications');
    const id = (res.json().items as { id: string }[])[0]?.id;
    if (!id) throw new Error('world: no notification');
    return id;
  };
  const security = ok(await call({ url: '/api/me/security', cookie: A.cookie }), "A's sessions").json() as {
    sessions: { id: string; isCurrent: boolean }[];
  };
  const sessionOfA = security.sessions.find((s) => s.isCurrent)?.id;
  if (!sessionOfA) throw new Error("world: A's session not listed");

  const device = pushDevice();
  ok(
    await call({ method: 'POST', url: '/api/push/subscriptions', cookie: A.cookie, payload: device }),
    "A's push device",
  );
  const deliveries = ok(await call({ url: '/api/admin/deliveries', cookie: admin.cookie }), 'deliveries');
  const deliveryId = String((deliveries.json().items as { id: number | string }[])[0]?.id ?? '');
  if (!deliveryId) throw new Error('world: no delivery');

  return {
    t,
    base,
    admin,
    A,
    B,
    C,
    D,
    openRequestId,
    pendingResponseId,
    pendingTermsVersion: offerOfA.termsVersion,
    counterOfferOfA,
    pendingRequestVersion: (await t.keepQuoteBody(B.cookie, pendingResponseId)).requestVersion,
    bookedRequestId,
    bookingId,
    completedRequestId,
    completedId,
    notificationOfA: await firstNotification(A),
    notificationOfB: await firstNotification(B),
    sessionOfA,
    pushEndpointOfA: device.endpoint,
    imageOfA,
    deliveryId,
    live,
  };
}

/** Closes the world's live streams (the app itself is the caller's to close). */
export function closeWorld(world: World) {
  for (const s of Object.values(world.live ?? {})) s.close();
}
