import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { absoluteEndOf, type Auth } from '../auth/auth';
import type { AuthSession } from '../auth/auth-session';
import { AUTH_MESSAGES } from '@grip/domain';
import { AuthThrottle } from '../auth/auth-throttle';
import { SignUpExistsLimit } from '../auth/sign-up-exists-limit';
import type { SessionCache } from '../auth/session-cache';
import type { Config } from '../config';
import type { RateLimits } from '../lib/rate-limits';
import { Invalid, NotFound, TooManyRequests, Unauthorized, Unavailable } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, or null; read once per request. */
    getSession(): Promise<AuthSession | null>;
    /** The signed-in session, or a 401. */
    requireSession(): Promise<AuthSession>;
  }
}

export const AUTH_ROUTE = '/api/auth/*';

/**
 * A route hook that answers 401 to a signed-out caller before its body is validated, so a visitor
 * hears "sign in", not what was wrong with a body it may not send at all.
 */
export async function signedInFirst(request: FastifyRequest): Promise<void> {
  await request.requireSession();
}

/**
 * Auth endpoints limited to AUTH_RATE_LIMIT requests a minute, each per address and path and, where
 * the body names an account, per email too (so spreading guesses over many IPs does not help), except
 * from the addresses that account recently signed in from (auth/auth-throttle.ts).
 */
const LIMITED_PATHS = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/social',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/send-verification-email',
  // Two-factor: these check the password, and the verify paths a 6-digit code (the plugin also caps
  // the tries per sign-in and locks an account's codes after many wrong ones in a row).
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/disable',
  '/api/auth/two-factor/get-totp-uri',
  '/api/auth/two-factor/generate-backup-codes',
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
]);

const SIGN_UP_PATH = '/api/auth/sign-up/email';
/** Better Auth's codes for "this email already has an account". */
const ACCOUNT_EXISTS_CODES = new Set(['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']);

/** Auth POSTs that only start a session (or a second step): every other one may end or change one. */
const SIGN_IN_PATHS = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/social',
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
]);

/** The session cookie's value as sent (Better Auth's signed token), plain or __Secure- prefixed. */
export function sessionCookieOf(cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === 'grip.session_token' || name === '__Secure-grip.session_token') {
      return part.slice(eq + 1).trim() || null;
    }
  }
  return null;
}

/** The new session cookie a response sets (not one it clears), or null. */
function sessionCookieSet(headers: Headers): string | null {
  for (const cookie of headers.getSetCookie()) {
    const value = sessionCookieOf(cookie.split(';')[0] ?? '');
    if (value) return value;
  }
  return null;
}

