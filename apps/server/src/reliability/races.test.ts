/**
 * Races (issue 10 §3, docs/reliability.md), on PGlite and on PostgreSQL, through real HTTP on a
 * listening server:
 * - 1,000 trials of concurrent confirmations: "book response 1", "book response 2" and "book
 *   response 1" again, at once → exactly one accepted response per request, the request assigned and
 *   the other response rejected (as packages/domain reads them), every loser a clear 409, never a 5xx;
 * - the same business sending its quote twice at once → one response row;
 * - the customer's review sent three times at once → one review;
 * - double-submitted forms (a request, a message, a counter offer) sent twice at once with one
 *   Idempotency-Key → one row. Without a key, what the domain says: two requests (posting the same
 *   job twice is allowed), two messages (a chat may repeat itself; the web app's retries carry a
 *   clientId, which stores one), one counter offer (a second is refused while one is pending).
 * Fixtures are copied in SQL from ones made through the API; every race itself goes through HTTP.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { customerOfferActions, requestDisplayStatus } from '@grip/domain';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequests } from '../db/schema';
import { quotedRequestVersion } from '../modules/requests/request-version';
import { POOL_REQUEST, poolBusiness } from '../test/pool-request';
import { createTestApp, type TestApp } from '../test/test-app';
import { NO_POSTGRES, postgresAnswers, reliabilityPgUrl } from './postgres';

const CONFIRMATION_TRIALS = 1000;
const QUOTE_TRIALS = 100;
const MIXED_TRIALS = 200;
const REVIEW_TRIALS = 100;
const FORM_TRIALS = 20;
/** Trials raced at once: many requests in flight, as under load, on different rows. */
const WIDTH = 8;

const hasPostgres = await postgresAnswers();

/**
 * Thousands of confirmations queue thousands of emails; delivering them is the outbox's business
 * (jobs/outbox.test.ts), not this file's, and on the one-connection embedded database the worker
 * would only stretch the run. It polls once a minute here.
 */
const QUIET_OUTBOX = { OUTBOX_POLL_MS: '60000' };

interface Answer {
  status: number;
  body: { id?: string; message?: string; error?: string } | null;
  isReplayed: boolean;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** Runs `run` over the items with at most `width` at a time, in order of the items. */
async function inParallel<T, R>(
  items: readonly T[],
  width: number,
  run: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        results[index] = await run(items[index]!, index);
      }
    }),
  );
  return results;
}

