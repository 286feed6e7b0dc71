import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await opts.database.ping();
      return { status: 'ready', database: opts.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });
}
