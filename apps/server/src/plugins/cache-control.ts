import type { FastifyInstance } from 'fastify';

export const NO_STORE = 'no-store';

/**
 * No browser, proxy or CDN keeps an API answer: every `/api/*` answer (Better Auth's, errors and
 * refusals included) says `Cache-Control: no-store`, so a signed-in page's data (an address, a
 * conversation, a session) never lingers in a shared cache or on a shared computer's disk after
 * sign-out. Set as the request comes in, so that early answers carry it too.
 *
 * A route whose answer is the same for everyone may say otherwise on purpose (the service catalogue:
 * `public, max-age=300`); the live stream sets its own `no-cache, no-transform` (it is never stored
 * either). An error is never cacheable, whatever the route set before it failed.
 */
export function registerCacheControl(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (isApi(request.url)) reply.header('cache-control', NO_STORE);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && isApi(request.url)) reply.header('cache-control', NO_STORE);
    done(null, payload);
  });
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