/** A new, empty PostgreSQL database for one app, dropped with it. */
async function postgresApp(): Promise<{ t: TestApp; drop: () => Promise<void> }> {
  const name = `grip_races_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: reliabilityPgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(reliabilityPgUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: reliabilityPgUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  try {
    return { t: await createTestApp({ DATABASE_URL: url.toString(), ...QUIET_OUTBOX }), drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

const DATABASES = [
  { name: 'PGlite', isPostgres: false },
  { name: 'PostgreSQL', isPostgres: true },
] as const;

for (const database of DATABASES) {
  const skipped = database.isPostgres && !hasPostgres;
  describe.skipIf(skipped)(`races on ${database.name}${skipped ? ` (skipped: ${NO_POSTGRES})` : ''}`, () => {
    let t: TestApp;
    let drop: (() => Promise<void>) | null = null;
    let base = '';

    beforeAll(async () => {
      if (database.isPostgres) ({ t, drop } = await postgresApp());
      else t = await createTestApp(QUIET_OUTBOX);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await t?.close();
      await drop?.();
    });

    /** A real HTTP request on the listening server. */
    async function call(path: string, cookie: string, body?: unknown, key?: string): Promise<Answer> {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: {
          cookie,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(key === undefined ? {} : { 'idempotency-key': key }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: text ? (JSON.parse(text) as Answer['body']) : null,
        isReplayed: res.headers.get('idempotent-replayed') === 'true',
      };
    }

    /** What the customer's Confirm sends: the offer's terms version as read now (decision 019). */
    async function confirmBody(responseId: string, cookie: string) {
      const res = await fetch(`${base}/api/offers/${responseId}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      return { termsVersion: ((await res.json()) as { termsVersion: string }).termsVersion };
    }

    async function postRequest(cookie: string) {
      const res = await call('/api/requests', cookie, POOL_REQUEST);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body!.id!;
    }

    const quote = { message: 'I can service the pump on Thursday.', quotedPrice: 180, priceType: 'fixed' };

    /** The columns a copy writes: all but `except` and the generated ones (PostgreSQL fills those). */
    async function columnsOf(table: string, except: string[]) {
      const rows = rowsOf<{ name: string }>(
        await t.db.execute(sql`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`),
      );
      return rows.map((r) => r.name).filter((n) => !except.includes(n));
    }
    const list = (names: string[], prefix = '') => sql.raw(names.map((n) => `${prefix}"${n}"`).join(', '));

    /**
     * `count` copies of a request made through the API (and, with `withResponses`, of its quotes):
     * the same rows the API writes, without paying for a thousand form posts.
     */
    async function copiesOf(requestId: string, count: number, withResponses: boolean) {
      const requestColumns = await columnsOf('service_requests', ['id']);
      if (!withResponses) {
        const rows = rowsOf<{ id: string }>(
          await t.db.execute(sql`insert into service_requests (${list(requestColumns)})
            select ${list(requestColumns, 's.')} from service_requests s, generate_series(1, ${count})
            where s.id = ${requestId} returning id`),
        );
        return rows.map((r) => ({
          requestId: r.id,
          responses: [] as { id: string; businessUserId: string }[],
        }));
      }
      const responseColumns = await columnsOf('business_responses', ['id', 'request_id']);
      const rows = rowsOf<{ id: string; request_id: string; business_user_id: string }>(
        await t.db.execute(sql`with copies as (
            insert into service_requests (${list(requestColumns)})
            select ${list(requestColumns, 's.')} from service_requests s, generate_series(1, ${count})
            where s.id = ${requestId} returning id)
          insert into business_responses (request_id, ${list(responseColumns)})
          select c.id, ${list(responseColumns, 'r.')} from copies c, business_responses r
          where r.request_id = ${requestId} order by c.id, r.business_user_id
          returning id, request_id, business_user_id`),
      );
      // A copy is another request (its id is part of its version, decision 019): its quotes agree to it.
      const copied = await t.db
        .select()
        .from(serviceRequests)
        .where(inArray(serviceRequests.id, [...new Set(rows.map((r) => r.request_id))]));
      if (copied.length > 0)
        await t.db.execute(sql`update business_responses br set agreed_request_version = v.version
          from (values ${sql.join(
            copied.map((r) => sql`(${r.id}::uuid, ${quotedRequestVersion(r)})`),
            sql`, `,
          )}) as v(id, version) where br.request_id = v.id`);
      const byRequest = new Map<string, { id: string; businessUserId: string }[]>();
      for (const r of rows) {
        const response = { id: r.id, businessUserId: r.business_user_id };
        byRequest.set(r.request_id, [...(byRequest.get(r.request_id) ?? []), response]);
      }
      return [...byRequest].map(([id, responses]) => ({ requestId: id, responses }));
    }

    /** Every answer of a race that is not the one success: a clear 4xx, never a 5xx. */
    function loserProblems(answers: Answer[], label: string): string[] {
      return answers
        .filter((a) => !(a.status === 409 || a.status === 422) || !a.body?.message)
        .map((a) => `${label}: ${a.status} ${JSON.stringify(a.body)}`);
    }

    const histogram = (answers: Answer[]) =>
      answers.reduce<Record<string, number>>((h, a) => {
        const k = `${a.status}${a.isReplayed ? ' replayed' : ''}`;
        h[k] = (h[k] ?? 0) + 1;
        return h;
      }, {});

    let customer: Awaited<ReturnType<TestApp['signUp']>>;
    let first: Awaited<ReturnType<TestApp['signUp']>>;
    let second: Awaited<ReturnType<TestApp['signUp']>>;
    /** The confirmation trials' requests, with the winning response of each (reviews and messages use them). */
    const booked: { requestId: string; responseId: string; businessCookie: string }[] = [];

    it(`books exactly one response per request in ${CONFIRMATION_TRIALS} trials of concurrent confirmations`, async () => {
      const started = Date.now();
      customer = await t.signUp({ name: 'Race Customer' });
      first = await poolBusiness(t, {}, 'First Pools');
      second = await poolBusiness(t, {}, 'Second Pools');
      const template = await postRequest(customer.cookie);
      for (const b of [first, second]) {
        const res = await call(`/api/business/requests/${template}/responses`, b.cookie, quote);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const trials = await copiesOf(template, CONFIRMATION_TRIALS, true);
      expect(trials).toHaveLength(CONFIRMATION_TRIALS);
      const prepared = Date.now();

      const problems: string[] = [];
      const all: Answer[] = [];
      const winners = await inParallel(trials, WIDTH, async ({ requestId, responses }, i) => {
        const [one, two] = responses.map((r) => r.id) as [string, string];
        const read = new Map([
          [one, await confirmBody(one, customer.cookie)],
          [two, await confirmBody(two, customer.cookie)],
        ]);
        const confirm = (id: string) => call(`/api/offers/${id}/confirm`, customer.cookie, read.get(id));
        // Alternate which one is sent first, so both sides win sometimes.
        const order = i % 2 === 0 ? [one, two, one] : [two, one, two];
        const answers = await Promise.all(order.map(confirm));
        all.push(...answers);
        const accepted = answers.flatMap((a, k) => (a.status === 200 ? [order[k]!] : []));
        if (accepted.length !== 1) problems.push(`${requestId}: ${accepted.length} accepted`);
        problems.push(
          ...loserProblems(
            answers.filter((a) => a.status !== 200),
            requestId,
          ),
        );
        return { requestId, winner: accepted[0] ?? null, loser: accepted[0] === one ? two : one };
      });
      const raced = Date.now();

      // What is stored, read as the domain reads it.
      const stored = rowsOf<{
        id: string;
        status: string;
        response_id: string;
        response_status: string;
        completion_status: string;
      }>(
        await t.db.execute(sql`select r.id, r.status, br.id as response_id, br.status as response_status,
            br.completion_status
          from service_requests r join business_responses br on br.request_id = r.id
          where r.user_id = ${customer.userId} and r.id <> ${template}`),
      );
      const byRequest = new Map<string, typeof stored>();
      for (const row of stored) byRequest.set(row.id, [...(byRequest.get(row.id) ?? []), row]);
      const now = new Date();
      const trialsById = new Map(trials.map((x) => [x.requestId, x.responses]));
      for (const { requestId, winner, loser } of winners) {
        const rows = byRequest.get(requestId) ?? [];
        const kinds = new Map(
          rows.map((r) => [
            r.response_id,
            customerOfferActions(r.response_status, r.completion_status, r.status, [], customer.userId),
          ]),
        );
        const acceptedRows = rows.filter((r) => r.response_status === 'accepted');
        if (acceptedRows.length !== 1 || acceptedRows[0]!.response_id !== winner)
          problems.push(`${requestId}: stored ${acceptedRows.length} accepted, answered ${winner}`);
        if (rows[0]?.status !== 'assigned') problems.push(`${requestId}: request is ${rows[0]?.status}`);
        if (kinds.get(winner ?? '')?.kind !== 'booked') problems.push(`${requestId}: winner not booked`);
        const other = kinds.get(loser);
        if (other?.kind !== 'declined' || other.canConfirm) problems.push(`${requestId}: loser still open`);
        const display = requestDisplayStatus(
          {
            status: rows[0]?.status ?? '',
            acceptedCompletionStatus: acceptedRows[0]?.completion_status ?? null,
            hasAcceptedResponse: acceptedRows.length > 0,
            latestActivityAt: now,
          },
          now,
        );
        if (display !== 'CONFIRMED') problems.push(`${requestId}: shown as ${display}`);
        const owner = trialsById.get(requestId)?.find((r) => r.id === winner)?.businessUserId;
        if (winner && owner) {
          booked.push({
            requestId,
            responseId: winner,
            businessCookie: owner === first.userId ? first.cookie : second.cookie,
          });
        }
      }
      expect(problems.slice(0, 20)).toEqual([]);
      console.log(
        `${database.name} confirmations: ${CONFIRMATION_TRIALS} trials x 3 requests, answers ${JSON.stringify(histogram(all))}; ` +
          `fixtures ${prepared - started} ms, races ${raced - prepared} ms`,
      );
    });

    it(`never fails when the customer books while both businesses act on their offers (${MIXED_TRIALS} trials)`, async () => {
      // The customer confirms quote 1 while its business edits it and the other business withdraws
      // quote 2: each side locks what it changes, so any order must end consistent, with no 5xx.
      // The customer confirms the $180 they read: if the $170 edit lands first, the booking is
      // refused as terms_changed (decision 019) and the request stays open, else the edit is refused.
      const mixedCustomer = await t.signUp({ name: 'Mixed Customer' });
      const template = await postRequest(mixedCustomer.cookie);
      for (const b of [first, second]) {
        const res = await call(`/api/business/requests/${template}/responses`, b.cookie, quote);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const trials = await copiesOf(template, MIXED_TRIALS, true);
      const problems: string[] = [];
      const all: Answer[] = [];
      const edit = { quotedPrice: 170, message: 'I can do it for $170 on Thursday.' };
      const bookedTrials = new Set<string>();
      await inParallel(trials, WIDTH, async ({ requestId, responses }) => {
        const one = responses.find((r) => r.businessUserId === first.userId)!.id;
        const two = responses.find((r) => r.businessUserId === second.userId)!.id;
        const read = await confirmBody(one, mixedCustomer.cookie);
        const answers = await Promise.all([
          call(`/api/offers/${one}/confirm`, mixedCustomer.cookie, read),
          call(`/api/business/opportunities/${one}/counter-offer`, first.cookie, edit),
          call(`/api/business/opportunities/${two}/decline`, second.cookie),
        ]);
        all.push(...answers);
        const [confirm, ...others] = answers as [Answer, Answer, Answer];
        // Withdrawing quote 2 never stops the booking; the edit of quote 1 does when it lands first.
        if (confirm.status === 200) bookedTrials.add(requestId);
        else if (confirm.status !== 409 || confirm.body?.error !== 'terms_changed')
          problems.push(`${requestId}: confirm ${confirm.status} ${JSON.stringify(confirm.body)}`);
        problems.push(
          ...loserProblems(
            others.filter((a) => a.status !== 200),
            requestId,
          ),
        );
      });
      const stored = rowsOf<{
        id: string;
        status: string;
        accepted: number | string;
        open: number | string;
        price: string;
      }>(
        await t.db.execute(sql`select r.id, r.status,
            count(*) filter (where br.status = 'accepted') as accepted,
            count(*) filter (where br.status in ('pending', 'in_progress')) as open,
            max(br.quoted_price::text) filter (where br.business_user_id = ${first.userId}) as price
          from service_requests r join business_responses br on br.request_id = r.id
          where r.user_id = ${mixedCustomer.userId} and r.id <> ${template} group by r.id, r.status`),
      );
      for (const row of stored) {
        const shape = `${row.status}, ${row.accepted} accepted, ${row.open} open, quote 1 at ${row.price}`;
        // Booked at the price read, or not booked with quote 1 edited and still open.
        const expected = bookedTrials.has(row.id)
          ? 'assigned, 1 accepted, 0 open, quote 1 at 180.00'
          : 'open, 0 accepted, 1 open, quote 1 at 170.00';
        if (shape !== expected) problems.push(`${row.id}: ${shape}, expected ${expected}`);
      }
      expect(stored).toHaveLength(MIXED_TRIALS);
      expect(problems.slice(0, 20)).toEqual([]);
      console.log(
        `${database.name} mixed: ${MIXED_TRIALS} trials x 3, answers ${JSON.stringify(histogram(all))}`,
      );
    });

    /** The quote trials' requests: open, with one quote of each business (counter offers use them). */
    let quoted: { requestId: string; responses: { id: string; businessUserId: string }[] }[] = [];
    let quoteCustomer: Awaited<ReturnType<TestApp['signUp']>>;

    it(`stores one quote when a business sends it twice at once (${QUOTE_TRIALS} trials)`, async () => {
      quoteCustomer = await t.signUp({ name: 'Quote Customer' });
      const template = await postRequest(quoteCustomer.cookie);
      const trials = await copiesOf(template, QUOTE_TRIALS, false);
      const problems: string[] = [];
      const all: Answer[] = [];
      await inParallel(trials, WIDTH, async ({ requestId }) => {
        const respond = (cookie: string) =>
          call(`/api/business/requests/${requestId}/responses`, cookie, quote);
        const [a, again, b] = await Promise.all([
          respond(first.cookie),
          respond(first.cookie),
          respond(second.cookie),
        ]);
        all.push(a!, again!, b!);
        const firsts = [a!, again!];
        if (firsts.filter((x) => x.status === 201).length !== 1)
          problems.push(`${requestId}: ${firsts.map((x) => x.status)}`);
        problems.push(
          ...loserProblems(
            firsts.filter((x) => x.status !== 201),
            requestId,
          ),
        );
        if (b!.status !== 201) problems.push(`${requestId}: the other business got ${b!.status}`);
      });
      const stored = rowsOf<{ request_id: string; business_user_id: string; id: string }>(
        await t.db.execute(sql`select br.request_id, br.business_user_id, br.id from business_responses br
          join service_requests r on r.id = br.request_id
          where r.user_id = ${quoteCustomer.userId} and r.id <> ${template}`),
      );
      const byRequest = new Map<string, { id: string; businessUserId: string }[]>();
      for (const r of stored) {
        byRequest.set(r.request_id, [
          ...(byRequest.get(r.request_id) ?? []),
          { id: r.id, businessUserId: r.business_user_id },
        ]);
      }
      for (const { requestId } of trials) {
        const rows = byRequest.get(requestId) ?? [];
        const fromFirst = rows.filter((r) => r.businessUserId === first.userId).length;
        if (rows.length !== 2 || fromFirst !== 1)
          problems.push(`${requestId}: ${rows.length} quotes, ${fromFirst} from the first business`);
      }
      expect(problems.slice(0, 20)).toEqual([]);
      quoted = [...byRequest].map(([requestId, responses]) => ({ requestId, responses }));
      console.log(
        `${database.name} quotes: ${QUOTE_TRIALS} trials, answers ${JSON.stringify(histogram(all))}`,
      );
    });

    it(`stores one review when the customer sends it three times at once (${REVIEW_TRIALS} trials)`, async () => {
      const jobs = booked.slice(0, REVIEW_TRIALS);
      expect(jobs).toHaveLength(REVIEW_TRIALS);
      // Completed by the business, through the API.
      await inParallel(jobs, WIDTH, async (job) => {
        const res = await call(`/api/business/jobs/${job.responseId}/complete`, job.businessCookie, {});
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      });
      const problems: string[] = [];
      const all: Answer[] = [];
      await inParallel(jobs, WIDTH, async (job) => {
        const review = () => call('/api/reviews', customer.cookie, { responseId: job.responseId, rating: 5 });
        const answers = await Promise.all([review(), review(), review()]);
        all.push(...answers);
        if (answers.filter((a) => a.status === 201).length !== 1)
          problems.push(`${job.responseId}: ${answers.map((a) => a.status)}`);
        problems.push(
          ...loserProblems(
            answers.filter((a) => a.status !== 201),
            job.responseId,
          ),
        );
      });
      const counts = rowsOf<{ response_id: string; n: number | string }>(
        await t.db.execute(
          sql`select response_id, count(*) as n from reviews where user_id = ${customer.userId} group by response_id`,
        ),
      );
      const reviewed = new Map(counts.map((c) => [c.response_id, Number(c.n)]));
      for (const job of jobs) {
        if (reviewed.get(job.responseId) !== 1)
          problems.push(`${job.responseId}: ${reviewed.get(job.responseId) ?? 0} reviews`);
      }
      expect(problems.slice(0, 20)).toEqual([]);
      console.log(
        `${database.name} reviews: ${REVIEW_TRIALS} trials x 3, answers ${JSON.stringify(histogram(all))}`,
      );
    });

    /**
     * Two answers to one form sent twice at once with one key: one ran (not replayed); the other is
     * 409 (still running) or the same answer replayed.
     */
    function keyedProblems(answers: Answer[], ok: number, label: string): string[] {
      const ran = answers.filter((a) => a.status === ok && !a.isReplayed);
      if (ran.length !== 1)
        return [`${label}: ${answers.map((a) => `${a.status}${a.isReplayed ? 'r' : ''}`)}`];
      return answers
        .filter((a) => a !== ran[0])
        .filter(
          (a) =>
            !(a.status === 409 && a.body?.message) &&
            !(a.status === ok && a.isReplayed && JSON.stringify(a.body) === JSON.stringify(ran[0]!.body)),
        )
        .map((a) => `${label}: ${a.status} ${JSON.stringify(a.body)}`);
    }

    it(`stores one request, message or counter offer for a form sent twice at once with one Idempotency-Key (${FORM_TRIALS} trials each)`, async () => {
      const problems: string[] = [];
      const all: Answer[] = [];
      const twice = async (path: string, cookie: string, body: unknown, key?: string) => {
        const answers = await Promise.all([call(path, cookie, body, key), call(path, cookie, body, key)]);
        all.push(...answers);
        return answers;
      };
      const trials = Array.from({ length: FORM_TRIALS }, (_, i) => i);

      // Requests. With a key: one row per key. Without: the domain lets a customer post the same job
      // twice (nothing tells a repeat from a second job), so both are stored.
      const poster = await t.signUp({ name: 'Form Customer' });
      await inParallel(trials, WIDTH, async (i) => {
        problems.push(
          ...keyedProblems(
            await twice('/api/requests', poster.cookie, POOL_REQUEST, `request-${i}`),
            201,
            `request ${i}`,
          ),
        );
      });
      const unkeyedPoster = await t.signUp({ name: 'Second Form Customer' });
      const unkeyed = await twice('/api/requests', unkeyedPoster.cookie, POOL_REQUEST);
      if (unkeyed.some((a) => a.status !== 201))
        problems.push(`unkeyed requests: ${unkeyed.map((a) => a.status)}`);
      const requestCount = async (userId: string) =>
        Number(
          rowsOf<{ n: number | string }>(
            await t.db.execute(sql`select count(*) as n from service_requests where user_id = ${userId}`),
          )[0]!.n,
        );
      expect(await requestCount(poster.userId)).toBe(FORM_TRIALS);
      expect(await requestCount(unkeyedPoster.userId)).toBe(2);

      // Messages, on booked jobs: with a key one row; without a key and clientId two (a chat may say
      // the same thing twice); with the web app's clientId one.
      const chats = booked.slice(REVIEW_TRIALS, REVIEW_TRIALS + FORM_TRIALS);
      expect(chats).toHaveLength(FORM_TRIALS);
      await inParallel(chats, WIDTH, async (job, i) => {
        const path = `/api/conversations/${job.responseId}/messages`;
        const answers = await twice(
          path,
          customer.cookie,
          { message: 'Is Thursday still good?' },
          `message-${i}`,
        );
        problems.push(...keyedProblems(answers, 201, `message ${i}`));
      });
      const [plain, withClientId] = chats as [(typeof chats)[number], (typeof chats)[number]];
      const plainAnswers = await twice(`/api/conversations/${plain.responseId}/messages`, customer.cookie, {
        message: 'Hello twice',
      });
      if (plainAnswers.some((a) => a.status !== 201))
        problems.push(`unkeyed messages: ${plainAnswers.map((a) => a.status)}`);
      const clientId = randomUUID();
      const retried = await twice(`/api/conversations/${withClientId.responseId}/messages`, customer.cookie, {
        message: 'Hello once',
        clientId,
      });
      if (retried.some((a) => a.status >= 300))
        problems.push(`clientId messages: ${retried.map((a) => a.status)}`);
      const messageCounts = rowsOf<{ response_id: string; message: string; n: number | string }>(
        await t.db.execute(sql`select response_id, message, count(*) as n from messages
          where sender_id = ${customer.userId} and message_type = 'text' group by response_id, message`),
      );
      const countOf = (responseId: string, message: string) =>
        Number(messageCounts.find((m) => m.response_id === responseId && m.message === message)?.n ?? 0);
      for (const job of chats) {
        if (countOf(job.responseId, 'Is Thursday still good?') !== 1)
          problems.push(
            `${job.responseId}: keyed message stored ${countOf(job.responseId, 'Is Thursday still good?')} times`,
          );
      }
      expect(countOf(plain.responseId, 'Hello twice')).toBe(2);
      expect(countOf(withClientId.responseId, 'Hello once')).toBe(1);

      // Counter offers, on the quote trials' open requests: with a key one; without, still one — the
      // domain refuses a second while one is pending (409), and the request row lock makes that hold.
      const offers = quoted.slice(0, FORM_TRIALS);
      expect(offers).toHaveLength(FORM_TRIALS);
      const counterOffer = { quotedPrice: 150, message: 'Could you do it for $150?' };
      await inParallel(offers, WIDTH, async ({ responses }, i) => {
        const [keyed, bare] = [responses[0]!, responses[1]!];
        const withKey = await twice(
          `/api/offers/${keyed.id}/counter-offer`,
          quoteCustomer.cookie,
          counterOffer,
          `counter-${i}`,
        );
        problems.push(...keyedProblems(withKey, 200, `counter offer ${i}`));
        const withoutKey = await twice(
          `/api/offers/${bare.id}/counter-offer`,
          quoteCustomer.cookie,
          counterOffer,
        );
        if (withoutKey.filter((a) => a.status === 200).length !== 1)
          problems.push(`unkeyed counter offer ${i}: ${withoutKey.map((a) => a.status)}`);
        problems.push(
          ...loserProblems(
            withoutKey.filter((a) => a.status !== 200),
            `unkeyed counter offer ${i}`,
          ),
        );
      });
      const counterCounts = rowsOf<{ response_id: string; n: number | string }>(
        await t.db.execute(sql`select response_id, count(*) as n from messages
          where sender_id = ${quoteCustomer.userId} and message_type = 'counter_offer' group by response_id`),
      );
      const counters = new Map(counterCounts.map((c) => [c.response_id, Number(c.n)]));
      for (const { responses } of offers) {
        for (const r of responses)
          if (counters.get(r.id) !== 1) problems.push(`${r.id}: ${counters.get(r.id) ?? 0} counter offers`);
      }

      expect(problems.slice(0, 20)).toEqual([]);
      expect(all.filter((a) => a.status >= 500)).toEqual([]);
      console.log(
        `${database.name} forms: ${FORM_TRIALS} trials each of requests, messages, counter offers; answers ${JSON.stringify(histogram(all))}`,
      );
    });
  });
}
