/**
 * The access-control matrix (issue 10 §1): one entry per route of the server's own list
 * (`app.grip.routes`), each with a URL built from the world's objects (world.ts), a valid body, and
 * who must be refused with what. `access-control.test.ts` runs it and checks it is complete.
 *
 * Reading an entry: `refused` names each caller that must be turned away and the answers allowed
 * (401 = sign in first; 403/404 = not yours, not your role, or not there for you). Callers not named
 * may use the route (the rightful owner, or anyone when the route is public: `why` says so). `owner`
 * proves the body is valid: the rightful owner succeeds with it, after all refusals were checked.
 */
import { fileForm } from '../test/multipart';
import { pushDevice, QUOTE, poolRequestAt, poolBusinessProfile, type World } from './world';

export type Role = 'visitor' | 'A' | 'B' | 'C' | 'D' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Call {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One more try than the entry's own call: another path under a wildcard, or another object. */
export interface Attempt {
  who: Role;
  /** The answers allowed. */
  status: readonly number[];
  call: (w: World) => Call;
  why: string;
}

export interface Entry {
  /** Exactly as in app.grip.routes: 'POST /api/requests/:id/archive'. */
  route: string;
  /** Who may use it, and why the others are refused (spec section or product decision). */
  why: string;
  call: (w: World) => Call;
  refused: Partial<Record<Role, readonly number[]>>;
  also?: (w: World) => Attempt[];
  /**
   * The rightful owner succeeds with the same body (run after every refusal was checked, in `step`
   * order where one proof needs another's outcome, e.g. a negotiation's turns).
   */
  owner?: {
    who: Role;
    status: readonly number[];
    /** A call of its own, read from the world as it is by then (a negotiation's later turn). */
    call?: (w: World) => Call | Promise<Call>;
    step?: number;
  };
  /** GET only: more URLs the field-level check reads (other groups, objects the caller may see). */
  views?: (w: World) => string[];
}

/** The entry's refusals as attempts: each role it refuses, with the answers allowed. */
export function refusalsOf(entry: Entry): Attempt[] {
  return Object.entries(entry.refused).map(([who, status]) => ({
    who: who as Role,
    status: status!,
    call: entry.call,
    why: entry.why,
  }));
}

export const SIGN_IN = [401] as const;
/** Not yours / not your role / not there for you. */
export const REFUSED = [403, 404] as const;
export const OK = [200, 201, 202, 204] as const;

/** Only the signed-in caller's own account is read or changed: a visitor is asked to sign in. */
const OWN = { visitor: SIGN_IN };
/** A customer's own object (A's): everyone else is refused. */
const A_ONLY = { visitor: SIGN_IN, B: REFUSED, C: REFUSED, D: REFUSED, admin: REFUSED };
/** A business's own object (B's): customers, other businesses and administrators are refused. */
const B_ONLY = { visitor: SIGN_IN, A: REFUSED, C: REFUSED, D: REFUSED, admin: REFUSED };
/** A conversation: its customer (A) and business (B) only (spec 2 §6, spec 3 §6). */
const PARTIES_ONLY = { visitor: SIGN_IN, C: REFUSED, D: REFUSED, admin: REFUSED };
/** Business routes: customers and administrators are not business owners (spec 3 §6). */
const BUSINESSES = { visitor: SIGN_IN, A: REFUSED, C: REFUSED, admin: REFUSED };
/** Customer-only routes (posting requests): businesses and administrators are refused. */
const CUSTOMERS = { visitor: SIGN_IN, B: REFUSED, D: REFUSED, admin: REFUSED };
/** Administrator routes (spec 3 §6): 401 signed out, 403 for every other role. */
const ADMINS = { visitor: SIGN_IN, A: [403], B: [403], C: [403], D: [403] } as const;

const get = (url: string) => () => ({ url });

/**
 * A booking's changes (issue 32): its two parties only. Anyone else is told there is no such booking
 * (404, as for every booking read), never that it exists but is not theirs.
 */
const BOOKING_PARTIES = { visitor: SIGN_IN, C: [404], D: [404], admin: [404] } as const;

/** The world's booking has no agreed date (the quote gave none, the request none): what both saw. */
const NO_DATE = { date: null, time: null };
/** A day no time zone calls past: what a proposed time names. */
const daysAhead = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
/** A well-formed id of no proposal: to anyone but the parties the booking is missing first. */
const NO_SUCH_PROPOSAL = '00000000-0000-4000-8000-000000000000';

/**
 * Where C's booking with B is (the issue 32 proofs): its street is B's to see while the booking stands
 * and no longer once B cancelled it (job detail, conversation, the request, the booking's calendar
 * file) — `changedBookingViews` lists those reads for the field-level check.
 */
export const CHANGED_BOOKING_ADDRESS = '9 Pittwater Road, Dee Why NSW 2099';
export const CHANGED_BOOKING_STREET = 'Pittwater';

interface ChangedBooking {
  requestId: string;
  responseId: string;
}

/**
 * The booking the issue 32 proofs move and cancel. The world's own is completed by then (the
 * complete entry's proof) and A may not post again before reviewing it, so C books B — made once per
 * world, in the rightful-owner phase (a refusal must change nothing), by C posting, B quoting and C
 * confirming through the API.
 */
const changedBookings = new WeakMap<World, Promise<ChangedBooking>>();
const madeBookings = new WeakMap<World, ChangedBooking>();

function changedBooking(w: World): Promise<ChangedBooking> {
  let made = changedBookings.get(w);
  if (!made) {
    made = makeChangedBooking(w);
    changedBookings.set(w, made);
  }
  return made;
}

async function makeChangedBooking(w: World): Promise<ChangedBooking> {
  const step = (what: string, res: { statusCode: number; body: string }, status: number) => {
    if (res.statusCode !== status) throw new Error(`matrix: ${what} answered ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as { id: string };
  };
  const request = step(
    'C posts a request',
    await w.t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: w.C.cookie,
      payload: poolRequestAt(CHANGED_BOOKING_ADDRESS),
    }),
    201,
  );
  const response = step(
    'B quotes',
    await w.t.inject({
      method: 'POST',
      url: `/api/business/requests/${request.id}/responses`,
      cookie: w.B.cookie,
      payload: QUOTE,
    }),
    201,
  );
  step('C confirms', await w.t.confirmOffer(w.C.cookie, response.id), 200);
  const booking = { requestId: request.id, responseId: response.id };
  madeBookings.set(w, booking);
  return booking;
}

/** B's job as B reads it: its open proposal and the time both parties last saw. */
async function jobOfB(w: World, responseId: string) {
  const res = await w.t.inject({ url: `/api/business/jobs/${responseId}`, cookie: w.B.cookie });
  return JSON.parse(res.body) as {
    changes: {
      agreedTime: { date: string | null; time: string | null };
      openProposal: { id: string } | null;
    };
  };
}

/**
 * Once B cancelled C's booking (the cancel entry's proof), the reads where B would see its street:
 * the field-level check after acceptance reads them as every party. Empty before the proofs ran.
 */
export function changedBookingViews(w: World, who: 'customer' | 'business'): string[] {
  const b = madeBookings.get(w);
  if (!b) return [];
  return who === 'customer'
    ? [`/api/bookings/${b.responseId}`]
    : [
        `/api/business/jobs/${b.responseId}`,
        `/api/conversations/${b.responseId}`,
        `/api/business/requests/${b.requestId}`,
        `/api/bookings/${b.responseId}/calendar.ics`,
      ];
}

/** The dispute A's contest opened on the completed job, as A's booking names it. */
async function disputeOf(w: World): Promise<string> {
  const res = await w.t.inject({ url: `/api/bookings/${w.completedId}`, cookie: w.A.cookie });
  const id = (JSON.parse(res.body) as { dispute: { id: string } | null }).dispute?.id;
  if (!id) throw new Error(`matrix: A's completed job has no dispute: ${res.body}`);
  return id;
}

/** A small real PNG as the multipart body of POST /api/uploads (the same bytes every time). */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC',
  'base64',
);

/** A hand-made form as a matrix call's body and headers. */
const form = (f: ReturnType<typeof fileForm>) => ({ body: f.payload, headers: f.headers });

const EDIT = poolRequestAt(
  '17 Wattlebird Crescent, Manly NSW 2095',
  'The pump grinds, and now it leaks as well.',
);
const COUNTER_FROM_B = { quotedPrice: 170, message: 'I could meet you at 170 for the whole job.' };
const COUNTER_FROM_A = { quotedPrice: 155, message: 'Would 155 work for you?' };
const CSV = Buffer.from(
  'email,password,business_name,display_name,phone,address,website,google_reviews_url,description,service_categories,service_area_km,notification_preferences,notification_email\n' +
    'bulk.pools@example.com,correct-horse-42,Bulk Pools,Bulk Owner,+61 400 000 001,Manly NSW,,,,Pool Maintenance,25,email,\n',
);

/** The session token inside a Cookie header (Better Auth's signed value is token.signature). */
export function sessionTokenOf(cookie: string): string {
  const value = /grip\.session_token=([^;]+)/.exec(cookie)?.[1] ?? '';
  return decodeURIComponent(value).split('.')[0] ?? '';
}

// ---------------------------------------------------------------------------------------------
// Better Auth's endpoints sit behind two wildcard routes. Each of its endpoints is listed here, in a
// group with one reason; the test fails when the auth library exposes an endpoint not listed.
// ---------------------------------------------------------------------------------------------

export interface AuthPath {
  method: 'GET' | 'POST';
  /** Better Auth's path, as in auth.api (':token' style parameters). */
  path: string;
  /** Tried as a visitor (and as C where `asC`) with this call, expecting these answers. */
  call?: (w: World) => Call;
  status?: readonly number[];
  asC?: { status: readonly number[]; call: (w: World) => Call; why: string };
  /** Why it is not tried here, when it is not. */
  notTried?: string;
}

export interface AuthGroup {
  reason: string;
  paths: AuthPath[];
}

const auth = (path: string, query = '') => `/api/auth${path}${query}`;

export const AUTH_GROUPS: AuthGroup[] = [
  {
    reason:
      'Public sign-in flows: anyone may try them; each needs a secret the attacker lacks (a password, a ' +
      'one-time token from a mailbox, a second-factor code, an identity provider). Tried as a visitor ' +
      "with A's email and a wrong secret: refused, nothing changes.",
    paths: [
      {
        method: 'POST',
        path: '/sign-in/email',
        call: (w) => ({
          url: auth('/sign-in/email'),
          body: { email: w.A.email, password: 'wrong-horse-42' },
        }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/sign-up/email',
        call: (w) => ({
          url: auth('/sign-up/email'),
          body: { name: 'Impostor', email: w.A.email, password: 'correct-horse-42', role: 'user' },
        }),
        // Better Auth refuses an address already registered (422), creating nothing.
        status: [400, 422],
      },
      {
        method: 'POST',
        path: '/sign-in/social',
        call: () => ({ url: auth('/sign-in/social'), body: { provider: 'google', callbackURL: '/' } }),
        // No identity provider configured in tests: refused before anything is stored.
        status: [400, 404],
      },
      {
        method: 'POST',
        path: '/reset-password',
        call: () => ({
          url: auth('/reset-password'),
          body: { newPassword: 'taken-over-42', token: 'made-up-token' },
        }),
        status: [400],
      },
      {
        method: 'POST',
        path: '/request-password-reset',
        notTried:
          "sends the link to the account's own mailbox only (that is the point); proven in auth/email-flows.test.ts",
      },
      {
        method: 'POST',
        path: '/send-verification-email',
        notTried: "sends the link to the account's own mailbox only; proven in auth/email-flows.test.ts",
      },
      {
        method: 'GET',
        path: '/verify-email',
        call: () => ({ url: auth('/verify-email', '?token=made-up-token') }),
        status: [302, 400, 401],
      },
      {
        method: 'GET',
        path: '/reset-password/:token',
        // Redirects to the web app's reset page with an error for a token that is not valid.
        call: () => ({ url: auth('/reset-password/made-up-token', '?callbackURL=%2Freset-password') }),
        status: [302],
      },
      {
        method: 'POST',
        path: '/two-factor/verify-totp',
        call: () => ({ url: auth('/two-factor/verify-totp'), body: { code: '123456' } }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/two-factor/verify-backup-code',
        call: () => ({ url: auth('/two-factor/verify-backup-code'), body: { code: 'abcde-fghij' } }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/two-factor/verify-otp',
        call: () => ({ url: auth('/two-factor/verify-otp'), body: { code: '123456' } }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/two-factor/send-otp',
        call: () => ({ url: auth('/two-factor/send-otp'), body: {} }),
        // No one-time codes by email or SMS are configured (docs/decisions/012).
        status: [400, 401],
      },
      {
        method: 'GET',
        path: '/callback/:id',
        call: () => ({ url: auth('/callback/google', '?code=made-up&state=made-up') }),
        status: [302, 400, 404],
      },
      {
        method: 'POST',
        path: '/callback/:id',
        call: () => ({ url: auth('/callback/google'), body: { code: 'made-up', state: 'made-up' } }),
        status: [302, 400, 404],
      },
      {
        method: 'GET',
        path: '/delete-user/callback',
        call: () => ({ url: auth('/delete-user/callback', '?token=made-up-token') }),
        status: [400, 401, 404],
      },
      { method: 'GET', path: '/ok', call: () => ({ url: auth('/ok') }), status: [200] },
      { method: 'GET', path: '/error', call: () => ({ url: auth('/error') }), status: [200] },
    ],
  },
  {
    reason:
      "The caller's own session: a visitor is told there is none (get-session answers null, so the app " +
      'can ask on every start); a signed-in caller reads only their own.',
    paths: [
      { method: 'GET', path: '/get-session', call: () => ({ url: auth('/get-session') }), status: [200] },
      {
        method: 'POST',
        path: '/get-session',
        call: () => ({ url: auth('/get-session'), body: {} }),
        // Only with deferSessionRefresh (off here): refused with a message.
        status: [405],
      },
      { method: 'GET', path: '/list-sessions', call: () => ({ url: auth('/list-sessions') }), status: [401] },
      { method: 'GET', path: '/list-accounts', call: () => ({ url: auth('/list-accounts') }), status: [401] },
      {
        method: 'GET',
        path: '/account-info',
        call: () => ({ url: auth('/account-info', '?accountId=made-up') }),
        status: [400, 401],
      },
    ],
  },
  {
    reason:
      "Changes to the caller's own account (session required): a visitor is asked to sign in. Nothing " +
      "in them names another account, except a session token, which is A's secret: C revoking A's " +
      'session by its token changes nothing.',
    paths: [
      {
        method: 'POST',
        path: '/sign-out',
        call: () => ({ url: auth('/sign-out'), body: {} }),
        status: [200, 401],
      },
      {
        method: 'POST',
        path: '/update-user',
        call: () => ({ url: auth('/update-user'), body: { name: 'Taken Over' } }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/update-session',
        call: () => ({ url: auth('/update-session'), body: {} }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/change-password',
        call: () => ({
          url: auth('/change-password'),
          body: { currentPassword: 'correct-horse-42', newPassword: 'taken-over-42' },
        }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/change-email',
        call: (w) => ({ url: auth('/change-email'), body: { newEmail: `taken.${w.C.email}` } }),
        status: [400, 401, 404],
      },
      {
        method: 'POST',
        path: '/delete-user',
        call: () => ({ url: auth('/delete-user'), body: { password: 'correct-horse-42' } }),
        status: [400, 401, 404],
      },
      {
        method: 'POST',
        path: '/revoke-session',
        call: (w) => ({ url: auth('/revoke-session'), body: { token: sessionTokenOf(w.A.cookie) } }),
        status: [401],
        asC: {
          status: [200, 400, 401, 403, 404],
          call: (w) => ({ url: auth('/revoke-session'), body: { token: sessionTokenOf(w.A.cookie) } }),
          why: "C names A's session by its token: A stays signed in (the digest proves it)",
        },
      },
      {
        method: 'POST',
        path: '/revoke-sessions',
        call: () => ({ url: auth('/revoke-sessions'), body: {} }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/revoke-other-sessions',
        call: () => ({ url: auth('/revoke-other-sessions'), body: {} }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/link-social',
        call: () => ({ url: auth('/link-social'), body: { provider: 'google' } }),
        status: [400, 401, 404],
      },
      {
        method: 'POST',
        path: '/unlink-account',
        call: () => ({
          url: auth('/unlink-account'),
          body: { providerId: 'credential', accountId: 'made-up' },
        }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/refresh-token',
        call: () => ({ url: auth('/refresh-token'), body: { providerId: 'google' } }),
        status: [400, 401],
      },
      {
        method: 'POST',
        path: '/get-access-token',
        call: () => ({ url: auth('/get-access-token'), body: { providerId: 'google' } }),
        status: [400, 401],
      },
      {
        method: 'POST',
        path: '/two-factor/enable',
        call: () => ({ url: auth('/two-factor/enable'), body: { password: 'correct-horse-42' } }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/two-factor/disable',
        call: () => ({ url: auth('/two-factor/disable'), body: { password: 'correct-horse-42' } }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/two-factor/get-totp-uri',
        call: () => ({ url: auth('/two-factor/get-totp-uri'), body: { password: 'correct-horse-42' } }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/two-factor/generate-backup-codes',
        call: () => ({
          url: auth('/two-factor/generate-backup-codes'),
          body: { password: 'correct-horse-42' },
        }),
        status: [401],
      },
      {
        method: 'POST',
        path: '/verify-password',
        call: () => ({ url: auth('/verify-password'), body: { password: 'correct-horse-42' } }),
        status: [401, 404],
      },
    ],
  },
];

function authAttempts(method: 'GET' | 'POST'): () => Attempt[] {
  return () =>
    AUTH_GROUPS.flatMap((group) =>
      group.paths
        .filter((p) => p.method === method && p.call)
        .flatMap((p): Attempt[] => [
          { who: 'visitor', status: p.status ?? [], call: p.call!, why: group.reason },
          ...(p.asC ? [{ who: 'C' as const, status: p.asC.status, call: p.asC.call, why: p.asC.why }] : []),
        ]),
    );
}

// ---------------------------------------------------------------------------------------------
// The matrix.
// ---------------------------------------------------------------------------------------------

export const MATRIX: Entry[] = [
  // Public: no account's data.
  {
    route: 'GET /api/openapi.json',
    why: 'Public: the API document (no data).',
    call: get('/api/openapi.json'),
    refused: {},
  },
  {
    route: 'GET /healthz',
    why: 'Public: liveness for a load balancer (no data).',
    call: get('/healthz'),
    refused: {},
  },
  {
    route: 'GET /readyz',
    why: 'Public: readiness for a load balancer (no data).',
    call: get('/readyz'),
    refused: {},
  },
  {
    route: 'GET /api/service-categories',
    why: 'Public reference data: the service catalogue.',
    call: get('/api/service-categories'),
    refused: {},
  },
  {
    route: 'GET /api/config',
    why: 'Public: what the web app needs to start (product name, map style).',
    call: get('/api/config'),
    refused: {},
  },
  {
    route: 'GET /api/auth/*',
    why: "Better Auth's GET endpoints, each listed in AUTH_GROUPS with its reason.",
    call: get('/api/auth/get-session'),
    refused: {},
    also: authAttempts('GET'),
  },
  {
    route: 'POST /api/auth/*',
    why: "Better Auth's POST endpoints, each listed in AUTH_GROUPS with its reason.",
    call: (w) => ({ url: '/api/auth/sign-in/email', body: { email: w.A.email, password: 'wrong-horse-42' } }),
    refused: { visitor: [401] },
    also: authAttempts('POST'),
  },
  {
    route: 'GET /api/geo/suggest',
    why: 'Public: address suggestions for the landing page and the guest assistant (rate-limited per address).',
    call: get('/api/geo/suggest?q=Manly'),
    refused: {},
  },
  {
    route: 'GET /api/geo/geocode',
    why: 'Public: geocoding a typed address (rate-limited per address); stores nothing.',
    call: get('/api/geo/geocode?address=Manly%20NSW'),
    refused: {},
  },
  {
    route: 'GET /api/geo/reverse',
    why: 'Public: the place near a point (rate-limited per address); stores nothing.',
    call: get('/api/geo/reverse?latitude=-33.797&longitude=151.285'),
    refused: {},
  },
  {
    route: 'GET /api/market-analysis',
    why: "Public: the guest assistant's market figures (counts only, rate-limited per address).",
    call: get(
      '/api/market-analysis?serviceType=Home%20%26%20Property%20Services&latitude=-33.797&longitude=151.285',
    ),
    refused: {},
  },
  {
    route: 'GET /uploads/*',
    why:
      'Public by capability: stored names carry 144 random bits, so only those a request or message ' +
      'was shown to know one (uploads.routes.ts); <img> cannot send credentials through a CDN.',
    call: (w) => ({ url: w.imageOfA }),
    refused: {},
  },

  // The caller's own account.
  {
    route: 'GET /api/me',
    why: "The caller's own account (email included: it is theirs).",
    call: get('/api/me'),
    refused: OWN,
  },
  {
    route: 'GET /api/me/notifications',
    why: "A customer's own notification channels and phone; business owners keep theirs in Business Settings.",
    call: get('/api/me/notifications'),
    refused: { ...OWN, B: [403], D: [403] },
  },
  {
    route: 'PUT /api/me/notifications',
    why: "A customer's own channels and phone; business owners are refused (Business Settings owns theirs).",
    call: (w) => ({ url: '/api/me/notifications', body: { channels: ['email', 'sms'], phone: w.C.phone } }),
    refused: { ...OWN, B: [403], D: [403] },
    owner: { who: 'C', status: [200] },
  },
  {
    route: 'GET /api/me/profile',
    why: "The caller's own profile settings.",
    call: get('/api/me/profile'),
    refused: OWN,
  },
  {
    route: 'PUT /api/me/profile',
    why: "The caller's own display name and phone (spec 2 §7 Customer Settings).",
    call: (w) => ({ url: '/api/me/profile', body: { displayName: 'Carla Attacker', phone: w.C.phone } }),
    refused: { ...OWN, B: REFUSED, D: REFUSED },
    owner: { who: 'C', status: [200] },
  },
  {
    route: 'GET /api/me/default-location',
    why: "The caller's own default location.",
    call: get('/api/me/default-location'),
    refused: OWN,
  },
  {
    route: 'PUT /api/me/default-location',
    why: "The caller's own default location; business owners set their address in Business Settings.",
    call: () => ({ url: '/api/me/default-location', body: { address: 'Dee Why NSW 2099' } }),
    refused: { ...OWN, B: REFUSED, D: REFUSED },
    owner: { who: 'C', status: [200] },
  },
  {
    route: 'DELETE /api/me/default-location',
    why: "The caller's own default location; business owners have none here.",
    call: () => ({ url: '/api/me/default-location' }),
    refused: { ...OWN, B: REFUSED, D: REFUSED },
    owner: { who: 'C', status: [200] },
  },
  {
    route: 'POST /api/session/sign-out',
    why: 'Public by design: signing out without a session succeeds (spec 1 treats 401/403/404 on sign-out as success); only the caller’s own session ends.',
    call: () => ({ url: '/api/session/sign-out', body: { scope: 'global' } }),
    refused: { visitor: [204] },
  },
  {
    route: 'GET /api/me/security',
    why: "The caller's own sessions and two-factor state.",
    call: get('/api/me/security'),
    refused: OWN,
  },
  {
    route: 'GET /api/me/calendar-feed',
    why: "Whether the caller's own calendar feed is on (issue 32).",
    call: get('/api/me/calendar-feed'),
    refused: OWN,
  },
  {
    route: 'POST /api/me/calendar-feed',
    why: "A new secret URL for the caller's own calendar feed (issue 32), replacing any earlier one.",
    call: () => ({ url: '/api/me/calendar-feed' }),
    refused: OWN,
    owner: { who: 'C', status: [200] },
  },
  {
    route: 'DELETE /api/me/calendar-feed',
    why: "Turns the caller's own calendar feed off (issue 32).",
    call: () => ({ url: '/api/me/calendar-feed' }),
    refused: OWN,
    owner: { who: 'C', status: [204] },
  },
  {
    route: 'GET /api/calendar/:token.ics',
    why:
      'By capability, without a session (calendar apps subscribe with the URL alone): the token is 256 ' +
      'random bits and only its hash is stored. Any caller without it — a made-up or malformed one — ' +
      'finds no feed.',
    call: () => ({ url: `/api/calendar/${'A'.repeat(43)}.ics` }),
    refused: { visitor: [404], A: [404], B: [404], C: [404], D: [404], admin: [404] },
    also: () => [
      {
        who: 'visitor',
        status: [404],
        call: () => ({ url: '/api/calendar/short.ics' }),
        why: 'a malformed token',
      },
    ],
    // C's own feed, read with its URL and no session.
    owner: {
      who: 'visitor',
      status: [200],
      call: async (w) => {
        const res = await w.t.inject({ method: 'POST', url: '/api/me/calendar-feed', cookie: w.C.cookie });
        return { url: new URL((JSON.parse(res.body) as { url: string }).url).pathname };
      },
    },
  },
  {
    route: 'DELETE /api/me/sessions/:id',
    why: "Signs out one of the caller's own sessions: A's session id is not found for anyone else.",
    call: (w) => ({ url: `/api/me/sessions/${w.sessionOfA}` }),
    refused: { visitor: SIGN_IN, B: [404], C: [404], D: [404], admin: [404] },
  },
  {
    route: 'POST /api/me/delete-account',
    why: "Deletes the caller's own account only (the password again and the word DELETE).",
    call: (w) => ({
      url: '/api/me/delete-account',
      body: { password: w.A.password, confirmation: 'DELETE' },
    }),
    // A signed-in caller sending A's password deletes nothing of A's: the password is checked
    // against the caller's own account.
    refused: { visitor: SIGN_IN, C: [400] },
  },
  {
    route: 'GET /api/notifications',
    why: "The caller's own notifications.",
    call: get('/api/notifications'),
    refused: OWN,
  },
  {
    route: 'POST /api/notifications/:id/read',
    why: "Marks one of the caller's own notifications read: A's is not found for anyone else.",
    call: (w) => ({ url: `/api/notifications/${w.notificationOfA}/read` }),
    refused: A_ONLY,
    owner: { who: 'A', status: [204] },
  },
  {
    route: 'POST /api/notifications/read-all',
    why: "Marks the caller's own notifications read.",
    call: () => ({ url: '/api/notifications/read-all' }),
    refused: OWN,
    owner: { who: 'C', status: [204] },
  },
  {
    route: 'GET /api/badges',
    why: "The caller's own unread counts.",
    call: get('/api/badges'),
    refused: OWN,
  },
  {
    route: 'GET /api/push/key',
    why: 'The public key browsers subscribe with; asked by signed-in tabs only.',
    call: get('/api/push/key'),
    refused: OWN,
  },
  {
    route: 'POST /api/push/subscriptions',
    why:
      "Turns push on for the caller's own device. An endpoint is its browser's secret; the same " +
      'endpoint signed in as someone else moves to them by design (db/schema/push.ts).',
    call: () => ({ url: '/api/push/subscriptions', body: pushDevice() }),
    refused: OWN,
    owner: { who: 'C', status: [201] },
  },
  {
    route: 'DELETE /api/push/subscriptions',
    why:
      "Turns push off for the caller's own device. Idempotent by design: another's endpoint answers " +
      '204 like an unknown one (nothing to learn) and changes nothing (the digest proves it).',
    call: (w) => ({ url: '/api/push/subscriptions', body: { endpoint: w.pushEndpointOfA } }),
    refused: { visitor: SIGN_IN, B: [204], C: [204], D: [204], admin: [204] },
    owner: { who: 'A', status: [204] },
  },
  {
    route: 'POST /api/uploads',
    why: "Stores an image as the caller's own upload; a visitor is refused before the body is read.",
    call: () => ({
      url: '/api/uploads?purpose=request_image',
      ...form(fileForm('p.png', 'image/png', PNG_1PX)),
    }),
    refused: OWN,
    owner: { who: 'C', status: [201] },
  },

  // A customer's requests (spec 2 §6: customers see only their own).
  {
    route: 'POST /api/requests',
    why: 'Customers post their own requests; business owners and administrators cannot (spec 2 §6).',
    call: () => ({ url: '/api/requests', body: poolRequestAt('Dee Why NSW 2099') }),
    refused: CUSTOMERS,
    also: (w) => [
      {
        who: 'C',
        // The image names another customer's upload: refused as not C's.
        status: [400, 403, 404],
        call: () => ({
          url: '/api/requests',
          body: { ...poolRequestAt('Dee Why NSW 2099'), images: [w.imageOfA] },
        }),
        why: "C attaches A's uploaded image to C's own request",
      },
      {
        who: 'C',
        // 'Hire again' names a past job of the customer's own; A's job is not found for C.
        status: [404],
        call: () => ({
          url: '/api/requests',
          body: { ...poolRequestAt('Dee Why NSW 2099'), hireAgainResponseId: w.completedId },
        }),
        why: "C asks to hire again the business of A's completed job",
      },
    ],
    owner: { who: 'C', status: [201] },
  },
  {
    route: 'GET /api/requests',
    why: "The caller's own requests.",
    call: get('/api/requests'),
    refused: OWN,
  },
  {
    route: 'GET /api/requests/coverage',
    why: 'How many businesses a request would reach (a count); signed-in customers filling the form.',
    call: get(
      '/api/requests/coverage?serviceType=Home%20%26%20Property%20Services&latitude=-33.797&longitude=151.285&radiusKm=10',
    ),
    refused: OWN,
  },
  {
    route: 'GET /api/requests/last-location',
    why: "Where the caller's own next request starts.",
    call: get('/api/requests/last-location'),
    refused: OWN,
  },
  {
    route: 'POST /api/requests/archive-old',
    why: "Archives the caller's own old requests.",
    call: () => ({ url: '/api/requests/archive-old', body: { daysOld: 90 } }),
    refused: OWN,
    owner: { who: 'C', status: [200] },
  },
  {
    route: 'GET /api/requests/:id',
    why: "A's request, with its responses: A only (spec 2 §6).",
    call: (w) => ({ url: `/api/requests/${w.openRequestId}` }),
    refused: A_ONLY,
  },
  {
    route: 'PATCH /api/requests/:id',
    why: "Editing A's request: A only.",
    call: (w) => ({ url: `/api/requests/${w.openRequestId}`, body: EDIT }),
    refused: A_ONLY,
    owner: { who: 'A', status: [200] },
  },
  {
    route: 'POST /api/requests/:id/resubmit',
    why: "Resubmitting A's request: A only.",
    call: (w) => ({ url: `/api/requests/${w.openRequestId}/resubmit` }),
    refused: A_ONLY,
  },
  {
    route: 'POST /api/requests/:id/archive',
    why: "Archiving A's request: A only.",
    call: (w) => ({ url: `/api/requests/${w.openRequestId}/archive` }),
    refused: A_ONLY,
  },
  {
    route: 'POST /api/requests/:id/restore',
    why: "Restoring A's request: A only.",
    call: (w) => ({ url: `/api/requests/${w.openRequestId}/restore` }),
    refused: A_ONLY,
  },
  {
    route: 'GET /api/my-responses',
    why: "The caller's own answered requests.",
    call: get('/api/my-responses'),
    refused: OWN,
  },

  // A customer's offers (spec 2: Response detail, Confirm Service Offer, Modified Offer).
  {
    route: 'GET /api/offers/:responseId',
    why: "B's offer on A's request, as A sees it: A only (B reads it through its own routes).",
    call: (w) => ({ url: `/api/offers/${w.pendingResponseId}` }),
    refused: A_ONLY,
  },
  {
    route: 'POST /api/offers/:responseId/view',
    why: "Marking an offer on A's request seen: A only.",
    call: (w) => ({ url: `/api/offers/${w.pendingResponseId}/view` }),
    refused: A_ONLY,
    owner: { who: 'A', status: [204] },
  },
  {
    route: 'POST /api/offers/:responseId/confirm',
    why: "Confirming an offer on A's request: A only.",
    // The terms A read (decision 019): a valid body, refused to everyone else all the same.
    call: (w) => ({
      url: `/api/offers/${w.pendingResponseId}/confirm`,
      body: { termsVersion: w.pendingTermsVersion },
    }),
    refused: A_ONLY,
  },
  {
    route: 'POST /api/offers/:responseId/counter-offer',
    why: "Countering an offer on A's request: A only.",
    call: (w) => ({ url: `/api/offers/${w.pendingResponseId}/counter-offer`, body: COUNTER_FROM_A }),
    refused: A_ONLY,
    // A's turn after B answered A's first counter offer (world.ts).
    owner: { who: 'A', status: [200], step: 2 },
  },
  {
    route: 'POST /api/offers/:responseId/decline',
    why: "Declining an offer on A's request: A only.",
    call: (w) => ({ url: `/api/offers/${w.pendingResponseId}/decline` }),
    refused: A_ONLY,
  },
  {
    route: 'POST /api/offers/:responseId/ignore',
    why: "Ignoring an offer on A's request: A only.",
    call: (w) => ({ url: `/api/offers/${w.pendingResponseId}/ignore` }),
    refused: A_ONLY,
  },

  // A customer's bookings and reviews.
  {
    route: 'GET /api/bookings/upcoming',
    why: "The caller's own upcoming bookings.",
    call: get('/api/bookings/upcoming'),
    refused: OWN,
  },
  {
    route: 'GET /api/bookings',
    why: "The caller's own bookings.",
    call: get('/api/bookings'),
    refused: OWN,
    views: () => ['/api/bookings?section=history'],
  },
  {
    route: 'GET /api/bookings/summary',
    why: "The caller's own job history figures.",
    call: get('/api/bookings/summary'),
    refused: OWN,
  },
  {
    route: 'GET /api/bookings/:responseId',
    why:
      "A's booking (with the business's contact details while it stands; a cancelled one no longer " +
      'shows them): A only.',
    call: (w) => ({ url: `/api/bookings/${w.bookingId}` }),
    refused: A_ONLY,
    views: (w) => changedBookingViews(w, 'customer'),
  },
  {
    route: 'POST /api/bookings/:responseId/contest',
    why: "Contesting the completion of A's job: A only (PRODUCT-DECISIONS, Contest).",
    call: (w) => ({
      url: `/api/bookings/${w.completedId}/contest`,
      body: { reason: 'The pump still grinds after the visit.' },
    }),
    refused: A_ONLY,
    owner: { who: 'A', status: [200] },
  },
  // Disputes (issue 32): a contest opens one; B answers, A accepts or escalates, an administrator decides.
  {
    route: 'POST /api/disputes/:disputeId/answer',
    why: "The business's answer to a dispute on its job: B only; anyone else finds no such dispute.",
    call: () => ({
      url: `/api/disputes/${NO_SUCH_PROPOSAL}/answer`,
      body: {
        seenStatus: 'awaiting_business',
        kind: 'explanation',
        text: 'The pump was replaced as quoted.',
      },
    }),
    refused: { visitor: SIGN_IN, A: REFUSED, C: REFUSED, D: REFUSED, admin: REFUSED },
    // After A contested the completed job (the contest entry's proof).
    owner: {
      who: 'B',
      status: [200],
      step: 4,
      call: async (w) => ({
        url: `/api/disputes/${await disputeOf(w)}/answer`,
        body: {
          seenStatus: 'awaiting_business',
          kind: 'explanation',
          text: 'The pump was replaced as quoted.',
        },
      }),
    },
  },
  {
    route: 'POST /api/disputes/:disputeId/accept',
    why: "The customer accepts the business's answer: A only; the dispute ends and the job is final.",
    call: () => ({
      url: `/api/disputes/${NO_SUCH_PROPOSAL}/accept`,
      body: { seenStatus: 'awaiting_customer' },
    }),
    refused: { visitor: SIGN_IN, B: REFUSED, C: REFUSED, D: REFUSED, admin: REFUSED },
    // After B answered (step 4), before A reviews the job (step 5).
    owner: {
      who: 'A',
      status: [200],
      step: 4.5,
      call: async (w) => ({
        url: `/api/disputes/${await disputeOf(w)}/accept`,
        body: { seenStatus: 'awaiting_customer' },
      }),
    },
  },
  {
    route: 'POST /api/disputes/:disputeId/escalate',
    why: 'Asking Grip to decide: either party of the job; anyone else finds no such dispute.',
    call: () => ({
      url: `/api/disputes/${NO_SUCH_PROPOSAL}/escalate`,
      body: { seenStatus: 'awaiting_customer' },
    }),
    refused: { visitor: SIGN_IN, C: REFUSED, D: REFUSED, admin: REFUSED },
  },
  {
    route: 'GET /api/admin/disputes',
    why: 'The escalated disputes to decide: administrators only.',
    call: get('/api/admin/disputes'),
    refused: ADMINS,
  },
  {
    route: 'GET /api/admin/disputes/:disputeId',
    why: "A dispute's whole case (both sides, photos, messages): administrators only.",
    call: () => ({ url: `/api/admin/disputes/${NO_SUCH_PROPOSAL}` }),
    refused: ADMINS,
  },
  {
    route: 'POST /api/admin/disputes/:disputeId/decide',
    why: 'Deciding an escalated dispute: administrators only, refused before the body is read.',
    call: () => ({
      url: `/api/admin/disputes/${NO_SUCH_PROPOSAL}/decide`,
      body: { seenStatus: 'escalated', outcome: 'for_customer', note: 'The photos show the leak remains.' },
    }),
    refused: ADMINS,
  },
  // Block and report (issue 32).
  {
    route: 'GET /api/blocks',
    why: 'The accounts the caller blocked: their own list only.',
    call: get('/api/blocks'),
    refused: OWN,
    owner: { who: 'A', status: [200] },
  },
  {
    route: 'POST /api/blocks/:userId',
    why: 'Only an account the caller has dealt with (a quote between them); any other id, existing or not, reads as not found.',
    call: (w) => ({ url: `/api/blocks/${w.B.userId}` }),
    refused: { visitor: SIGN_IN, C: [404], D: [404], admin: [404] },
  },
  {
    route: 'DELETE /api/blocks/:userId',
    why: "Removes only the caller's own block; nothing of anyone else's can change.",
    call: (w) => ({ url: `/api/blocks/${w.A.userId}` }),
    refused: OWN,
  },
  {
    route: 'GET /api/blocks/conversations/:responseId',
    why: 'The block state of the conversation of A and B: its two parties only.',
    call: (w) => ({ url: `/api/blocks/conversations/${w.bookingId}` }),
    refused: PARTIES_ONLY,
    owner: { who: 'A', status: [200] },
  },
  {
    route: 'POST /api/reports',
    why: 'A report of what the reporter can see; an account only by those who dealt with it.',
    call: (w) => ({
      url: '/api/reports',
      body: { targetKind: 'user', targetId: w.B.userId, reason: 'spam' },
    }),
    refused: { visitor: SIGN_IN, C: [404], D: [404], admin: [404] },
    owner: { who: 'A', status: [201] },
  },
  {
    route: 'GET /api/admin/reports',
    why: 'The moderation queue: administrators only.',
    call: get('/api/admin/reports'),
    refused: ADMINS,
    owner: { who: 'admin', status: [200] },
  },
  {
    route: 'POST /api/admin/reports/:id/handle',
    why: 'Handling a report: administrators only, refused before the body is read.',
    call: () => ({
      url: `/api/admin/reports/${NO_SUCH_PROPOSAL}/handle`,
      body: { action: 'dismiss' },
    }),
    refused: ADMINS,
  },
  {
    route: 'GET /api/bookings/:responseId/calendar.ics',
    why:
      "The booking of A and B as a calendar file: its two parties only (issue 32). B's carries the " +
      'exact address only while the booking stands: once cancelled, the event keeps no location.',
    call: (w) => ({ url: `/api/bookings/${w.bookingId}/calendar.ics` }),
    refused: BOOKING_PARTIES,
    views: (w) => changedBookingViews(w, 'business').filter((url) => url.endsWith('.ics')),
  },
  {
    route: 'POST /api/bookings/:responseId/cancel',
    why:
      'Cancelling the booking of A and B: its two parties only (issue 32). Once cancelled, B no longer ' +
      "sees the exact address anywhere (job detail, conversation, request, calendar file) and A no longer B's " +
      'contact details (changedBookingViews).',
    call: (w) => ({
      url: `/api/bookings/${w.bookingId}/cancel`,
      body: { reason: 'schedule_conflict', note: '', seenTime: NO_DATE },
    }),
    refused: BOOKING_PARTIES,
    // B calls off C's booking at the time both last saw (after B accepted C's new time).
    owner: {
      who: 'B',
      status: [204],
      step: 8,
      call: async (w) => {
        const b = await changedBooking(w);
        const { changes } = await jobOfB(w, b.responseId);
        return {
          url: `/api/bookings/${b.responseId}/cancel`,
          body: { reason: 'schedule_conflict', note: 'The van broke down.', seenTime: changes.agreedTime },
        };
      },
    },
  },
  {
    route: 'POST /api/bookings/:responseId/reschedule',
    why: 'Proposing a new time for the booking of A and B: its two parties only (issue 32).',
    call: (w) => ({
      url: `/api/bookings/${w.bookingId}/reschedule`,
      body: { date: daysAhead(30), time: '09:00', note: 'Could we move it?', seenTime: NO_DATE },
    }),
    refused: BOOKING_PARTIES,
    // C proposes a new time for C's booking with B (made here: the world's is completed by now).
    owner: {
      who: 'C',
      status: [204],
      step: 6,
      call: async (w) => ({
        url: `/api/bookings/${(await changedBooking(w)).responseId}/reschedule`,
        body: { date: daysAhead(14), time: '09:00', note: 'Could we move it?', seenTime: NO_DATE },
      }),
    },
  },
  {
    route: 'POST /api/bookings/:responseId/reschedule/:proposalId/:answer',
    why:
      'Accepting, declining or withdrawing a proposed time of the booking of A and B: its two parties ' +
      'only (issue 32); anyone else finds no booking before any proposal is looked at.',
    call: (w) => ({ url: `/api/bookings/${w.bookingId}/reschedule/${NO_SUCH_PROPOSAL}/accept` }),
    refused: BOOKING_PARTIES,
    also: (w) =>
      (['decline', 'withdraw'] as const).flatMap((answer) =>
        (['C', 'D', 'admin'] as const).map((who) => ({
          who,
          status: [404],
          call: () => ({ url: `/api/bookings/${w.bookingId}/reschedule/${NO_SUCH_PROPOSAL}/${answer}` }),
          why: `${who} answers (${answer}) a proposal on the booking of A and B`,
        })),
      ),
    // B accepts the time C proposed.
    owner: {
      who: 'B',
      status: [204],
      step: 7,
      call: async (w) => {
        const b = await changedBooking(w);
        const { changes } = await jobOfB(w, b.responseId);
        return {
          url: `/api/bookings/${b.responseId}/reschedule/${changes.openProposal?.id ?? NO_SUCH_PROPOSAL}/accept`,
        };
      },
    },
  },
  {
    route: 'GET /api/reviews/pending',
    why: "The caller's own jobs waiting for a review.",
    call: get('/api/reviews/pending'),
    refused: OWN,
  },
  {
    route: 'POST /api/reviews',
    why: "Reviewing A's completed job: A only (spec 2 Review dialog).",
    call: (w) => ({
      url: '/api/reviews',
      body: { responseId: w.completedId, rating: 1, reviewText: 'Never came.' },
    }),
    refused: A_ONLY,
    // After B resolved A's contest (a contested job cannot be reviewed until then).
    owner: { who: 'A', status: [201], step: 5 },
  },

  // Conversations: the request's customer and the responding business only.
  {
    route: 'GET /api/conversations',
    why: "The caller's own conversations.",
    call: get('/api/conversations'),
    refused: OWN,
  },
  {
    route: 'GET /api/conversations/:responseId',
    why:
      'The conversation of A and B: its two parties only. Its header names the exact address to the ' +
      'business only while the booking stands (not before acceptance, not after a cancellation).',
    call: (w) => ({ url: `/api/conversations/${w.bookingId}` }),
    refused: PARTIES_ONLY,
    views: (w) => changedBookingViews(w, 'business').filter((url) => url.startsWith('/api/conversations/')),
  },
  {
    route: 'GET /api/conversations/:responseId/messages',
    why: 'The messages of A and B: its two parties only.',
    call: (w) => ({ url: `/api/conversations/${w.bookingId}/messages` }),
    refused: PARTIES_ONLY,
  },
  {
    route: 'POST /api/conversations/:responseId/read',
    why: 'Marking the conversation of A and B read: its two parties only.',
    call: (w) => ({ url: `/api/conversations/${w.bookingId}/read` }),
    refused: PARTIES_ONLY,
    owner: { who: 'B', status: [200] },
  },
  {
    route: 'POST /api/conversations/:responseId/messages',
    why: 'Writing in the conversation of A and B: its two parties only.',
    call: (w) => ({
      url: `/api/conversations/${w.bookingId}/messages`,
      body: { message: 'Hello from outside.' },
    }),
    refused: PARTIES_ONLY,
    owner: { who: 'A', status: [201] },
    also: (w) => [
      {
        who: 'B',
        // A party, but the attachment is A's upload: only the sender's own uploads are attached.
        status: [400, 403, 404],
        call: () => ({
          url: `/api/conversations/${w.bookingId}/messages`,
          body: { message: 'Look at this.', attachments: [w.imageOfA] },
        }),
        why: "B attaches A's uploaded image",
      },
    ],
  },

  // Business profile and settings (spec 3 §2 Business registration and settings).
  {
    route: 'GET /api/business-profile',
    why: "The caller's own business profile (contact details included: they are theirs).",
    call: get('/api/business-profile'),
    refused: OWN,
  },
  {
    route: 'POST /api/business-registration',
    why: "Registration turns the caller's own account into a business (spec 3 §6: any logged-in user).",
    call: (w) => ({
      url: '/api/business-registration',
      body: poolBusinessProfile('Carla Pools', w.C.phone, 'jobs.carla@example.com'),
    }),
    refused: OWN,
  },
  {
    route: 'PUT /api/business-profile',
    why: "The caller's own business settings; customers and administrators have none.",
    call: (w) => ({
      url: '/api/business-profile',
      body: poolBusinessProfile('Rival Pools', w.D.phone, w.D.notificationEmail ?? 'x@example.com'),
    }),
    refused: { visitor: SIGN_IN, A: REFUSED, C: REFUSED, admin: REFUSED },
    owner: { who: 'D', status: [200] },
  },
  {
    route: 'PUT /api/business-profile/avatar',
    why: "The caller's own avatar, from the caller's own upload only.",
    call: () => ({ url: '/api/business-profile/avatar', body: { avatarUrl: null } }),
    refused: { visitor: SIGN_IN, A: REFUSED, C: REFUSED, admin: REFUSED },
    also: (w) => [
      {
        who: 'D',
        status: [400, 403, 404],
        call: () => ({ url: '/api/business-profile/avatar', body: { avatarUrl: w.imageOfA } }),
        why: "D names A's uploaded image as its avatar",
      },
    ],
    owner: { who: 'D', status: [200] },
  },
  {
    route: 'PATCH /api/business-profile',
    why: "The caller's own categories, address and service area.",
    call: () => ({ url: '/api/business-profile', body: { serviceAreaKm: 25 } }),
    refused: { visitor: SIGN_IN, A: REFUSED, C: REFUSED, admin: REFUSED },
    owner: { who: 'D', status: [200] },
  },

  // The business side (spec 3 §6): matching requests, its own responses and jobs.
  {
    route: 'GET /api/business/requests',
    why: "The open requests matching the caller's business.",
    call: get('/api/business/requests'),
    refused: BUSINESSES,
    views: () => ['/api/business/requests?group=about_to_expire', '/api/business/requests?group=expired'],
  },
  {
    route: 'GET /api/business/requests/counts',
    why: "Counts of the caller's matching requests.",
    call: get('/api/business/requests/counts'),
    refused: BUSINESSES,
  },
  {
    route: 'GET /api/business/requests/:id',
    why:
      "A request as a business sees it: matching open requests and the business's own. A's booked " +
      'request is assigned to B: D no longer sees it (the open one it does: its feed, without the street).',
    call: (w) => ({ url: `/api/business/requests/${w.bookedRequestId}` }),
    refused: { ...BUSINESSES, D: REFUSED },
    views: (w) => [
      `/api/business/requests/${w.openRequestId}`,
      `/api/business/requests/${w.completedRequestId}`,
      ...changedBookingViews(w, 'business').filter((url) => url.startsWith('/api/business/requests/')),
    ],
  },
  {
    route: 'POST /api/business/requests/:id/responses',
    why: 'Quoting on a request the business can see: not on one assigned to another (spec 3 §6).',
    call: (w) => ({ url: `/api/business/requests/${w.bookedRequestId}/responses`, body: QUOTE }),
    // D matches the request but it is assigned: 409 'no longer open' (a business that does not match
    // hears 404), as responses.test.ts pins; what D learns is only that the request it was told of
    // when it was posted has closed.
    refused: { ...BUSINESSES, D: [409] },
    owner: {
      who: 'D',
      status: [201],
      call: (w) => ({ url: `/api/business/requests/${w.openRequestId}/responses`, body: QUOTE }),
    },
  },
  {
    route: 'GET /api/business/opportunities',
    why: "The caller's own offers in play.",
    call: get('/api/business/opportunities'),
    refused: BUSINESSES,
  },
  {
    route: 'POST /api/business/opportunities/:responseId/counter-offer',
    why: "Countering with B's own response: B only.",
    call: (w) => ({
      url: `/api/business/opportunities/${w.pendingResponseId}/counter-offer`,
      body: COUNTER_FROM_B,
    }),
    refused: B_ONLY,
    // B answers A's counter offer of the world.
    owner: { who: 'B', status: [200], step: 1 },
  },
  {
    route: 'POST /api/business/opportunities/:responseId/decline',
    why: "Withdrawing B's own response: B only.",
    call: (w) => ({ url: `/api/business/opportunities/${w.pendingResponseId}/decline` }),
    refused: B_ONLY,
  },
  {
    route: 'POST /api/business/opportunities/:responseId/accept',
    why: "Accepting the customer's counter offer on B's own response: B only.",
    // Naming A's counter offer (decision 019): a valid body, refused to everyone but B.
    call: (w) => ({
      url: `/api/business/opportunities/${w.pendingResponseId}/accept`,
      body: { counterOfferId: w.counterOfferOfA },
    }),
    refused: B_ONLY,
    // B accepts A's second counter offer, naming it as B's card reads it; A can then confirm (the
    // last test).
    owner: {
      who: 'B',
      status: [200],
      step: 3,
      call: async (w) => ({
        url: `/api/business/opportunities/${w.pendingResponseId}/accept`,
        body: await w.t.acceptBody(w.B.cookie, w.pendingResponseId),
      }),
    },
  },
  {
    route: 'POST /api/business/opportunities/:responseId/keep-quote',
    why: "Keeping B's own quote for A's changed request: B only (decision 019).",
    // Naming the open request as it is: a valid body, refused to everyone but B.
    call: (w) => ({
      url: `/api/business/opportunities/${w.pendingResponseId}/keep-quote`,
      body: { requestVersion: w.pendingRequestVersion },
    }),
    refused: B_ONLY,
    owner: {
      who: 'B',
      status: [200],
      call: async (w) => ({
        url: `/api/business/opportunities/${w.pendingResponseId}/keep-quote`,
        body: await w.t.keepQuoteBody(w.B.cookie, w.pendingResponseId),
      }),
    },
  },
  {
    route: 'GET /api/business/jobs',
    why: "The caller's own jobs.",
    call: get('/api/business/jobs'),
    refused: BUSINESSES,
  },
  // Reviews both ways (issue 32).
  {
    route: 'GET /api/business/jobs/:responseId/customer-review',
    why: "Whether B may review its job's customer, and B's review once written: B only.",
    call: (w) => ({ url: `/api/business/jobs/${w.completedId}/customer-review` }),
    refused: B_ONLY,
  },
  {
    route: 'POST /api/business/jobs/:responseId/customer-review',
    why: 'B rates the customer of its completed job: B only, once (issue 32).',
    call: (w) => ({
      url: `/api/business/jobs/${w.completedId}/customer-review`,
      body: { rating: 4, reviewText: 'Clear brief, paid on time.' },
    }),
    refused: B_ONLY,
    // After A reviewed the job (step 5): both reviews show from then on.
    owner: { who: 'B', status: [201], step: 9 },
  },
  {
    route: 'GET /api/reviews/mine',
    why: "The caller's own reviews: those of them that show, and those they wrote.",
    call: get('/api/reviews/mine'),
    refused: OWN,
  },
  {
    route: 'POST /api/reviews/:reviewId/reply',
    why:
      'One public reply by the reviewed party (issue 32). Anyone else — or a review that does not show ' +
      'yet — is told there is no such review.',
    call: () => ({ url: `/api/reviews/${NO_SUCH_PROPOSAL}/reply`, body: { text: 'Thank you.' } }),
    refused: { visitor: SIGN_IN, A: [404], B: [404], C: [404], D: [404], admin: [404] },
    owner: {
      who: 'B',
      status: [204],
      step: 10,
      // A's review of B's completed job, as B's own list names it.
      call: async (w) => {
        const res = await w.t.inject({ url: '/api/reviews/mine', cookie: w.B.cookie });
        const items = (JSON.parse(res.body) as { items: { id: string; direction: string }[] }).items;
        const ofB = items.find((r) => r.direction === 'of_business');
        if (!ofB) throw new Error(`matrix: B sees no review of itself: ${res.body}`);
        return { url: `/api/reviews/${ofB.id}/reply`, body: { text: 'Thank you for the kind words.' } };
      },
    },
  },
  {
    route: 'GET /api/business/requests/:id/customer-standing',
    why:
      "How businesses rated a request's customer: to the businesses that may see the request, as the " +
      'request itself (issue 32).',
    call: (w) => ({ url: `/api/business/requests/${w.bookedRequestId}/customer-standing` }),
    refused: { ...BUSINESSES, D: REFUSED },
  },
  {
    route: 'GET /api/business/jobs/:responseId',
    why:
      "B's job (with A's exact address, B's quote having been accepted): B only. A job either party " +
      'cancelled no longer shows B the address (issue 32).',
    call: (w) => ({ url: `/api/business/jobs/${w.bookingId}` }),
    refused: B_ONLY,
    views: (w) => [
      `/api/business/jobs/${w.completedId}`,
      `/api/business/jobs/${w.pendingResponseId}`,
      ...changedBookingViews(w, 'business').filter((url) => url.startsWith('/api/business/jobs/')),
    ],
  },
  {
    route: 'PUT /api/business/jobs/:responseId/notes',
    why: "B's own work notes: B only.",
    call: (w) => ({
      url: `/api/business/jobs/${w.bookingId}/notes`,
      body: { notes: 'Bring a spare impeller.' },
    }),
    refused: B_ONLY,
    owner: { who: 'B', status: [200] },
  },
  {
    route: 'POST /api/business/jobs/:responseId/complete',
    why: "Completing B's job: B only.",
    call: (w) => ({ url: `/api/business/jobs/${w.bookingId}/complete`, body: { notes: 'Done.' } }),
    refused: B_ONLY,
    owner: { who: 'B', status: [200] },
  },
  {
    route: 'POST /api/business/jobs/:responseId/email',
    why: "Emailing B's job details: B only.",
    call: (w) => ({ url: `/api/business/jobs/${w.bookingId}/email`, body: { email: 'office@example.com' } }),
    refused: B_ONLY,
    owner: { who: 'B', status: [202] },
  },
  {
    route: 'POST /api/business/jobs/:responseId/resolve-contest',
    why: "Resolving a contest on B's job: B only.",
    call: (w) => ({
      url: `/api/business/jobs/${w.completedId}/resolve-contest`,
      body: { outcome: 'resolved' },
    }),
    refused: B_ONLY,
    // Retired by disputes (issue 32): the business no longer ends a contest alone; its owner is told
    // so with a 409 (disputes.test.ts), everyone else is refused as before.
  },
  {
    route: 'GET /api/business/dashboard',
    why: "The caller's own dashboard.",
    call: get('/api/business/dashboard'),
    refused: BUSINESSES,
  },
  {
    route: 'GET /api/business/dashboard/metrics/:metric',
    why: "A drill-down of the caller's own dashboard.",
    call: get('/api/business/dashboard/metrics/won'),
    refused: BUSINESSES,
    views: () =>
      ['received', 'responded', 'pending', 'earned', 'potentialLost', 'completed'].map(
        (m) => `/api/business/dashboard/metrics/${m}`,
      ),
  },
  {
    route: 'GET /api/business/dashboard/trends',
    why: "The caller's own dashboard figures week by week (issue 33).",
    call: get('/api/business/dashboard/trends'),
    refused: BUSINESSES,
  },
  {
    route: 'GET /api/business/dashboard/declined',
    why: "The caller's own declined responses.",
    call: get('/api/business/dashboard/declined'),
    refused: BUSINESSES,
  },
  {
    route: 'POST /api/business/responses/archive-old',
    why: "Archives the caller's own old responses (spec 3 §6 Archive Management).",
    call: () => ({ url: '/api/business/responses/archive-old', body: { daysOld: 90 } }),
    refused: BUSINESSES,
    owner: { who: 'D', status: [200] },
  },
  {
    route: 'GET /api/businesses/discover',
    why: 'The public directory as signed-in customers see it: name, services, area, rating, no contact details.',
    call: get('/api/businesses/discover?latitude=-33.797&longitude=151.285'),
    refused: OWN,
  },

  // Administrators (spec 3 §6).
  ...(
    [
      ['GET /api/admin/deliveries', get('/api/admin/deliveries')],
      ['GET /api/admin/deliveries/:id', (w: World) => ({ url: `/api/admin/deliveries/${w.deliveryId}` })],
      ['GET /api/admin/stats', get('/api/admin/stats')],
      ['GET /api/admin/trends', get('/api/admin/trends')],
      ['GET /api/admin/settings', get('/api/admin/settings')],
      [
        'PUT /api/admin/settings/:key',
        () => ({ url: '/api/admin/settings/sms_notifications_enabled', body: { enabled: true } }),
        { who: 'admin', status: [200] },
      ],
      ['POST /api/admin/archive-requests', () => ({ url: '/api/admin/archive-requests' })],
      ['GET /api/admin/exports/businesses.csv', get('/api/admin/exports/businesses.csv')],
      ['GET /api/admin/exports/users.csv', get('/api/admin/exports/users.csv')],
      ['GET /api/admin/businesses', get('/api/admin/businesses')],
      [
        'PUT /api/admin/businesses/:userId',
        (w: World) => ({
          url: `/api/admin/businesses/${w.B.userId}`,
          body: {
            businessName: 'Blue Water Pools',
            displayName: 'Blue Water Pools Owner',
            phone: w.B.phone,
            address: 'Manly NSW 2095',
            website: null,
            description: null,
            serviceCategories: ['Pool Maintenance'],
            serviceAreaKm: 25,
          },
        }),
        { who: 'admin', status: [200] },
      ],
      ['GET /api/admin/request-audit', get('/api/admin/request-audit')],
      ['GET /api/admin/audit-events', get('/api/admin/audit-events')],
      [
        'POST /api/admin/test/email',
        () => ({ url: '/api/admin/test/email', body: { to: 'inbox@example.com' } }),
        { who: 'admin', status: [202] },
      ],
      [
        'POST /api/admin/test/new-request-email',
        (w: World) => ({
          url: '/api/admin/test/new-request-email',
          body: { requestId: w.openRequestId, to: 'inbox@example.com' },
        }),
        { who: 'admin', status: [202] },
      ],
      [
        'POST /api/admin/test/sms',
        () => ({ url: '/api/admin/test/sms', body: { to: '+61 400 000 000' } }),
        { who: 'admin', status: [202] },
      ],
      ['GET /api/admin/test/requests', get('/api/admin/test/requests')],
      ['GET /api/admin/test/places', get('/api/admin/test/places?q=pools')],
      [
        'GET /api/admin/business-search',
        get('/api/admin/business-search?q=pools&latitude=-33.797&longitude=151.285'),
      ],
      [
        'POST /api/admin/businesses/bulk',
        () => ({
          url: '/api/admin/businesses/bulk',
          ...form(fileForm('businesses.csv', 'text/csv', CSV)),
        }),
        { who: 'admin', status: [200] },
      ],
      ['GET /api/admin/users', get('/api/admin/users')],
      [
        'PUT /api/admin/users/:userId/role',
        (w: World) => ({ url: `/api/admin/users/${w.A.userId}/role`, body: { role: 'administrator' } }),
        // The same body's shape on C, left a customer (a second object, the world kept as it is).
        {
          who: 'admin',
          status: [200],
          call: (w: World) => ({ url: `/api/admin/users/${w.C.userId}/role`, body: { role: 'user' } }),
        },
      ],
      [
        'PUT /api/admin/users/:userId/suspension',
        (w: World) => ({ url: `/api/admin/users/${w.A.userId}/suspension`, body: { suspended: true } }),
        {
          who: 'admin',
          status: [200],
          call: (w: World) => ({
            url: `/api/admin/users/${w.C.userId}/suspension`,
            body: { suspended: false },
          }),
        },
      ],
    ] as [string, Entry['call'], Entry['owner']?][]
  ).map(([route, call, owner]): Entry => ({
    route,
    why: 'Administrators only (spec 3 §6): statistics, settings, exports, directory, audit, test tools, users.',
    call,
    refused: ADMINS,
    // An administrator is answered (every GET; the writes whose proof keeps the world usable).
    ...(owner ? { owner } : route.startsWith('GET ') ? { owner: { who: 'admin', status: [200] } } : {}),
  })),
  {
    route: 'GET /api/admin/self-grant',
    why: "Whether 'Grant myself admin' is available (spec 3 §6): any signed-in person may ask.",
    call: get('/api/admin/self-grant'),
    refused: OWN,
  },
  {
    route: 'POST /api/admin/grant-self-admin',
    why: "'Grant myself admin' works only while no administrator exists (PRODUCT-DECISIONS); one does here.",
    call: () => ({ url: '/api/admin/grant-self-admin' }),
    refused: { visitor: SIGN_IN, A: [403], B: [403], C: [403], D: [403] },
  },
];

/**
 * Routes with no entry, each with its reason. Static files of the built web app are matched by shape
 * (their names carry build hashes): they are the same bytes for everyone.
 */
export const NO_ENTRY: { match: (route: string) => boolean; why: string }[] = [
  {
    match: (r) => r === 'GET /api/events',
    why:
      'The live stream stays open: access-control.test.ts opens it for every party through a real ' +
      'socket (live-client.ts) and checks what each receives; a visitor gets 401 (live.test.ts).',
  },
  {
    match: (r) =>
      r === 'GET /' ||
      r === 'GET /*' ||
      /^GET \/(assets|icons)\/[\w.-]+$/.test(r) ||
      /^GET \/[\w.-]+\.(html|js|svg|png|webmanifest|ico|txt)(\.gz|\.br)?$/.test(r),
    why:
      "The built web app's static files and its page fallback (plugins/static-web.ts): the same public " +
      'bytes for everyone, no account data; /api paths under the fallback answer 404.',
  },
];
