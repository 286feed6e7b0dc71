import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

// Placeholder registration; the module's routes are being written.
export async function opportunityRoutes(_app: FastifyInstance, _opts: { db: Db; config: Config }) {}
