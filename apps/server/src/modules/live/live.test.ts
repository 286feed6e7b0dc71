import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { LIVE_RETRY_MS, type LiveEvent } from '@grip/domain';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, notifications, profiles, serviceRequests } from '../../db/schema';
import { createTestApp, isPostgres, type TestApp } from '../../test/test-app';
import { openLiveStream, type LiveClient } from '../../test/live-client';
import { POOL_REQUEST } from '../../test/pool-request';
import { until } from '../../test/until';
import { LIVE_READER_NAME, LiveHub } from './live-hub';
import { LiveStream } from './live-stream';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

async function business(categories: string[]) {
  const b = await t.signUp({ role: 'business_owner', businessName: 'Blue Water Pools' });
  await t.db
    .update(profiles)
    .set({ serviceCategories: categories, latitude: -33.797, longitude: 151.285, serviceAreaKm: 25 })
    .where(eq(profiles.userId, b.userId));
  return b;
}

async function postPoolRequest(cookie: string): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie,
    payload: POOL_REQUEST,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function quote(cookie: string, requestId: string) {
  return t.inject({
    method: 'POST',
    url: `/api/business/requests/${requestId}/responses`,
    cookie,
    payload: { message: 'I can clean the pool on Thursday.', quotedPrice: 180, priceType: 'fixed' },
  });
}

/**
 * Writes a notice for `userId` and waits until `s` hears of it. A stream hears events in the order
 * they were made, so by then it has heard anything made before that was meant for it: checking that
 * it heard nothing else needs no pause (which a busy machine could outlast). Returns the notice's id.
 */
async function heardUpToNow(s: LiveClient, userId: string): Promise<string> {
  const [marker] = await t.db
    .insert(notifications)
    .values({ userId, type: 'new_response', title: 'Marker', message: 'x' })
    .returning({ id: notifications.id });
  await s.next((e) => e.data?.kind === 'notification' && e.data.id === marker!.id);
  return marker!.id;
}

const open: LiveClient[] = [];
async function stream(cookie: string, lastEventId?: number) {
  const s = await openLiveStream(base, cookie, lastEventId);
  open.push(s);
  return s;
}

