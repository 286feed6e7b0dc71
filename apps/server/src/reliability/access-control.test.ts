/**
 * The access-control matrix (issue 10 §1, docs/reliability.md). Proves, on a world of a victim and
 * attackers built through the API (world.ts):
 *
 * - every route of the server's own list has an entry (access-matrix.ts) or a stated reason for none,
 *   and every Better Auth endpoint behind the /api/auth/* wildcard is listed; a route added later
 *   without an entry fails here, by name;
 * - every route, as each role named in its entry, on objects owned by someone else, answers 401
 *   (visitor) or 403/404 (wrong role, someone else's object), in plain words, and the database is
 *   unchanged afterwards; the bodies were valid (the rightful owners then succeed with them);
 * - field level: no GET answer, no live event and no message sent out (email, text, push) shows a
 *   business A's exact address before A accepts its quote, and no one sees another person's email or
 *   phone except where the spec shows it (forbiddenFor below, each exception with its spec section).
 *   After A accepts B's quote, B sees the address; D (whose quote lost) and C still do not.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { openLiveStream } from '../test/live-client';
import { databaseDigest } from './database-digest';
import {
  AUTH_GROUPS,
  CHANGED_BOOKING_STREET,
  MATRIX,
  NO_ENTRY,
  refusalsOf,
  type Attempt,
  type Call,
  type Entry,
  type Method,
  type Role,
} from './access-matrix';
import { buildWorld, closeWorld, HOME_STREET, OPEN_REQUEST_STREET, type Party, type World } from './world';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t, { live: true });
});
afterAll(async () => {
  if (w) closeWorld(w);
  await t.close();
});

const methodOf = (route: string) => route.split(' ')[0] as Method;
const cookieOf = (who: Role) => (who === 'visitor' ? undefined : w[who].cookie);

function send(method: Method, call: Call, who: Role) {
  return t.inject({
    method,
    url: call.url,
    cookie: cookieOf(who),
    payload: call.body,
    headers: call.headers,
  });
}

/** Why a refusal is not in plain words (a JSON answer with a message), or null when it is. */
function notPlainWords(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  if (res.statusCode < 400) return null;
  if (!/json/.test(String(res.headers['content-type']))) return `not JSON: ${res.headers['content-type']}`;
  let message: unknown;
  try {
    message = (JSON.parse(res.body) as { message?: unknown } | null)?.message;
  } catch {
    return 'not JSON';
  }
  return typeof message === 'string' && message.trim().length > 0
    ? null
    : `no message: ${res.body.slice(0, 200)}`;
}

describe('completeness', () => {
  it('has an entry, or a stated reason for none, for every route of the server (and no stale ones)', () => {
    const routes = t.app.grip.routes;
    const entries = new Map<string, Entry>();
    for (const e of MATRIX) {
      expect(entries.has(e.route), `two entries for ${e.route}`).toBe(false);
      entries.set(e.route, e);
    }
    const missing = routes.filter((r) => !entries.has(r) && !NO_ENTRY.some((n) => n.match(r)));
    expect(missing, 'routes without a matrix entry').toEqual([]);
    const stale = MATRIX.map((e) => e.route).filter((r) => !routes.includes(r));
    expect(stale, 'matrix entries naming no route').toEqual([]);
    // Entries with nobody refused are public on purpose: their reason says so.
    for (const e of MATRIX.filter((m) => Object.keys(m.refused).length === 0)) {
      expect(e.why, e.route).toMatch(/^(Public|Better Auth)/);
    }
    console.log(
      `matrix: ${entries.size} entries for ${routes.length} routes; ` +
        `${routes.length - entries.size} without an entry (${NO_ENTRY.length} stated reasons)`,
    );
  });

  it('lists every endpoint Better Auth serves behind /api/auth/* (and no stale ones)', () => {
    // The auth library's own list: endpoints with a path are served over HTTP.
    const api = t.app.grip.auth.api as unknown as Record<
      string,
      { path?: string; options?: { method?: string | string[] } }
    >;
    const served = Object.values(api)
      .filter((e) => typeof e.path === 'string')
      .flatMap((e) => [e.options?.method ?? []].flat().map((m) => `${m} ${e.path}`));
    const listed = AUTH_GROUPS.flatMap((g) => g.paths.map((p) => `${p.method} ${p.path}`));
    expect(new Set(listed).size, 'an auth path listed twice').toBe(listed.length);
    expect(
      served.filter((s) => !listed.includes(s)),
      'auth endpoints without an entry',
    ).toEqual([]);
    expect(
      listed.filter((l) => !served.includes(l)),
      'auth entries naming no endpoint',
    ).toEqual([]);
    for (const p of AUTH_GROUPS.flatMap((g) => g.paths)) {
      expect(Boolean(p.call) !== Boolean(p.notTried), `${p.method} ${p.path}: tried, or why not`).toBe(true);
    }
  });
});

