import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { blockRoutes } from './blocks.routes';
import { reportQueueRoutes } from './report-queue.routes';
import { reportRoutes } from './reports.routes';

/**
 * Block and report (issue 32), and the administrators' moderation queue: each part a plugin of its
 * own, so the sign-in hook of the first two and the administrators' refusal text of the last stay
 * with their routes.
 */
export async function moderationRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  await app.register(blockRoutes, { db: opts.db });
  await app.register(reportRoutes, { db: opts.db });
  await app.register(reportQueueRoutes, { db: opts.db });
}