describe('GET /api/events', () => {
  it('needs a session: 401 in the API error shape, not a stream', async () => {
    const res = await t.inject({ url: '/api/events' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('refuses a Last-Event-ID that is not one of its ids with a clear 400', async () => {
    const c = await t.signUp();
    const res = await t.inject({ url: '/api/events', cookie: c.cookie, headers: { 'last-event-id': 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('opens a text/event-stream with a retry hint and a ready event carrying its position', async () => {
    const c = await t.signUp();
    const s = await stream(c.cookie);
    expect(s.contentType).toBe('text/event-stream; charset=utf-8');
    expect(s.raw).toContain(`retry: ${LIVE_RETRY_MS}`);
    const ready = await s.next((e) => e.event === 'ready');
    expect(Number(ready.id)).toBeGreaterThanOrEqual(0);
    s.close();
  });
});

describe('who hears of what', () => {
  it('a new request reaches the businesses it matches and its owner, and no one else', async () => {
    const pools = await business(['Pool Maintenance']);
    const plumbers = await business(['Plumbing']);
    const customer = await t.signUp();
    const stranger = await t.signUp();
    const poolStream = await stream(pools.cookie);
    const plumberStream = await stream(plumbers.cookie);
    const customerStream = await stream(customer.cookie);
    const strangerStream = await stream(stranger.cookie);
    await Promise.all([poolStream, plumberStream, customerStream, strangerStream].map((s) => s.ready));

    const requestId = await postPoolRequest(customer.cookie);

    const seen = await poolStream.next((e) => e.data?.kind === 'request' && e.data.id === requestId);
    expect(seen.data).toEqual({ kind: 'request', op: 'created', id: requestId });
    await customerStream.next((e) => e.data?.kind === 'request' && e.data.id === requestId);
    // The matching business also hears of its own new_request notification.
    await poolStream.next((e) => e.data?.kind === 'notification' && e.data.op === 'created');

    // The others would (wrongly) have heard of it by the time they hear of something later.
    await heardUpToNow(plumberStream, plumbers.userId);
    const marker = await heardUpToNow(strangerStream, stranger.userId);
    expect(plumberStream.changes().some((e) => e.id === requestId)).toBe(false);
    expect(strangerStream.changes()).toEqual([{ kind: 'notification', op: 'created', id: marker }]);
    // Ids and kinds only: never the address or any text of the request.
    expect(poolStream.raw).not.toContain('Bay Rd');
    expect(poolStream.raw).not.toContain('pool pump');
  });

  it('a quote reaches its customer and its business; another business of the same trade hears nothing of it', async () => {
    const pools = await business(['Pool Maintenance']);
    const rival = await business(['Pool Maintenance']);
    const customer = await t.signUp();
    const requestId = await postPoolRequest(customer.cookie);
    const [customerStream, rivalStream] = await Promise.all([stream(customer.cookie), stream(rival.cookie)]);
    await Promise.all([customerStream.ready, rivalStream.ready]);

    const res = await quote(pools.cookie, requestId);
    expect(res.statusCode, res.body).toBe(201);
    const responseId = res.json().id as string;

    await customerStream.next((e) => e.data?.kind === 'response' && e.data.id === responseId);
    await customerStream.next((e) => e.data?.kind === 'notification' && e.data.op === 'created');
    await heardUpToNow(rivalStream, rival.userId);
    expect(rivalStream.changes().some((e) => e.id === responseId)).toBe(false);
    // The rival may still hear of its own New Request notice, written with the request just before
    // its stream opened (late changes are told, never dropped); of the quote it hears nothing.
    const ownNotices = new Set(
      (
        await t.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.userId, rival.userId))
      ).map((n) => n.id),
    );
    expect(rivalStream.changes().some((e) => e.kind === 'notification' && !ownNotices.has(e.id))).toBe(false);
  });

  it('a matched business hears a request close, and nothing of it once closed; its owner hears all', async () => {
    const pools = await business(['Pool Maintenance']);
    const customer = await t.signUp();
    const requestId = await postPoolRequest(customer.cookie);
    // A business that joins after the request closed was never entitled to it.
    const poolStream = await stream(pools.cookie);
    await poolStream.ready;

    const archived = await t.inject({
      method: 'POST',
      url: `/api/requests/${requestId}/archive`,
      cookie: customer.cookie,
    });
    expect(archived.statusCode, archived.body).toBeLessThan(300);
    // Open → archived: the business that could see it hears it leave its feed.
    await poolStream.next((e) => e.data?.kind === 'request' && e.data.id === requestId);

    const late = await business(['Pool Maintenance']);
    const lateStream = await stream(late.cookie);
    const ownerStream = await stream(customer.cookie);
    await Promise.all([lateStream.ready, ownerStream.ready]);
    const before = poolStream.changes().length;
    // A change to the archived request (its owner edits it in the database) is the owner's alone.
    await t.db
      .update(serviceRequests)
      .set({ description: 'Changed while archived, quietly.' })
      .where(eq(serviceRequests.id, requestId));
    await ownerStream.next((e) => e.data?.kind === 'request' && e.data.id === requestId);
    const marker = await heardUpToNow(poolStream, pools.userId);
    await heardUpToNow(lateStream, late.userId);
    expect(
      poolStream.changes().filter((e) => e.id !== marker).length,
      'closed: no more news to its matches',
    ).toBe(before);
    expect(
      lateStream.changes().some((e) => e.id === requestId),
      'never to a late match',
    ).toBe(false);
    // Replay from the position the late business was given follows the same rule: the quiet change is
    // not replayed to it (the close itself may be, within the replay's few seconds of overlap).
    const quiet = await t.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.entityId, requestId))
      .orderBy(liveEvents.id);
    const replayed = await stream(late.cookie, Number((await lateStream.ready).id));
    await replayed.ready;
    expect(replayed.events.some((e) => e.event === 'resync')).toBe(false);
    const replayedIds = replayed.events.filter((e) => e.event === 'change').map((e) => Number(e.id));
    expect(replayedIds, 'nor in replay').not.toContain(quiet.at(-1)!.id);
  });

  it('a read mark is told to its reader as an update (another tab clears its badge)', async () => {
    const customer = await t.signUp();
    const [row] = await t.db
      .insert(notifications)
      .values({ userId: customer.userId, type: 'new_response', title: 'New response', message: 'x' })
      .returning();
    const s = await stream(customer.cookie);
    await s.ready;
    const res = await t.inject({
      method: 'POST',
      url: `/api/notifications/${row!.id}/read`,
      cookie: customer.cookie,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    // Its creation, written just before the stream opened, may be told first (late changes are told,
    // never dropped); the read mark must follow as an update.
    const e = await s.next(
      (x) => x.data?.kind === 'notification' && x.data.id === row!.id && x.data.op === 'updated',
    );
    expect(e.data?.op).toBe('updated');
  });

  it('a refused change (a second quote on one request) announces nothing', async () => {
    const pools = await business(['Pool Maintenance']);
    const customer = await t.signUp();
    const requestId = await postPoolRequest(customer.cookie);
    expect((await quote(pools.cookie, requestId)).statusCode).toBe(201);
    const before = await t.db.select({ id: liveEvents.id }).from(liveEvents);
    expect((await quote(pools.cookie, requestId)).statusCode).toBe(409);
    const after = await t.db.select({ id: liveEvents.id }).from(liveEvents);
    expect(after.length).toBe(before.length);
  });
});

describe('reconnecting', () => {
  it('replays what this user missed after Last-Event-ID, and only that', async () => {
    const pools = await business(['Pool Maintenance']);
    const customer = await t.signUp();
    const first = await stream(customer.cookie);
    const ready = await first.ready;
    first.close();

    // While the tab is away: its request, a quote on it, and someone else's request.
    const requestId = await postPoolRequest(customer.cookie);
    const res = await quote(pools.cookie, requestId);
    const responseId = res.json().id as string;
    const other = await t.signUp();
    const othersRequest = await postPoolRequest(other.cookie);

    const again = await stream(customer.cookie, Number(ready.id));
    await again.ready;
    const missed = again.changes();
    expect(missed).toContainEqual({ kind: 'request', op: 'created', id: requestId });
    expect(missed).toContainEqual({ kind: 'response', op: 'created', id: responseId });
    expect(missed.some((e) => e.kind === 'notification' && e.op === 'created')).toBe(true);
    expect(missed.some((e) => e.id === othersRequest)).toBe(false);
    // Replayed in order, each with its id, so the next reconnect resumes after them.
    const ids = again.events.filter((e) => e.event === 'change').map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('takes the position as ?lastEventId= too, for a page that opens a new stream itself', async () => {
    const customer = await t.signUp();
    const first = await stream(customer.cookie);
    const ready = await first.ready;
    first.close();
    const requestId = await postPoolRequest(customer.cookie);
    const res = await t.inject({ url: `/api/events?lastEventId=x1`, cookie: customer.cookie });
    expect(res.statusCode).toBe(400);
    const again = await openLiveStream(`${base}`, customer.cookie, undefined, `?lastEventId=${ready.id}`);
    open.push(again);
    await again.ready;
    expect(again.changes()).toContainEqual({ kind: 'request', op: 'created', id: requestId });
  });

  it('a page drawn on the server resumes strictly after its position: what it holds is not told again', async () => {
    const customer = await t.signUp();
    const requestId = await postPoolRequest(customer.cookie);
    // The position the server reads before drawing the page (its data already holds the request); read
    // by a hub for which nothing is still committing, so ids other tests rolled back do not hold it back.
    const position = await new LiveHub(t.app.grip.database, t.app.log, { holeMs: 0 }).position();
    const drawn = await openLiveStream(base, customer.cookie, undefined, `?after=${position}`);
    open.push(drawn);
    await drawn.ready;
    const marker = await heardUpToNow(drawn, customer.userId);
    expect(drawn.changes().map((e) => e.id)).toEqual([marker]);
    // A tab's own Last-Event-ID still gets the overlap (commits land out of id order).
    const reconnect = await stream(customer.cookie, position);
    await reconnect.ready;
    expect(reconnect.changes()).toContainEqual({ kind: 'request', op: 'created', id: requestId });
  });

  it.runIf(isPostgres())('a drawn page’s position stops before a change still committing', async () => {
    const customer = await t.signUp();
    const url = t.app.grip.config.databaseUrl!;
    const [first, second] = [new pg.Client(url), new pg.Client(url)];
    await Promise.all([first.connect(), second.connect()]);
    try {
      await first.query('begin');
      const early = await notice(drizzle(first), customer.userId);
      const late = await notice(t.db, customer.userId);
      const position = await (t.app.grip.live as LiveHub).position();
      expect(position).toBeLessThan(early.eventId);
      await first.query('commit');
      const drawn = await openLiveStream(base, customer.cookie, undefined, `?after=${position}`);
      open.push(drawn);
      await drawn.ready;
      const told = drawn.changes().map((e) => e.id);
      expect(told).toContain(early.noticeId);
      expect(told).toContain(late.noticeId);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it('asks for a resync when every event was purged since its position', async () => {
    const customer = await t.signUp();
    const first = await stream(customer.cookie);
    const ready = await first.ready;
    first.close();
    await postPoolRequest(customer.cookie);
    await t.db.delete(liveEvents);
    const s = await stream(customer.cookie, Number(ready.id));
    await s.ready;
    expect(s.events.some((e) => e.event === 'resync')).toBe(true);
    // Nothing was missed after the newest position: no resync then.
    const fresh = await stream(customer.cookie, Number(s.events.find((e) => e.event === 'ready')!.id));
    await fresh.ready;
    expect(fresh.events.some((e) => e.event === 'resync')).toBe(false);
  });

  it('asks for a resync when the events it missed are no longer kept', async () => {
    const customer = await t.signUp();
    await postPoolRequest(customer.cookie);
    const [oldest] = await t.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .orderBy(liveEvents.id)
      .limit(1);
    await t.db.delete(liveEvents).where(eq(liveEvents.id, oldest!.id));
    const s = await stream(customer.cookie, Math.max(0, oldest!.id - 5));
    await s.ready;
    expect(s.events.some((e) => e.event === 'resync')).toBe(true);
  });
});

/** A notice for `userId` written by `db` (a transaction, or another connection); its event's id. */
async function notice(db: Pick<TestApp['db'], 'insert' | 'execute'>, userId: string) {
  const [row] = await db
    .insert(notifications)
    .values({ userId, type: 'new_response', title: 'Notice', message: 'x' })
    .returning({ id: notifications.id });
  const result = await db.execute<{ id: string }>(sql`select currval('live_events_id_seq')::text as id`);
  const rows = (result as unknown as { rows: { id: string }[] }).rows;
  return { noticeId: row!.id, eventId: Number(rows[0]!.id) };
}

/** A LiveStream on an in-memory response: what it is sent, as change events. */
function memoryStream(userId: string) {
  const res = new PassThrough();
  const changes: { id: number; data: LiveEvent }[] = [];
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
    for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
      const frame = text.slice(0, end);
      text = text.slice(end + 2);
      const id = /^id: (\d+)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (id && data && frame.includes('event: change'))
        changes.push({ id: Number(id), data: JSON.parse(data) });
    }
  });
  const stream = new LiveStream(userId, 'memory', res as unknown as ServerResponse, () => {});
  return { stream, changes };
}

describe('reading the events', () => {
  it('a read that fails is retried from the same place: the change still arrives, no resync', async () => {
    const customer = await t.signUp();
    const s = await stream(customer.cookie);
    await s.ready;
    const hub = t.app.grip.live as unknown as {
      audiences: () => Promise<never>;
      failingSince: number | null;
    };
    const real = hub.audiences;
    hub.audiences = () => Promise.reject(new Error('database blip'));
    let requestId: string;
    try {
      requestId = await postPoolRequest(customer.cookie);
      await until(() => hub.failingSince !== null, 'a read failed');
    } finally {
      hub.audiences = real;
    }
    await s.next((e) => e.data?.kind === 'request' && e.data.id === requestId);
    expect(s.events.some((e) => e.event === 'resync')).toBe(false);
  });

  it('a rolled-back change delivers nothing, and its hole is given up', async () => {
    const customer = await t.signUp();
    // A hub of its own with a short hole bound, so giving up is seen in a test's time.
    const hub = new LiveHub(t.app.grip.database, t.app.log, { holeMs: 3_000 });
    const { stream: own, changes } = memoryStream(customer.userId);
    hub.add(own);
    try {
      own.open(await hub.latestId());
      let rolledBack = 0;
      await t.db
        .transaction(async (tx) => {
          rolledBack = (await notice(tx, customer.userId)).eventId;
          throw new Error('roll back');
        })
        .catch(() => {});
      const marker = await notice(t.db, customer.userId);
      expect(marker.eventId).toBeGreaterThan(rolledBack);
      await until(() => changes.some((c) => c.data.id === marker.noticeId), 'the marker arrived');
      // Read past it: the rolled-back id is a hole, asked for until the bound passes, then given up.
      expect(hub.pendingHoles()).toContain(rolledBack);
      await until(() => !hub.pendingHoles().includes(rolledBack), 'the hole was given up');
      expect(changes.map((c) => c.id)).not.toContain(rolledBack);
      expect(changes.map((c) => c.data.id)).toEqual([marker.noticeId]);
    } finally {
      await hub.close();
    }
  });

  it.runIf(isPostgres())('a change committed after a later id is still delivered', async () => {
    const customer = await t.signUp();
    const s = await stream(customer.cookie);
    await s.ready;
    const url = t.app.grip.config.databaseUrl!;
    const [first, second] = [new pg.Client(url), new pg.Client(url)];
    await Promise.all([first.connect(), second.connect()]);
    try {
      await first.query('begin');
      const early = await notice(drizzle(first), customer.userId);
      await second.query('begin');
      const late = await notice(drizzle(second), customer.userId);
      expect(late.eventId).toBeGreaterThan(early.eventId);
      await second.query('commit');
      await s.next((e) => e.data?.id === late.noticeId);
      // The earlier id was skipped while its change was still committing: it is watched, not lost.
      expect((t.app.grip.live as LiveHub).pendingHoles()).toContain(early.eventId);
      await first.query('commit');
      const told = await s.next((e) => e.data?.id === early.noticeId);
      expect(Number(told.id)).toBe(early.eventId);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it.runIf(isPostgres())('replaces a reading connection that broke, and nothing is lost', async () => {
    const customer = await t.signUp();
    const s = await stream(customer.cookie);
    await s.ready;
    const killed = await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${LIVE_READER_NAME}`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
    const requestId = await postPoolRequest(customer.cookie);
    await s.next((e) => e.data?.kind === 'request' && e.data.id === requestId);
    expect(s.events.some((e) => e.event === 'resync')).toBe(false);
  });

  it('stops reading when its last stream closes and starts again from the latest with the next', async () => {
    const customer = await t.signUp();
    const hub = new LiveHub(t.app.grip.database, t.app.log);
    const { stream: one } = memoryStream(customer.userId);
    hub.add(one);
    try {
      one.open(await hub.latestId());
      const state = hub as unknown as { running: boolean };
      expect(state.running).toBe(true);
      one.close();
      hub.remove(one);
      await until(() => !state.running, 'reading stopped');
      const { stream: two, changes } = memoryStream(customer.userId);
      hub.add(two);
      two.open(await hub.latestId());
      const marker = await notice(t.db, customer.userId);
      await until(() => changes.some((c) => c.data.id === marker.noticeId), 'the next stream heard');
    } finally {
      await hub.close();
    }
  });
});

describe('ending', () => {
  it('closing the server ends its open streams instead of waiting on them', async () => {
    const own = await createTestApp();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const ownBase = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
    const c = await own.signUp();
    const s = await openLiveStream(ownBase, c.cookie);
    await s.ready;
    // The client never ends the stream itself: close() returning at all, and the stream ending, is the
    // server not waiting on it (an upper bound on the real time taken would only measure the machine).
    await own.close();
    await s.ended;
  });

  it('signing out closes that session’s stream', async () => {
    const customer = await t.signUp();
    const s = await stream(customer.cookie);
    await s.ready;
    const res = await t.inject({
      method: 'POST',
      url: '/api/session/sign-out',
      cookie: customer.cookie,
      payload: { scope: 'local' },
    });
    expect(res.statusCode).toBe(204);
    await s.ended;
  });
});

afterAll(() => {
  for (const s of open) s.close();
});
