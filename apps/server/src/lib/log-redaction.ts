export const HIDDEN = '[hidden]';

/** Query parameters that carry a one-time secret: emailed tokens, an identity provider's code and state. */
const SECRET_PARAMS = /([?&](?:token|code|state|otp)=)[^&#]*/gi;
/** Better Auth's emailed reset link carries its token in the path: /api/auth/reset-password/<token>. */
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/i;
/** A calendar feed's URL is its secret (issue 32): /api/calendar/<token>.ics. */
const FEED_PATH = /(\/api\/calendar\/)[^/?#]+/i;

/**
 * A URL as it may be written to the log: the secret of an emailed link (a password reset or an
 * address confirmation signs in whoever holds it for an hour), of an identity provider's callback or
 * of a calendar feed replaced with [hidden], the rest kept for reading the log.
 */
export function redactUrl(url: string): string {
  return url
    .replace(SECRET_PATH, `$1${HIDDEN}`)
    .replace(FEED_PATH, `$1${HIDDEN}`)
    .replace(SECRET_PARAMS, `$1${HIDDEN}`);
}

/** What Fastify hands its request serializer: its own request (typed by Fastify as the raw one). */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/**
 * Fastify's request serializer (the `req` of each "incoming request" line) with the URL redacted.
 * The same fields as Fastify's own.
 */
export function requestLogSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
