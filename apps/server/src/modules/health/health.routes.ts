import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/**
 * Liveness (/healthz: the process answers) and readiness (/readyz: it should be sent new work — the
 * database answers and the process is not draining for a shutdown, infrastructure/shutdown.ts).
 */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (app.grip.draining) {
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .send({ status: 'draining', message: 'This process is shutting down.' });
    }
    try {
      await opts.database.ping();
      return { status: 'ready', database: opts.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });
}