/** The signed-in account's email in a sign-in answer ({ user: { email } }), or null. */
function emailOf(body: string): string | null {
  try {
    const email = (JSON.parse(body) as { user?: { email?: unknown } } | null)?.user?.email;
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}

function copyHeaders(from: Headers, reply: FastifyReply) {
  from.forEach((value, key) => {
    if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
  });
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/**
 * Mounts Better Auth at /api/auth/* (converted to a Fetch Request) and gives every route
 * request.getSession()/requireSession(). Session refreshes are forwarded as cookies.
 */
export async function registerAuth(
  app: FastifyInstance,
  auth: Auth,
  config: Config,
  cache: SessionCache,
  limits: RateLimits,
) {
  const throttle = new AuthThrottle(limits, config.authRateLimit, 60);
  const signUpExists = new SignUpExistsLimit(limits, config.signUpExistsLimit);

  app.decorateRequest('getSession', function getSession(this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.decorateRequest('requireSession', function requireSession(this: FastifyRequest) {
    throw new Error('replaced per request');
  });

  app.addHook('onRequest', (request, reply, done) => {
    let cached: Promise<AuthSession | null> | null = null;
    request.getSession = () => {
      cached ??= (async () => {
        // No session cookie, no session: Better Auth need not be asked.
        const key = request.headers.cookie ? sessionCookieOf(request.headers.cookie) : null;
        if (key === null) return null;
        const hit = cache.get(key, Date.now());
        if (hit) return hit;
        const result = await auth.api
          .getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true })
          .catch(async (err: unknown) => {
            // Better Auth wraps a failed query in its own 500: a database that is down is a 503.
            throw (await databaseAnswers(app)) ? err : new Unavailable();
          });
        const cookies = result.headers?.getSetCookie() ?? [];
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        let session = (result.response as AuthSession | null) ?? null;
        if (session?.session.createdAt && absoluteEndOf(session.session.createdAt).getTime() <= Date.now()) {
          // Past its absolute end (SESSION_ABSOLUTE_SECONDS) however recently used: ended here for
          // good, so that Better Auth's own endpoints refuse it too. (Sessions refreshed since that
          // rule came in already end there by their expiry; this catches the older ones.)
          await (await auth.$context).internalAdapter.deleteSession(session.session.token);
          cache.dropSession(session.session.id);
          session = null;
        }
        // A refreshed cookie means a new value: the next request looks it up afresh.
        if (session && cookies.length === 0) cache.set(key, session, Date.now());
        return session;
      })();
      return cached;
    };
    request.requireSession = async () => {
      const session = await request.getSession();
      if (!session) throw new Unauthorized();
      return session;
    };
    done();
  });

  // The account's own writes may change what its sessions say (its name, its other sessions, the
  // account itself): its cached sessions are forgotten before the answer goes out. Changes made
  // anywhere else reach the cache through the database's announcement (SessionCache).
  app.addHook('onSend', (request, _reply, payload, done) => {
    const { method, url, headers } = request;
    const ownWrite =
      method !== 'GET' &&
      method !== 'HEAD' &&
      (url.startsWith('/api/me/') || url.startsWith('/api/session/'));
    const key = ownWrite && headers.cookie ? sessionCookieOf(headers.cookie) : null;
    const session = key === null ? null : cache.get(key, Date.now());
    if (session) cache.dropUser(session.user.id);
    done(null, payload);
  });

  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: AUTH_ROUTE,
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, config.publicUrl);
      // Better Auth resolves dot segments; a path that changes when resolved would dodge the limits.
      if (url.pathname !== request.url.split('?')[0]) throw new NotFound('No such endpoint.');
      const bodyEmail = (request.body as { email?: unknown } | null)?.email;
      const email = typeof bodyEmail === 'string' ? bodyEmail : null;
      if (request.method === 'POST' && LIMITED_PATHS.has(url.pathname)) {
        const wait = await throttle.hit(url.pathname, request.ip, email);
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          throw new TooManyRequests();
        }
      }
      const isSignUp = request.method === 'POST' && url.pathname === SIGN_UP_PATH;
      if (isSignUp) {
        // This address (or this email) has had its share of "already exists" answers this hour.
        const wait = await signUpExists.wait(request.ip, email);
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          throw new TooManyRequests(AUTH_MESSAGES.signUpLimited);
        }
      }
      const signsIn = request.method === 'POST' && SIGN_IN_PATHS.has(url.pathname);
      // The session this browser already had: a sign-in replaces it (below), never carries it on.
      const presented = signsIn && request.headers.cookie ? sessionCookieOf(request.headers.cookie) : null;
      const previous = presented
        ? ((await auth.api
            .getSession({ headers: fromNodeHeaders(request.headers), query: { disableRefresh: true } })
            .catch(() => null)) as AuthSession | null)
        : null;
      const hasBody = request.method === 'POST' && request.body !== undefined && request.body !== null;
      // PostgreSQL text cannot hold a NUL character or half of a UTF-16 pair: Better Auth would put
      // it in a query and answer 500 (a token of '\u0000' or '\ud800', a '%00' in a link). No real
      // value has one: refused as invalid.
      if (/%00/.test(request.url) || unstorable(request.query) || (hasBody && unstorable(request.body))) {
        throw new Invalid('Some of the values sent are not valid.');
      }
      const headers = fromNodeHeaders(request.headers);
      // The body is re-serialised below, so the original length no longer applies.
      headers.delete('content-length');
      // Better Auth records the client address from this header: give it the one Fastify trusts.
      headers.set('x-forwarded-for', request.ip);
      const response = await auth.handler(
        new Request(url, {
          method: request.method === 'HEAD' ? 'GET' : request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      // Sign-out, password changes and resets, revocations, two-factor changes, account deletion:
      // once they are done, no cached session may answer for what they ended or changed.
      if (request.method === 'POST' && !SIGN_IN_PATHS.has(url.pathname)) cache.clear();
      // Better Auth turns a failed query into its own 500: when the database is what failed (down
      // or restarting), say so with a 503, as every other route does (plugins/errors.ts).
      if (response.status >= 500 && !(await databaseAnswers(app))) {
        request.log.warn({ status: response.status }, 'database unavailable');
        throw new Unavailable();
      }
      reply.status(response.status);
      copyHeaders(response.headers, reply);
      let text = await response.text();
      if (isSignUp && response.status === 422) {
        const refusal = accountExistsRefusal(text);
        if (refusal) {
          await signUpExists.record(request.ip, email);
          text = refusal;
        }
      }
      const newSession = signsIn && response.status === 200 ? sessionCookieSet(response.headers) : null;
      if (newSession) {
        // Session id rotation: the session this browser came with ends now that it has a new one.
        if (previous && newSession !== presented) {
          await (await auth.$context).internalAdapter.deleteSession(previous.session.token);
          cache.dropSession(previous.session.id);
        }
        // The account now knows this address: hammering it from elsewhere does not lock it out here.
        const account = emailOf(text);
        if (account) await throttle.remember(account, request.ip);
      }
      if (response.status >= 500) {
        request.log.error({ status: response.status, body: text.slice(0, 500) }, 'auth handler failed');
        return reply.send({
          error: 'internal',
          message: 'Something went wrong on our side. Please try again.',
        });
      }
      if (request.method === 'HEAD') return reply.send();
      if (response.status >= 400)
        return reply.type('application/json').send(clearAuthRefusal(text, response.status));
      return reply.send(text.length > 0 ? text : null);
    },
  });
}

