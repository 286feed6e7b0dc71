import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { configureFormats } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { authentication } from './infrastructure/auth';
import { database } from './infrastructure/database';
import { demoSeed } from './infrastructure/demo-seed';
import { createFastify } from './infrastructure/fastify-instance';
import { liveHub } from './infrastructure/live-hub';
import { outbox } from './infrastructure/outbox';
import { rateLimits } from './infrastructure/rate-limits';
import { requestPipeline } from './infrastructure/request-pipeline';
import { sessionCaches } from './infrastructure/session-caches';
import { modules } from './modules';
import { createGeocoder } from './modules/geo/geocoder';
import { vapidKeyStore } from './modules/push/vapid-keys';
import { loadFirstScreenRenderer } from './plugins/server-render';
import { findWebDist, registerStaticWeb } from './plugins/static-web';

/**
 * Builds the whole application: database (migrated and seeded), auth, plugins and modules.
 * Never listens; server.ts does that, and tests use app.inject(). A test may hand in the database
 * (already open; the app migrates it and closes it with itself), the DNS resolver push endpoints
 * are checked and connected with, and a stream for the log.
 */
export async function buildApp(
  config: Config,
  given: {
    database?: Database;
    lookup?: LookupFunction;
    logStream?: { write(line: string): void };
  } = {},
): Promise<FastifyInstance> {
  // Every amount and date the server writes (emails, notifications, messages) in the platform's formats.
  configureFormats(config.formats);
  const app = createFastify(config, given.logStream);
  // The resolver push endpoints are checked with; tests hand in their own (no DNS on a test machine).
  const lookup = given.lookup ?? (dns.lookup as LookupFunction);
  const geocoder = createGeocoder(config);
  try {
    // The infrastructure, in start order; each closes what it started, in reverse order on close:
    // live streams end first (before the server closes), the database closes last.
    await app.register(database, { given: given.database });
    await app.register(rateLimits);
    await app.register(authentication);
    await app.register(demoSeed, { geocoder });
    const vapidKeys = vapidKeyStore(app.grip.database.db, config);
    await app.register(outbox, { vapidKeys, lookup });
    await app.register(liveHub);
    await app.register(sessionCaches);
    // Before any route: errors, security headers, OpenAPI, sessions, administrators, Idempotency-Key.
    await app.register(requestPipeline);
    const deps = { ...app.grip, db: app.grip.database.db, geocoder, vapidKeys, lookup };
    for (const module of modules) await module.register(app, deps);
    const webDist = findWebDist(config.webDistDir);
    if (webDist) {
      const drawFirstScreen = await loadFirstScreenRenderer(app, webDist, () => app.grip.live.position());
      await registerStaticWeb(app, webDist, drawFirstScreen);
    }
  } catch (err) {
    // A start that failed part-way leaves nothing open: what started closes as on a shutdown.
    await app.close().catch(() => {});
    throw err;
  }
  return app;
}
