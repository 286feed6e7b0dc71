import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

/** Disputes (issue 32): the business answers, the customer accepts or escalates, an administrator decides. */
// eslint-disable-next-line @typescript-eslint/require-await -- filled in by the disputes work
export async function disputeRoutes(_app: FastifyInstance, _opts: { db: Db; config: Config }) {}
