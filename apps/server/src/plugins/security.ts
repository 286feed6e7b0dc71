import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { Forbidden } from '../lib/errors';
import { allowedOrigins } from '../lib/origins';

/**
 * Security headers (CSP, nosniff, frame-ancestors) and a CSRF guard: state-changing API calls must
 * come from our own origin when the browser says where they come from. Cookies are SameSite=Lax
 * and the API takes JSON only, so a cross-site form cannot post to it either.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  // A configured map style pulls tiles, glyphs and sprites from its own hosts (usually https), and
  // MapLibre runs its worker from a blob: URL.
  const mapConnect = config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin, 'https:'] : [];
  await app.register(helmet, {
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

  const allowed = new Set(allowedOrigins(config));

  // Every route, Better Auth's included: its own origin check only runs when a cookie is sent, and
  // not at all under NODE_ENV=test, so a sign-in posted from another site would otherwise pass.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin && !allowed.has(origin)) {
      throw new Forbidden('This request came from another site and was refused.');
    }
  });
}
