import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth';
import type { SessionCache } from '../auth/session-cache';
import type { Config } from '../config';
import { NotFound, TooManyRequests, Unauthorized } from '../lib/errors';
import { RateLimiter } from '../lib/rate-limiter';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export interface AuthSession {
  user: SessionUser;
  session: { id: string; token: string };
}

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
 * Auth endpoints limited to AUTH_RATE_LIMIT requests a minute, each per IP and path and, where
 * the body names an account, per email too (so spreading guesses over many IPs does not help).
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

/** Auth POSTs that only start a session (or a second step): every other one may end or change one. */
const SIGN_IN_PATHS = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/sign-in/social',
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
]);

/** The session cookie's value as sent (Better Auth's signed token), plain or __Secure- prefixed. */
function sessionCookieOf(cookieHeader: string): string | null {
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
export async function registerAuth(app: FastifyInstance, auth: Auth, config: Config, cache: SessionCache) {
  const limiter = new RateLimiter(config.authRateLimit, 60_000);

  app.decorateRequest('getSession', function getSession(this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.decorateRequest('requireSession', function requireSession(this: FastifyRequest) {
    throw new Error('replaced per request');
  });

  app.addHook('onRequest', async (request, reply) => {
    let cached: Promise<AuthSession | null> | null = null;
    request.getSession = () => {
      cached ??= (async () => {
        // No session cookie, no session: Better Auth need not be asked.
        const key = request.headers.cookie ? sessionCookieOf(request.headers.cookie) : null;
        if (key === null) return null;
        const hit = cache.get(key, Date.now());
        if (hit) return hit;
        const result = await auth.api.getSession({
          headers: fromNodeHeaders(request.headers),
          returnHeaders: true,
        });
        const cookies = result.headers?.getSetCookie() ?? [];
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        const session = (result.response as AuthSession | null) ?? null;
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
  });

  // The account's own writes may change what its sessions say (its name, its other sessions, the
  // account itself): its cached sessions are forgotten before the answer goes out. Changes made
  // anywhere else reach the cache through the database's announcement (SessionCache).
  app.addHook('onSend', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.headers.cookie) return;
    if (!request.url.startsWith('/api/me/') && !request.url.startsWith('/api/session/')) return;
    const key = sessionCookieOf(request.headers.cookie);
    const session = key === null ? null : cache.get(key, Date.now());
    if (session) cache.dropUser(session.user.id);
  });

  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: AUTH_ROUTE,
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, config.publicUrl);
      // Better Auth resolves dot segments; a path that changes when resolved would dodge the limits.
      if (url.pathname !== request.url.split('?')[0]) throw new NotFound('No such endpoint.');
      if (request.method === 'POST' && LIMITED_PATHS.has(url.pathname)) {
        const email = (request.body as { email?: unknown } | null)?.email;
        const keys = [`ip|${url.pathname}|${request.ip}`];
        if (typeof email === 'string') keys.push(`email|${url.pathname}|${email.trim().toLowerCase()}`);
        const wait = Math.max(...keys.map((key) => limiter.hit(key)));
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          throw new TooManyRequests();
        }
      }
      const hasBody = request.method === 'POST' && request.body !== undefined && request.body !== null;
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
      reply.status(response.status);
      copyHeaders(response.headers, reply);
      const text = await response.text();
      if (response.status >= 500) {
        request.log.error({ status: response.status, body: text.slice(0, 500) }, 'auth handler failed');
        return reply.send({
          error: 'internal',
          message: 'Something went wrong on our side. Please try again.',
        });
      }
      if (request.method === 'HEAD') return reply.send();
      return reply.send(text.length > 0 ? text : null);
    },
  });
}