describe('refusals', () => {
  it('refuses every caller the matrix names, in plain words, and nothing changes', async () => {
    const started = Date.now();
    const start = await databaseDigest(t.db);
    let before = start;
    const problems: string[] = [];
    let trials = 0;
    for (const entry of MATRIX) {
      const method = methodOf(entry.route);
      const attempts: Attempt[] = refusalsOf(entry);
      // A public GET answers a visitor (it is the entry's claim that it is public).
      if (!entry.refused.visitor && method === 'GET') {
        attempts.push({ who: 'visitor', status: [200], call: entry.call, why: entry.why });
      }
      attempts.push(...(entry.also?.(w) ?? []));
      for (const attempt of attempts) {
        const call = attempt.call(w);
        const res = await send(method, call, attempt.who);
        const name = `${entry.route} (${method} ${call.url}) as ${attempt.who}`;
        if (!attempt.status.includes(res.statusCode)) {
          problems.push(
            `${name}: ${res.statusCode} ${res.body.slice(0, 200)} (expected ${attempt.status.join('/')})`,
          );
        }
        const words = notPlainWords(res);
        if (words) problems.push(`${name}: ${words}`);
        trials += 1;
      }
      // Checked per route, so a route that wrote anything is named.
      const after = await databaseDigest(t.db);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length > 0) {
        problems.push(`${entry.route} changed ${changed.join(', ')}`);
        before = after;
      }
    }
    expect(problems).toEqual([]);
    expect(await databaseDigest(t.db)).toEqual(start);
    console.log(
      `refusals: ${trials} trials over ${MATRIX.length} routes, nothing changed (${Date.now() - started} ms)`,
    );
  });
});

/** What each party must keep to themselves. */
function secretsOf(p: Party): string[] {
  const compactPhone = p.phone.replace(/\D/g, '');
  return [p.email, p.notificationEmail, p.phone, compactPhone.slice(-9)].filter((s): s is string =>
    Boolean(s),
  );
}

type Viewer = 'A' | 'B' | 'C' | 'D' | 'admin';
/**
 * Where the spec shows one person's data to another (everything else is refused):
 * - B sees A's home street: B's quotes on the home requests were accepted (PRODUCT-DECISIONS
 *   "Accounts and security": the accepted business then sees the exact address; spec 3 §2 Job
 *   detail view, "address").
 * - A sees B's email and phone: a quote of B's was accepted (PRODUCT-DECISIONS "Accounts and
 *   security": contact details are shown to the customer once a quote of that business is accepted).
 * - Administrators see emails and phones on their own routes (spec 3 §2 Admin dashboard: Request
 *   Audit "businesses notified with email", Export Users / Export Businesses, the business-profile
 *   edit dialog with its phone; §7 "an auth admin list-users call supplies emails"), which the matrix
 *   refuses to everyone else. On every other route an administrator sees no one else's either.
 */
function forbiddenFor(viewer: Viewer, accepted: boolean): string[] {
  const others = (['A', 'B', 'C', 'D', 'admin'] as const).filter((p) => p !== viewer);
  const list = others.flatMap((p) => (viewer === 'A' && p === 'B' ? [] : secretsOf(w[p])));
  if (viewer !== 'A') {
    if (viewer !== 'B') list.push(HOME_STREET);
    if (!(viewer === 'B' && accepted)) list.push(OPEN_REQUEST_STREET);
  }
  // C's booking with B, cancelled by B in the proofs (issue 32): its street is C's alone now.
  if (viewer !== 'C') list.push(CHANGED_BOOKING_STREET);
  return list;
}

