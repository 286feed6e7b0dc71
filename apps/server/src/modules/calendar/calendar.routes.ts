import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

/** Calendars (issue 32): a booking's .ics file and each account's private feed. */
// eslint-disable-next-line @typescript-eslint/require-await -- filled in by the calendar work
export async function calendarRoutes(_app: FastifyInstance, _opts: { db: Db; config: Config }) {}
