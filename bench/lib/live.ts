// Live updates under load (issues 9 and 29): many idle Server-Sent Events streams held open at once
// and what each costs the server in memory; then messages sent at a steady rate, each timed from its
// send to its change event on the stream of the customer it is for. With several server processes on
// one PostgreSQL, the streams (idle and receiving) are spread over all of them and the messages go
// through the first: a change must reach the tabs of every process.
//
// The messages do not all go through the one benchmark conversation. Every send locks its conversation
// (sendMessage reads it FOR UPDATE), so 200 a second in one conversation queue behind each other and
// any stall of one holds up the rest: its p99 swung between 34 and 179 ms from run to run where the
// same load spread over conversations stayed at 15-41 ms, and that time is spent before the commit,
// not on the way to the client. So the benchmark business sends its share on the benchmark conversation
// to the benchmark customer, and throwaway businesses, each booked by a throwaway customer through the
// API, send the rest, 100 each (the benchmark's server lifts MESSAGE_RATE_LIMIT; at 500 a second that
// is about 8 a second per conversation). Every receiving customer holds one stream; the idle streams belong to
// other throwaway accounts, which hear nothing of the messages.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { LIVE_CHANGE_EVENT, LIVE_RESYNC_EVENT } from '@grip/domain';
import { BENCH_PASSWORD, cookieHeaderFrom } from './marketplace';

export interface LiveFigures {
  /** Server processes the streams were spread over. */
  processes: number;
  /** Idle streams that were open and answering at the same time (still open when sending ended). */
  streams: number;
  /**
   * (server RSS with all idle streams open and settled) - (RSS before opening them), per stream. Read
   * without forcing a garbage collection, so the sign-ups' garbage can swing it by tens of MB either
   * way; a `serverRss` that collects garbage first (through an inspector) makes it exact.
   */
  bytesPerIdleStream: number;
  serverRssBeforeBytes: number;
  serverRssAfterBytes: number;
  /** The rate at which messages were sent (stored messages over the sending time). */
  eventsPerSec: number;
  /** The rate they were offered at: below it, the send route did not keep up. */
  offeredPerSec: number;
  /** Sent messages whose change event reached the receiving customer's stream within 5 s. */
  delivered: number;
  /** Messages the server stored (201) during the sending time. */
  sent: number;
  /**
   * Send-to-arrival latency over the delivered messages, exact percentiles (NaN when none arrived).
   * Timed from before the POST, so it bounds commit-to-client from above.
   */
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** How long opening all idle streams took. */
  openSeconds: number;
  /** Business accounts (each in its own conversation) the messages were spread over. */
  senders: number;
}

export interface LiveOptions {
  /** A running Grip production server, e.g. http://127.0.0.1:3300 (processes.ts startGrip): messages and sign-ups go here. */
  base: string;
  /** Every process the streams are spread over (default: `base` alone), all on one database. */
  listenBases?: string[];
  /** The resident memory of all those processes together, now (Running.rss). */
  serverRss: () => Promise<number>;
  /** Idle streams to hold open at once. */
  streams: number;
  /** Messages sent a second, over `durationSec`. */
  eventsPerSec: number;
  durationSec: number;
  /** A booked conversation (accepted response) between the two benchmark accounts. */
  conversationId: string;
  /** Cookie headers of the benchmark customer and business (marketplace.ts signIn). */
  customerCookie: string;
  businessCookie: string;
  log: (line: string) => void;
}