/** Every GET the field-level check reads: each route's URL from the matrix, and its extra views. */
function readableUrls(): string[] {
  const urls: string[] = [];
  for (const route of t.app.grip.routes.filter((r) => r.startsWith('GET '))) {
    const entry = MATRIX.find((e) => e.route === route);
    if (!entry) continue; // static files and the live stream (read below)
    if (route === 'GET /uploads/*') continue; // image bytes
    urls.push(entry.call(w).url, ...(entry.views?.(w) ?? []));
  }
  urls.push('/api/auth/list-sessions', '/api/auth/list-accounts');
  return urls;
}

async function leaksOf(viewer: Viewer, accepted: boolean) {
  const forbidden = forbiddenFor(viewer, accepted).map((s) => s.toLowerCase());
  const found: string[] = [];
  // The administrator's own routes show emails and phones by design (above).
  const urls = readableUrls().filter((url) => viewer !== 'admin' || !url.startsWith('/api/admin/'));
  for (const url of urls) {
    const res = await t.inject({ url, cookie: w[viewer].cookie });
    expect(res.statusCode, `${url} as ${viewer}`).toBeLessThan(500);
    const body = res.body.toLowerCase();
    const compact = body.replace(/[\s.\-()+]/g, '');
    for (const secret of forbidden) {
      if (body.includes(secret) || (/^\d+$/.test(secret) && compact.includes(secret))) {
        found.push(`${viewer} sees "${secret}" in ${url}`);
      }
    }
  }
  return { found, reads: urls.length };
}

/**
 * What went out by email, text or push to a party (outbox rows for their account or addresses): the
 * same rule as the API's answers.
 */
async function outboxLeaks(viewer: Viewer, accepted: boolean): Promise<string[]> {
  const party = w[viewer];
  const addresses = [party.email, party.notificationEmail, party.phone].filter(Boolean);
  const rows = (
    (await t.db.execute(
      sql`select id, topic, payload::text as payload from outbox
          where user_id = ${party.userId} or recipient in (${sql.join(
            addresses.map((a) => sql`${a}`),
            sql`, `,
          )})`,
    )) as unknown as { rows: { id: number; topic: string; payload: string }[] }
  ).rows;
  // Each party has had mail (at least the address confirmation): the check reads something.
  expect(rows.length, `${viewer}'s messages`).toBeGreaterThan(0);
  const forbidden = forbiddenFor(viewer, accepted);
  return rows.flatMap((row) =>
    forbidden
      .filter((s) => row.payload.toLowerCase().includes(s.toLowerCase()))
      .map((s) => `${viewer}'s ${row.topic} message #${row.id} carries "${s}"`),
  );
}

function liveLeaks(viewer: Exclude<Viewer, 'admin'>, accepted: boolean): string[] {
  const raw = w.live![viewer].raw.toLowerCase();
  return forbiddenFor(viewer, accepted)
    .filter((s) => raw.includes(s.toLowerCase()))
    .map((s) => `${viewer}'s live stream carries "${s}"`);
}