/** NUL, or a lone surrogate (half of a UTF-16 pair): text PostgreSQL refuses to store. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a parsed body or query has unstorable text in any string or key (bodies nest 32 deep at most). */
function unstorable(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(unstorable);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => UNSTORABLE.test(key) || unstorable(v));
  }
  return false;
}

/**
 * Better Auth's "User already exists. Use another email." in our words (the way in is to sign in,
 * not another address), or null when the refusal is something else.
 */
function accountExistsRefusal(text: string): string | null {
  try {
    const body = JSON.parse(text) as { code?: unknown } | null;
    if (typeof body?.code !== 'string' || !ACCOUNT_EXISTS_CODES.has(body.code)) return null;
    return JSON.stringify({ ...body, message: AUTH_MESSAGES.accountExists });
  } catch {
    return null;
  }
}

/** Our words for Better Auth's refusals that come without a message, or with a bare status name. */
const AUTH_REFUSALS: Record<number, string> = {
  400: 'The request could not be processed.',
  401: 'Please sign in to continue.',
  403: "You don't have permission to do that.",
  404: 'No such endpoint.',
  405: 'This method is not allowed here.',
  429: 'Too many attempts. Please wait a minute and try again.',
};

/**
 * Better Auth answers an unknown endpoint with an empty 404 and a missing session with the message
 * "Unauthorized": every 4xx of ours is JSON with a message a person can act on, so those get one.
 * Its own specific messages (and its `code`, which the web app reads) are kept as they are.
 */
function clearAuthRefusal(text: string, status: number): string {
  let body: unknown = null;
  try {
    body = text.length > 0 ? JSON.parse(text) : null;
  } catch {
    // Not JSON: replaced below.
  }
  const fields =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const message = typeof fields.message === 'string' ? fields.message.trim() : '';
  if (message && !/^(bad request|unauthorized|forbidden|not found|method not allowed)$/i.test(message)) {
    return JSON.stringify(fields);
  }
  return JSON.stringify({
    ...fields,
    message: AUTH_REFUSALS[status] ?? AUTH_REFUSALS[400],
  });
}

/** Whether the database answers now (the auth handler's 500s may be the database's absence). */
function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  return app.grip.database.ping().then(
    () => true,
    () => false,
  );
}