/** The server allows 12 streams per user and 30 new ones a minute: 10 each stays clear of both. */
const STREAMS_PER_USER = 10;
/** Sign-ups at once: each hashes a password, which is CPU-bound on the server. */
const SIGN_UP_CONCURRENCY = 4;
/** Streams being opened at once. */
const OPEN_CONCURRENCY = 50;
const OPEN_TIMEOUT_MS = 30_000;
/** Quiet time before each memory reading. */
const SETTLE_MS = 2_000;
/** How long after the last send a late event is still waited for. */
const STRAGGLER_MS = 5_000;
/** What each sender sends at most, so each conversation takes a few messages a second. */
const MESSAGES_PER_SENDER = 100;
/** Seconds of sending before the measured ones, and the sends in flight at most meanwhile. */
const WARM_UP_SEC = 3;
const WARM_UP_IN_FLIGHT = 8;
/** Sends waiting for an answer at most; beyond it the server is not keeping up and the rate drops. */
const MAX_IN_FLIGHT = 400;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `task(0..count-1)` with at most `concurrency` at once; results in order. */
async function inPool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** Exact percentile of an ascending list (nearest rank). */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Signs up a throwaway account through the real API; returns its Cookie header (autoSignIn). */
async function signUp(
  base: string,
  body: Record<string, unknown>,
  log: (line: string) => void,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ password: BENCH_PASSWORD, ...body }),
    });
    // The suite's server allows many sign-ups a minute (AUTH_RATE_LIMIT); one that does not says how long to wait.
    if (res.status === 429 && attempt <= 3) {
      const wait = Number(res.headers.get('retry-after')) || 10;
      log(`  live: sign-up rate limited, waiting ${wait} s`);
      await res.arrayBuffer();
      await sleep(wait * 1000);
      continue;
    }
    if (!res.ok)
      throw new Error(`sign-up of ${String(body.email)} failed: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    const cookie = cookieHeaderFrom(res);
    if (!cookie) throw new Error(`sign-up of ${String(body.email)} set no session cookie`);
    return cookie;
  }
}

/** A JSON call as the web app makes it; throws with the answer unless it is `expect`. */
async function call<T>(
  base: string,
  cookie: string,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
  expect: number,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: JSON.stringify(body),
  });
  if (res.status !== expect) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

interface Sender {
  cookie: string;
  conversationId: string;
  left: number;
}

/**
 * A throwaway customer and business with a booked conversation, as people make one: the customer
 * posts a request, the business quotes, the customer confirms. The request is for a service of the
 * pair's own, so no other business is told of it (a new business serves everything until it says
 * otherwise, and every request would otherwise be emailed to every earlier pair's business).
 */
async function bookedPair(
  base: string,
  tag: string,
  i: number,
  log: (line: string) => void,
): Promise<{ customerCookie: string; sender: Sender }> {
  const service = `Live bench ${tag} ${i}`;
  const businessCookie = await signUp(
    base,
    {
      email: `live.${tag}.business${i}@grip.test`,
      name: `Live Business ${i}`,
      role: 'business_owner',
      businessName: `Live Walkers ${i}`,
    },
    log,
  );
  await call(base, businessCookie, 'PATCH', '/api/business-profile', { serviceCategories: [service] }, 200);
  const customerCookie = await signUp(
    base,
    { email: `live.${tag}.customer${i}@grip.test`, name: `Live Customer ${i}` },
    log,
  );
  const request = await call<{ id: string }>(
    base,
    customerCookie,
    'POST',
    '/api/requests',
    {
      serviceType: service,
      description: 'Our dog needs a long walk every weekday afternoon.',
      location: 'Sandy Bay TAS 7005',
      latitude: -42.8966,
      longitude: 147.326,
      serviceAreaKm: 10,
      budget: 150,
    },
    201,
  );
  const quote = await call<{ id: string }>(
    base,
    businessCookie,
    'POST',
    `/api/business/requests/${request.id}/responses`,
    { message: 'Weekday afternoon walks, an hour each.', quotedPrice: 140, priceType: 'fixed' },
    201,
  );
  // Confirm names the terms the customer read (decision 019).
  const offer = await fetch(`${base}/api/offers/${quote.id}`, { headers: { cookie: customerCookie } });
  if (offer.status !== 200) throw new Error(`GET /api/offers/${quote.id} answered ${offer.status}`);
  const { termsVersion } = (await offer.json()) as { termsVersion: string };
  await call(base, customerCookie, 'POST', `/api/offers/${quote.id}/confirm`, { termsVersion }, 200);
  return {
    customerCookie,
    sender: { cookie: businessCookie, conversationId: quote.id, left: MESSAGES_PER_SENDER },
  };
}

interface Held {
  /** Set when the server or the network ended the stream. */
  closed: boolean;
  destroy(): void;
}

/**
 * Opens GET /api/events as a browser tab would; resolves when the first bytes (`retry:`) arrive.
 * Every later chunk is passed to `onChunk` with the time it arrived.
 */
function openStream(
  base: URL,
  cookie: string,
  agent: http.Agent,
  onChunk?: (chunk: string, at: number) => void,
): Promise<Held> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      hostname: base.hostname,
      port: base.port,
      path: '/api/events',
      method: 'GET',
      agent,
      headers: { cookie, accept: 'text/event-stream' },
    });
    const held: Held = { closed: false, destroy: () => req.destroy() };
    let opened = false;
    const fail = (err: Error) => {
      held.closed = true;
      clearTimeout(timer);
      if (!opened) reject(err);
      req.destroy();
    };
    const timer = setTimeout(
      () => fail(new Error(`no answer within ${OPEN_TIMEOUT_MS} ms`)),
      OPEN_TIMEOUT_MS,
    );
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        fail(new Error(`GET /api/events answered ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        if (!opened) {
          opened = true;
          clearTimeout(timer);
          resolve(held);
        }
        onChunk?.(chunk, at);
      });
      res.on('close', () => fail(new Error('the stream closed before its first bytes')));
    });
    req.on('error', fail);
    req.on('close', () => fail(new Error('the connection closed before an answer')));
    req.end();
  });
}

interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/** A Server-Sent Events parser over chunks: each whole event goes to `onEvent` with its chunk's arrival. */
function sseParser(onEvent: (e: SseEvent, at: number) => void): (chunk: string, at: number) => void {
  let buffer = '';
  return (chunk, at) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const e: SseEvent = { event: 'message', data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue; // heartbeat comments
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') e.event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') e.id = value;
      }
      if (data.length === 0) continue; // `retry:` alone, or comments only
      e.data = data.join('\n');
      onEvent(e, at);
    }
  };
}

/** One sending run: when each stored message was sent and answered, by id. */
interface Round {
  /** Message id → when its POST was started (before the transaction began). */
  sentAt: Map<string, number>;
  answeredAt: Map<string, number>;
  /** Messages not stored, by reason. */
  refused: Map<string, number>;
  /** The schedule's own length, or longer when the server lagged. */
  seconds: number;
  lastAnswer: number;
}

/**
 * Sends one message as the next sender with messages left (round robin); a sender the server turns
 * away (429) hands it to the next. Resolves with the stored message's id and times, or a reason.
 */
function sender(base: string, senders: Sender[]) {
  let turn = 0;
  const next = () => {
    for (let k = 0; k < senders.length; k++) {
      const s = senders[(turn + k) % senders.length]!;
      if (s.left > 0) {
        turn = (turn + k + 1) % senders.length;
        s.left -= 1;
        return s;
      }
    }
    return undefined;
  };
  return async (): Promise<{ id: string; at: number; answered: number } | { refused: string }> => {
    for (let s = next(); s; s = next()) {
      const at = performance.now();
      const res = await fetch(`${base}/api/conversations/${s.conversationId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: s.cookie, origin: base },
        body: JSON.stringify({ message: 'On my way, about ten minutes out.', clientId: randomUUID() }),
      }).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
      const answered = performance.now();
      if (res instanceof Error) return { refused: res.message };
      if (res.status === 429) {
        s.left = 0;
        await res.arrayBuffer();
        continue;
      }
      if (res.status !== 201) return { refused: `${res.status} ${(await res.text()).slice(0, 200)}` };
      return { id: ((await res.json()) as { id: string }).id, at, answered };
    }
    return { refused: 'no sender had messages left' };
  };
}

/** `count` messages at `perSec`, each started on the clock whatever the answers, at most `maxInFlight` at once. */
async function sendAtRate(
  send: ReturnType<typeof sender>,
  count: number,
  perSec: number,
  maxInFlight: number,
): Promise<Round> {
  const round: Round = {
    sentAt: new Map(),
    answeredAt: new Map(),
    refused: new Map(),
    seconds: 0,
    lastAnswer: 0,
  };
  let inFlight = 0;
  const one = async () => {
    inFlight += 1;
    const result = await send()
      .catch((err: unknown) => ({ refused: err instanceof Error ? err.message : String(err) }))
      .finally(() => (inFlight -= 1));
    if ('refused' in result) {
      round.refused.set(result.refused, (round.refused.get(result.refused) ?? 0) + 1);
      return;
    }
    round.sentAt.set(result.id, result.at);
    round.answeredAt.set(result.id, result.answered);
    round.lastAnswer = Math.max(round.lastAnswer, result.answered);
  };
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    while (inFlight >= maxInFlight) await sleep(1);
    const wait = start + (i * 1000) / perSec - performance.now();
    if (wait >= 1) await sleep(wait);
    pending.push(one());
  }
  round.seconds = Math.max(performance.now() - start, (count * 1000) / perSec) / 1000;
  await Promise.all(pending);
  return round;
}

/** Waits for the round's change events, up to STRAGGLER_MS after its last send was answered. */
async function arrivals(round: Round, arrivedAt: Map<string, number>) {
  const deadline = round.lastAnswer + STRAGGLER_MS;
  const missing = () => [...round.sentAt.keys()].some((id) => !arrivedAt.has(id));
  while (performance.now() < deadline && missing()) await sleep(50);
}

/** Where a round's time went: the send's own answer, and the wait after it for the change event. */
function describe(round: Round, arrivedAt: Map<string, number>): string {
  const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
  const ms = (xs: number[]) =>
    `p50 ${percentile(xs, 50).toFixed(0)} / p99 ${percentile(xs, 99).toFixed(0)} ms`;
  const delivered = [...round.sentAt.keys()].filter((id) => arrivedAt.has(id));
  const total = sorted(delivered.map((id) => arrivedAt.get(id)! - round.sentAt.get(id)!));
  const answers = sorted([...round.sentAt].map(([id, at]) => round.answeredAt.get(id)! - at));
  const after = sorted(delivered.map((id) => arrivedAt.get(id)! - round.answeredAt.get(id)!));
  return (
    `${delivered.length}/${round.sentAt.size} delivered at ${(round.sentAt.size / round.seconds).toFixed(0)}/s, ` +
    `send to arrival ${ms(total)} (answered ${ms(answers)}; event ${ms(after)} after the answer)`
  );
}

/**
 * Holds `streams` idle live streams open (from throwaway accounts, 10 each), reads what they cost the
 * server in memory, then sends messages at `eventsPerSec` for `durationSec` and times each from its
 * send to its change event on the receiving customer's stream. Everything is closed before it returns.
 */
export async function measureLive(options: LiveOptions): Promise<LiveFigures> {
  const { base, log } = options;
  const urls = (options.listenBases ?? [base]).map((b) => new URL(b));
  /** Stream `i` (idle or receiving) goes to process i mod n. */
  const urlFor = (i: number) => urls[i % urls.length]!;
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const held: Held[] = [];
  const receivers: Held[] = [];

  try {
    // Accounts: 10 idle streams each, and the senders' booked conversations.
    const total = Math.round(options.eventsPerSec * options.durationSec);
    // Enough without the benchmark business, whose minute may be partly spent already.
    const pairs = Math.ceil((total + Math.round(options.eventsPerSec * WARM_UP_SEC)) / MESSAGES_PER_SENDER);
    const users = Math.ceil(options.streams / STREAMS_PER_USER);
    let started = performance.now();
    const cookies = await inPool(users, SIGN_UP_CONCURRENCY, (i) =>
      signUp(base, { email: `live.${tag}.${i}@grip.test`, name: `Live Listener ${i}` }, log),
    );
    const booked = await inPool(pairs, SIGN_UP_CONCURRENCY, (i) => bookedPair(base, tag, i, log));
    log(
      `  live: ${users} listeners and ${pairs} booked pairs signed up in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    // Idle streams, and the server's memory before and after.
    await sleep(SETTLE_MS);
    const serverRssBeforeBytes = await options.serverRss();
    started = performance.now();
    let opened = 0;
    const failures = new Map<string, number>();
    await inPool(options.streams, OPEN_CONCURRENCY, async (i) => {
      try {
        held.push(await openStream(urlFor(i), cookies[Math.floor(i / STREAMS_PER_USER)]!, agent));
        opened += 1;
        if (opened % 1000 === 0) log(`  live: ${opened} streams open`);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        failures.set(reason, (failures.get(reason) ?? 0) + 1);
      }
    });
    const openSeconds = (performance.now() - started) / 1000;
    for (const [reason, count] of failures) log(`  live: ${count} streams failed to open: ${reason}`);
    if (opened < 0.9 * options.streams) {
      throw new Error(
        `only ${opened} of ${options.streams} live streams opened (${[...failures.keys()].join('; ')})`,
      );
    }
    await sleep(SETTLE_MS);
    const serverRssAfterBytes = await options.serverRss();
    log(
      `  live: ${opened} streams open in ${openSeconds.toFixed(1)} s; server RSS ` +
        `${((serverRssAfterBytes - serverRssBeforeBytes) / 1e6).toFixed(1)} MB more`,
    );

    // The receiving customers' streams: each change event of a message is timed on arrival.
    const arrivedAt = new Map<string, number>();
    let resyncs = 0;
    const onEvent = (e: SseEvent, at: number) => {
      if (e.event === LIVE_RESYNC_EVENT) resyncs += 1;
      if (e.event !== LIVE_CHANGE_EVENT) return;
      const change = JSON.parse(e.data) as { kind: string; op: string; id: string };
      if (change.kind === 'message' && change.op === 'created' && !arrivedAt.has(change.id)) {
        arrivedAt.set(change.id, at);
      }
    };
    const receiving = [options.customerCookie, ...booked.map((b) => b.customerCookie)];
    for (const [i, cookie] of receiving.entries()) {
      receivers.push(await openStream(urlFor(i), cookie, agent, sseParser(onEvent)));
    }
    // Let each stream's `ready` (its starting position) arrive before anything is sent.
    await sleep(500);

    const senders: Sender[] = [
      { cookie: options.businessCookie, conversationId: options.conversationId, left: MESSAGES_PER_SENDER },
      ...booked.map((b) => b.sender),
    ];
    const send = sender(base, senders);
    const rate = options.eventsPerSec;

    // A warm-up the figures leave out: a server that has not sent messages yet is several times slower
    // at it (JIT, connection pool, caches), and at hundreds a second a queue builds that takes seconds to
    // clear. It goes at the same pace with few in flight, so a cold server is not buried.
    const warm = await sendAtRate(send, Math.round(rate * WARM_UP_SEC), rate, WARM_UP_IN_FLIGHT);
    await arrivals(warm, arrivedAt);
    log(`  live: warm-up ${describe(warm, arrivedAt)}`);
    await sleep(SETTLE_MS);

    // Messages at a steady rate, scheduled by the clock rather than by answers: several are in flight
    // when the server is slower than the interval.
    const round = await sendAtRate(send, total, rate, MAX_IN_FLIGHT);
    await arrivals(round, arrivedAt);
    log(`  live: ${describe(round, arrivedAt)}`);
    for (const [reason, count] of round.refused) log(`  live: ${count} messages not sent: ${reason}`);
    const latencies = [...round.sentAt]
      .filter(([id]) => arrivedAt.has(id))
      .map(([id, at]) => arrivedAt.get(id)! - at)
      .sort((a, b) => a - b);
    const stillOpen = held.filter((s) => !s.closed).length;
    if (resyncs > 0) log(`  live: ${resyncs} resync events on the receiving streams`);
    const lost = receivers.filter((s) => s.closed).length;
    if (lost > 0) log(`  live: ${lost} receiving streams closed early`);

    return {
      processes: urls.length,
      streams: stillOpen,
      bytesPerIdleStream: opened > 0 ? Math.round((serverRssAfterBytes - serverRssBeforeBytes) / opened) : 0,
      serverRssBeforeBytes,
      serverRssAfterBytes,
      eventsPerSec: round.sentAt.size / round.seconds,
      offeredPerSec: rate,
      delivered: latencies.length,
      sent: round.sentAt.size,
      p50Ms: percentile(latencies, 50),
      p95Ms: percentile(latencies, 95),
      p99Ms: percentile(latencies, 99),
      openSeconds,
      senders: senders.length,
    };
  } finally {
    for (const s of [...held, ...receivers]) s.destroy();
    agent.destroy();
    // Let the server see the closes before whatever is measured next.
    await sleep(1_000);
  }
}
