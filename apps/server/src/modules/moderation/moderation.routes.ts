import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

/** Block and report (issue 32), and the administrators' moderation queue. */
// eslint-disable-next-line @typescript-eslint/require-await -- filled in by the moderation work
export async function moderationRoutes(_app: FastifyInstance, _opts: { db: Db; config: Config }) {}
