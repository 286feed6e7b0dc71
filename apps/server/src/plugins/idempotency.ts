import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, Conflict, Invalid } from '../lib/errors';

/**
 * Idempotency-Key on POST (issue 10 §3), the way Stripe does it: a client that is unsure whether its
 * POST arrived (a timeout, a dropped connection, a double tap) sends it again with the same key and
 * gets the first answer back instead of a second booking, quote or message.
 *
 * - Where: every POST under /api/, except
 *   - Better Auth's /api/auth/* and our /api/session/*: their answers set and clear session cookies
 *     and a replay would hand back a stored answer without them (or, for a sign-in, answer for a
 *     session that has since ended); they are also callable signed out, where there is no caller to
 *     key by. Retrying a sign-in or a sign-out is harmless anyway.
 *   - multipart bodies (POST /api/uploads, the administrators' CSV import): the file is streamed to
 *     the handler, so its digest is known only after the handler has run, too late to refuse a
 *     reused key. A retried upload stores a second image that nothing refers to; the form that then
 *     posts the image's URL is what the key protects.
 *   On these the header is ignored, so a client may send a key on every POST.
 * - Whose: keys are per signed-in user, method and path. A visitor has nothing that cannot collide
 *   with another person (an IP is shared by a whole office; any value a visitor sends another
 *   could send), so a visitor's key is ignored — and every POST left to visitors answers 401 without
 *   writing anything (idempotency.test.ts proves it over the server's whole route list).
 * - The claim is an INSERT guarded by the primary key, never a read then a write: of two requests
 *   with one key arriving together exactly one runs; the other hears 409 while it runs, and the
 *   stored answer once it is done.
 * - Stored: the status, content type and body of every answer below 500 — a refusal included, as
 *   Stripe does once a request has started executing — except 429 (the limit passes; the retry
 *   should run then). A 5xx releases the key so a retry runs again. Nothing is stored for a request
 *   refused before its handler ran (401, invalid body): those never started.
 * - The same key with another body (or query) answers 422. Keys expire after 24 hours: an older row
 *   is treated as absent and purged hourly. A row left in flight by a process that died is taken
 *   over after IN_FLIGHT_LEASE_MS.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** Longer than any request takes (deliveries go through the outbox, never inside a request). */
export const IN_FLIGHT_LEASE_MS = 5 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 1 to 255 printable characters.',
  reused: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
} as const;

/**
 * For the OpenAPI description (infrastructure/request-pipeline.ts): the header is described once for
 * the whole API.
 */
export const IDEMPOTENCY_OPENAPI_NOTE =
  'Every POST under /api/ (except /api/auth/*, /api/session/* and file uploads, where it is ignored) ' +
  'accepts an optional `Idempotency-Key` header of 1 to 255 printable characters, per signed-in user. ' +
  'A retry with the same key and body gets the first answer again, marked `Idempotent-Replayed: true`, ' +
  'without running twice; the same key with another body answers 422, and while the first request ' +
  'is still running 409. Answers of 500 and above (and 429) are not kept. Keys expire after 24 hours.';

const PRINTABLE_KEY = /^[\x20-\x7e]{1,255}$/;

/** 'Unprocessable': the key was used for something else (Stripe answers the same). */
class IdempotencyKeyReused extends AppError {
  constructor() {
    super(422, 'idempotency_key_reused', IDEMPOTENCY_MESSAGES.reused);
  }
}

interface Claim {
  userId: string;
  path: string;
  key: string;
  claimId: string;
}

/** True for the POSTs that take a key (see above for those left out and why). */
export function takesIdempotencyKey(request: FastifyRequest): boolean {
  if (request.method !== 'POST') return false;
  const path = request.url.split('?')[0]!;
  if (!path.startsWith('/api/') || path.startsWith('/api/auth/') || path.startsWith('/api/session/'))
    return false;
  // Its answer is a secret URL, and only its hash may be stored (issue 32): never kept as an answer.
  if (path === '/api/me/calendar-feed') return false;
  return !String(request.headers['content-type'] ?? '').startsWith('multipart/');
}

/** Objects with their keys in order, so `{a, b}` and `{b, a}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function requestHash(request: FastifyRequest): string {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  // Bodies nest 32 levels at most (plugins/json-body.ts), so walking them is safe.
  const body = JSON.stringify([query, canonical(request.body ?? null)]);
  return createHash('sha256').update(body).digest('hex');
}

/** The row of a caller's key (its primary key). */
function rowOf(claim: Claim, method: string) {
  return and(
    eq(idempotencyKeys.userId, claim.userId),
    eq(idempotencyKeys.method, method),
    eq(idempotencyKeys.path, claim.path),
    eq(idempotencyKeys.key, claim.key),
  );
}

/** The key sent, or null; a malformed one is the client's mistake (400). */
function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  // Node joins a repeated header into one value (', '), so one string is all there is to check.
  if (typeof raw !== 'string' || !PRINTABLE_KEY.test(raw)) throw new Invalid(IDEMPOTENCY_MESSAGES.invalidKey);
  return raw;
}

