import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { Forbidden } from '../lib/errors';
import { allowedOrigins } from '../lib/origins';

/**
 * Security headers (CSP, nosniff, frame-ancestors) and a CSRF guard: state-changing API calls must
 * come from our own origin when the browser says where they come from. Cookies are SameSite=Lax
 * and the API takes JSON only, so a cross-site form cannot post to it either.
 */
export function registerSecurity(app: FastifyInstance, config: Config) {
  // The maps reach their style's origin and nothing wider: MapLibre fetches the style, its tiles,
  // glyphs and sprites (all on tiles.openfreemap.org for the default), and runs its worker from a
  // blob: URL. A style whose tiles live elsewhere shows the static preview instead.
  const mapConnect = config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : [];
  const securityHeadersOfEveryAnswer = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...mapConnect],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
  // Every answer, 404s and errors included; a route may still set its own (uploads: a stricter CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeadersOfEveryAnswer);
    done();
  });

  const allowed = new Set(allowedOrigins(config));

  // Every route, Better Auth's included: its own origin check only runs when a cookie is sent, and
  // not at all under NODE_ENV=test, so a sign-in posted from another site would otherwise pass.
  app.addHook('onRequest', (request, _reply, done) => {
    const { method, headers } = request;
    const origin = headers.origin;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || !origin || allowed.has(origin)) {
      return done();
    }
    done(new Forbidden('This request came from another site and was refused.'));
  });
}

/**
 * Helmet's headers for these options, worked out once. (@fastify/helmet built a new helmet, CSP
 * parsing and all, on every request: 13% of a signed-in trivial route's CPU, docs/performance.md.)
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