describe('field level, before A accepts', () => {
  it('the checks can see: each secret shows where it belongs', async () => {
    const bodyOf = async (who: Viewer, url: string) => (await t.inject({ url, cookie: w[who].cookie })).body;
    expect(await bodyOf('A', '/api/me')).toContain(w.A.email);
    expect(await bodyOf('A', '/api/me/profile')).toContain(w.A.phone);
    expect(await bodyOf('A', `/api/requests/${w.openRequestId}`)).toContain(OPEN_REQUEST_STREET);
    expect(await bodyOf('B', `/api/business/jobs/${w.bookingId}`)).toContain(HOME_STREET);
    expect(await bodyOf('A', `/api/bookings/${w.bookingId}`)).toContain(w.B.phone);
    // And the open request is in D's feed (D can see it, without the street).
    const feed = await bodyOf('D', '/api/business/requests');
    expect(feed).toContain(w.openRequestId);
    expect(feed).not.toContain(OPEN_REQUEST_STREET);
  });

  it("no GET shows anyone another's street, email or phone beyond what the spec shows", async () => {
    const found: string[] = [];
    let reads = 0;
    for (const viewer of ['A', 'B', 'C', 'D', 'admin'] as const) {
      const r = await leaksOf(viewer, false);
      found.push(...r.found);
      reads += r.reads;
    }
    expect(found).toEqual([]);
    console.log(`field level before acceptance: ${reads} reads by A, B, C, D and an administrator, no leak`);
  });

  it('no message sent out (email, text, push) carries what the API would not show', async () => {
    const found: string[] = [];
    for (const viewer of ['B', 'C', 'D'] as const) found.push(...(await outboxLeaks(viewer, false)));
    expect(found).toEqual([]);
  });

  it("A sees no business's email or phone on an offer not yet accepted", async () => {
    for (const url of [`/api/offers/${w.pendingResponseId}`, `/api/requests/${w.openRequestId}`]) {
      const body = (await t.inject({ url, cookie: w.A.cookie })).body;
      for (const secret of secretsOf(w.B)) expect(body, url).not.toContain(secret);
      expect(body, url).toContain(w.pendingResponseId);
    }
  });

  it('no live event carries a street, email or phone, and C hears nothing of A', async () => {
    // A visitor gets no stream at all.
    await expect(openLiveStream(w.base, '')).rejects.toThrow(/401/);
    const found = (['A', 'B', 'C', 'D'] as const).flatMap((v) => liveLeaks(v, false));
    expect(found).toEqual([]);
    // The parties' streams were open while A posted, edited, B quoted and A countered.
    expect(w.live!.B.changes().length).toBeGreaterThan(0);
    expect(w.live!.D.changes().some((e) => e.id === w.openRequestId)).toBe(true);
    const ofA = [
      w.openRequestId,
      w.bookedRequestId,
      w.completedRequestId,
      w.pendingResponseId,
      w.bookingId,
      w.completedId,
    ];
    expect(w.live!.C.changes().filter((e) => ofA.includes(e.id))).toEqual([]);
    // D hears of the requests it matched (its feed), never of B's responses or their messages.
    const ofB = [w.pendingResponseId, w.bookingId, w.completedId];
    expect(w.live!.D.changes().filter((e) => ofB.includes(e.id))).toEqual([]);
  });
});

describe('rightful owners', () => {
  it('succeed with the same bodies the others were refused with (the bodies are valid)', async () => {
    let proofs = 0;
    const proven = MATRIX.filter((e) => e.owner).sort((a, b) => (a.owner!.step ?? 0) - (b.owner!.step ?? 0));
    for (const entry of proven) {
      const owner = entry.owner!;
      const call = await (owner.call ?? entry.call)(w);
      const res = await send(methodOf(entry.route), call, owner.who);
      expect(
        owner.status,
        `${entry.route} as ${owner.who}: ${res.statusCode} ${res.body.slice(0, 300)}`,
      ).toContain(res.statusCode);
      proofs += 1;
    }
    console.log(`rightful owners: ${proofs} bodies proven valid`);
  });
});

describe('field level, after A accepts B', () => {
  it('B sees the street of the accepted request; C and D still see nothing of A', async () => {
    const confirmed = await t.confirmOffer(w.A.cookie, w.pendingResponseId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const job = await t.inject({ url: `/api/business/jobs/${w.pendingResponseId}`, cookie: w.B.cookie });
    expect(job.body).toContain(OPEN_REQUEST_STREET);
    const found: string[] = [];
    for (const viewer of ['B', 'C', 'D'] as const) {
      found.push(
        ...(await leaksOf(viewer, true)).found,
        ...liveLeaks(viewer, true),
        ...(await outboxLeaks(viewer, true)),
      );
    }
    expect(found).toEqual([]);
  });
});