/** The key a request sent, with the digest of its body as sent. */
interface SentKey {
  key: string;
  hash: string;
}

export function registerIdempotency(app: FastifyInstance, db: Db) {
  const hashes = new WeakMap<FastifyRequest, SentKey>();
  const claims = new WeakMap<FastifyRequest, Claim>();

  // These hooks run on every request: they stay synchronous (no promise) unless a key was sent.
  // Before validation, so the digest is of the body as sent (validation may trim and fill defaults).
  app.addHook('preValidation', (request, _reply, done) => {
    const key = takesIdempotencyKey(request) ? keyOf(request) : null;
    if (key !== null) hashes.set(request, { key, hash: requestHash(request) });
    done();
  });

  // After validation, so a request refused for its input never claims the key (it never started).
  app.addHook('preHandler', (request, reply, done) => {
    const sent = hashes.get(request);
    if (!sent) return done();
    claimKey(request, reply, sent).then(() => done(), done);
  });

  /** Claims the key for this request, or answers with the answer kept for it. */
  async function claimKey(request: FastifyRequest, reply: FastifyReply, sent: SentKey) {
    const session = await request.getSession();
    if (!session) return;
    const claim: Claim = {
      userId: session.user.id,
      path: request.url.split('?')[0]!,
      key: sent.key,
      claimId: randomUUID(),
    };
    const byKey = rowOf(claim, request.method);
    // Two rounds at most: a row that vanished or expired between our insert and our read is retried.
    for (let round = 0; round < 3; round += 1) {
      const now = new Date();
      const [inserted] = await db
        .insert(idempotencyKeys)
        .values({
          userId: claim.userId,
          method: request.method,
          path: claim.path,
          key: claim.key,
          requestHash: sent.hash,
          claimId: claim.claimId,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ claimId: idempotencyKeys.claimId });
      if (inserted) {
        claims.set(request, claim);
        return;
      }
      const [existing] = await db.select().from(idempotencyKeys).where(byKey);
      if (!existing) continue;
      const age = now.getTime() - existing.createdAt.getTime();
      const isAbandoned = existing.statusCode === null && age > IN_FLIGHT_LEASE_MS;
      if (age > IDEMPOTENCY_KEY_TTL_MS || isAbandoned) {
        // Taken over only if nobody else took it first: the claim id seen is the guard.
        const [taken] = await db
          .update(idempotencyKeys)
          .set({
            requestHash: sent.hash,
            claimId: claim.claimId,
            statusCode: null,
            contentType: null,
            responseBody: null,
            createdAt: now,
          })
          .where(and(byKey, eq(idempotencyKeys.claimId, existing.claimId)))
          .returning({ claimId: idempotencyKeys.claimId });
        if (taken) {
          claims.set(request, claim);
          return;
        }
        continue;
      }
      if (existing.requestHash !== sent.hash) throw new IdempotencyKeyReused();
      if (existing.statusCode === null) throw new Conflict(IDEMPOTENCY_MESSAGES.inFlight);
      reply.status(existing.statusCode).header(REPLAYED_HEADER, 'true');
      if (existing.contentType) reply.header('content-type', existing.contentType);
      reply.send(existing.responseBody ?? undefined);
      return;
    }
    throw new Conflict(IDEMPOTENCY_MESSAGES.inFlight);
  }

  // The answer is kept before it leaves, so a retry that follows it always finds it stored.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = claims.get(request);
    if (!claim) return done(null, payload);
    claims.delete(request);
    keepAnswer(request, reply, claim, payload).then(() => done(null, payload), done);
  });

  async function keepAnswer(request: FastifyRequest, reply: FastifyReply, claim: Claim, payload: unknown) {
    // Only while the row is still ours: a takeover after our lease gave it another claim id.
    const byClaim = and(rowOf(claim, request.method), eq(idempotencyKeys.claimId, claim.claimId));
    const status = reply.statusCode;
    const body =
      payload === null || payload === undefined
        ? null
        : typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : undefined; // a stream: not kept (no POST answers with one)
    try {
      if (status >= 500 || status === 429 || body === undefined) {
        await db.delete(idempotencyKeys).where(byClaim);
      } else {
        const contentType = reply.getHeader('content-type');
        await db
          .update(idempotencyKeys)
          .set({
            statusCode: status,
            contentType: typeof contentType === 'string' ? contentType : null,
            responseBody: body,
          })
          .where(byClaim);
      }
    } catch (err) {
      // The answer itself still goes out; the key stays in flight until its lease ends.
      request.log.warn({ err }, 'could not store the idempotent answer');
    }
  }

  const purge = () =>
    purgeExpiredIdempotencyKeys(db, new Date()).catch((err: unknown) =>
      app.log.warn({ err }, 'could not purge expired idempotency keys'),
    );
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(() => void purge(), PURGE_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/** Deletes the keys older than 24 hours (hourly, and by the test instead of waiting). */
export async function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)));
}
