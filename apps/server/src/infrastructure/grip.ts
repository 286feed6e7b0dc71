import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import type { Auth } from '../auth/auth';
import type { SessionCache } from '../auth/session-cache';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { OutboxWorker } from '../jobs/outbox';
import type { RateLimits } from '../lib/rate-limits';
import type { LiveHub } from '../modules/live/live-hub';
import type { DemoLogin } from './demo-data';

/** What the app holds once built: its modules are handed their parts, tests and server.ts read it. */
export interface Grip {
  config: Config;
  database: Database;
  auth: Auth;
  outbox: OutboxWorker;
  /** Live updates for the tabs connected to this process. */
  live: LiveHub;
  /**
   * Set when the process was asked to stop (infrastructure/shutdown.ts): /readyz answers 503 so a load
   * balancer sends new work elsewhere while what is in flight finishes.
   */
  draining: boolean;
  /** The demo accounts when this database has them; server.ts prints them. */
  demoLogins: DemoLogin[] | null;
  /** Recently checked sessions; code that ends another account's sessions forgets them here. */
  sessions: SessionCache;
  /** Every rate limit (lib/rate-limits.ts): shared by all processes on PostgreSQL. */
  limits: RateLimits;
  /**
   * Every route as registered ('GET /api/requests/:id'), hidden ones included: the reliability
   * suite checks each against its access-control and cross-site expectations.
   */
  routes: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    grip: Grip;
  }
}

/**
 * One piece of the app's infrastructure as a Fastify plugin of the app itself (Fastify's
 * 'skip-override', which fastify-plugin sets): its hooks are the app's, and what it starts it puts on
 * app.grip for the plugins registered after it. Each one closes what it opened in its own hooks, so a
 * start that fails part-way is undone by closing the app (app.ts).
 */
export function appPlugin<Options extends FastifyPluginOptions = Record<never, never>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
  });
}
