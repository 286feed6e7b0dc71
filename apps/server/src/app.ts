import { randomUUID } from 'node:crypto';
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAuth, type Auth } from './auth/auth';
import { SESSION_CHANNEL, SessionCache } from './auth/session-cache';
import { cacheProfilesOf, ProfileCache } from './modules/profiles/profile-cache';
import type { Config } from './config';
import { openRateLimits, type RateLimits } from './lib/rate-limits';
import { openDatabase, type Database } from './db/client';
import { demoPassword, existingDemoLogins, seedDemo, type DemoLogin } from './db/demo';
import { isEmpty, seedReferenceData } from './db/seed';
import { OutboxWorker } from './jobs/outbox';
import { createSenders } from './jobs/senders';
import { requestLogSerializer } from './lib/log-redaction';
import { badgeRoutes } from './modules/badges/badges.routes';
import { bookingRoutes } from './modules/bookings/bookings.routes';
import { conversationRoutes } from './modules/conversations/conversations.routes';
import { businessProfileRoutes } from './modules/profiles/business-profile.routes';
import { businessFeedRoutes } from './modules/business-feed/business-feed.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { healthRoutes } from './modules/health/health.routes';
import { meRoutes } from './modules/me/me.routes';
import { notificationSettingsRoutes } from './modules/me/notification-settings.routes';
import { profileRoutes } from './modules/me/profile.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { directoryRoutes } from './modules/directory/directory.routes';
import { createGeocoder } from './modules/geo/geocoder';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { LiveHub } from './modules/live/live-hub';
import { liveRoutes } from './modules/live/live.routes';
import { pushRoutes } from './modules/push/push.routes';
import { vapidKeyStore } from './modules/push/vapid-keys';
import { adminDeliveryRoutes } from './modules/admin/deliveries.routes';
import { adminOverviewRoutes } from './modules/admin/overview.routes';
import { adminExportRoutes } from './modules/admin/exports.routes';
import { adminDirectoryRoutes } from './modules/admin/directory.routes';
import { adminAuditRoutes } from './modules/admin/audit.routes';
import { adminTestToolRoutes } from './modules/admin/test-tools.routes';
import { adminBusinessSearchRoutes } from './modules/admin/business-search.routes';
import { adminBulkUploadRoutes } from './modules/admin/bulk-upload.routes';
import { adminUserRoutes } from './modules/admin/users.routes';
import { grantSelfAdminRoutes } from './modules/admin/grant-self-admin.routes';
import { registerAdministratorGate } from './modules/admin/require-administrator';
import { offerRoutes } from './modules/offers/offers.routes';
import { opportunityRoutes } from './modules/opportunities/opportunities.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { marketRoutes } from './modules/market/market.routes';
import { myResponsesRoutes } from './modules/requests/my-responses.routes';
import { requestRoutes } from './modules/requests/requests.routes';
import { responseRoutes } from './modules/responses/responses.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { accountDeletionRoutes } from './modules/me/account-deletion.routes';
import { securityRoutes } from './modules/me/security.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { registerAuth } from './plugins/auth';
import { registerCacheControl } from './plugins/cache-control';
import { registerErrorHandling } from './plugins/errors';
import { registerJsonBodyParser } from './plugins/json-body';
import { IDEMPOTENCY_OPENAPI_NOTE, registerIdempotency } from './plugins/idempotency';
import { registerSecurity } from './plugins/security';
import { findWebDist, registerStaticWeb } from './plugins/static-web';

declare module 'fastify' {
  interface FastifyInstance {
    grip: {
      config: Config;
      database: Database;
      auth: Auth;
      outbox: OutboxWorker;
      /** Live updates for the tabs connected to this process. */
      live: LiveHub;
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
    };
  }
}

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
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Tests read what would be logged (a secret must never be).
      ...(given.logStream ? { stream: given.logStream } : {}),
      ...(config.logPretty
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      // Emailed links are logged without their token when followed (lib/log-redaction.ts).
      serializers: { req: requestLogSerializer },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // A hop count trusts that many proxies in front of us (Fastify types take it as a function).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Malformed URLs (e.g. a lone '%') get the same error shape as everything else.
    frameworkErrors: (_error, request, reply) => {
      // The reply here is typed for the generic route; it is a plain reply at run time.
      (reply as unknown as FastifyReply)
        .status(400)
        .header('x-request-id', request.id)
        .header('cache-control', 'no-store')
        .send({ error: 'invalid', message: 'The address is not valid.' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON only: anything else gets a clear 415 (and cross-site forms cannot post).
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Set as the request comes in, so that errors and early answers carry it too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const database = given.database ?? (await openDatabase(config));
  let limits: RateLimits;
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    limits = await openRateLimits(database, app.log);
  } catch (err) {
    await database.close();
    throw err;
  }
  const auth = createAuth({ db: database.db, config, log: app.log });
  const vapidKeys = vapidKeyStore(database.db, config);
  // The resolver push endpoints are checked with; tests hand in their own (no DNS on a test machine).
  const lookup = given.lookup ?? (dns.lookup as LookupFunction);
  const outbox = new OutboxWorker(
    database.db,
    createSenders(config, app.log, database.db, vapidKeys, lookup),
    app.log,
    config.outboxPollMs,
  );
  const live = new LiveHub(database, app.log);

  // One geocoder for the geo routes, requests posted without coordinates and the demo data.
  const geocoder = createGeocoder(config);
  let demoLogins: DemoLogin[] | null = null;
  const wantsDemo =
    config.demoData === 'on' ||
    (config.demoData === 'auto' && database.kind === 'pglite' && config.env !== 'test');
  if (wantsDemo && (await isEmpty(database.db))) {
    demoLogins = await seedDemo(database.db, auth, new Date(), demoPassword(config), geocoder);
  } else if (config.env !== 'test') {
    demoLogins = await existingDemoLogins(database.db, () => demoPassword(config));
  }
  const sessions = new SessionCache(config.sessionCacheMs);
  // Profiles are kept as long as sessions are, and forgotten on the same announcements (drizzle/0018).
  const profiles = new ProfileCache(config.sessionCacheMs);
  const uncacheProfiles = profiles.enabled ? cacheProfilesOf(database.db, profiles) : () => {};
  let unlistenSessions: () => Promise<void> = async () => {};
  try {
    // Made (or read) now, so that asking for the public key later is a pure read (no GET writes).
    await vapidKeys();
    await live.start();
    // Announced changes reach the cache; a reconnected listener may have missed some, so it empties.
    if (sessions.enabled) {
      unlistenSessions = await database.listen(
        SESSION_CHANNEL,
        (payload) => {
          sessions.forget(payload);
          profiles.forget(payload);
        },
        () => {
          sessions.clear();
          profiles.clear();
        },
      );
    }
  } catch (err) {
    uncacheProfiles();
    limits.close();
    await database.close();
    throw err;
  }
  app.decorate('grip', { config, database, auth, outbox, live, demoLogins, sessions, limits, routes });

  registerErrorHandling(app);
  await registerSecurity(app, config);
  registerCacheControl(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Grip API',
        version: '0.1.0',
        description: `The API of the Grip marketplace.\n\n${IDEMPOTENCY_OPENAPI_NOTE}`,
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'grip.session_token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await registerAuth(app, auth, config, sessions, limits);
  const db = database.db;
  registerAdministratorGate(app, db);
  // After the session and administrator checks, before every route: POSTs may carry Idempotency-Key.
  registerIdempotency(app, db);
  await app.register(healthRoutes, { database });
  await app.register(meRoutes, { db });
  await app.register(notificationSettingsRoutes, { db });
  await app.register(profileRoutes, { db, geocoder });
  await app.register(sessionRoutes, { auth, live });
  await app.register(securityRoutes, { db, live });
  await app.register(accountDeletionRoutes, { db, auth, live });
  await app.register(liveRoutes, { hub: live, auth });
  await app.register(catalogueRoutes, { db, config });
  await app.register(notificationRoutes, { db });
  await app.register(badgeRoutes, { db });
  await app.register(requestRoutes, { db, config, geocoder });
  await app.register(myResponsesRoutes, { db });
  await app.register(bookingRoutes, { db });
  await app.register(uploadRoutes, { db, config });
  await app.register(geoRoutes, { config, geocoder });
  await app.register(businessProfileRoutes, { db, geocoder });
  await app.register(businessFeedRoutes, { db, config });
  await app.register(responseRoutes, { db, config });
  await app.register(opportunityRoutes, { db, config });
  await app.register(offerRoutes, { db, config });
  await app.register(reviewRoutes, { db });
  await app.register(jobRoutes, { db, config });
  await app.register(conversationRoutes, { db, config });
  await app.register(dashboardRoutes, { db, config });
  await app.register(marketRoutes, { db });
  await app.register(directoryRoutes, { db });
  await app.register(pushRoutes, { db, config, vapidKeys, lookup });
  await app.register(adminDeliveryRoutes, { db });
  await app.register(adminOverviewRoutes, { db });
  await app.register(adminExportRoutes, { db });
  await app.register(adminDirectoryRoutes, { db, geocoder });
  await app.register(adminAuditRoutes, { db });
  await app.register(adminTestToolRoutes, { db, config });
  await app.register(adminBusinessSearchRoutes, { db });
  await app.register(adminBulkUploadRoutes, { db, auth, geocoder });
  await app.register(adminUserRoutes, { db });
  await app.register(grantSelfAdminRoutes, { db });

  const webDist = findWebDist(config.webDistDir);
  if (webDist) await registerStaticWeb(app, webDist);

  app.addHook('onReady', async () => outbox.start());
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    await live.close();
    await unlistenSessions().catch(() => {});
    uncacheProfiles();
  });
  app.addHook('onClose', async () => {
    await outbox.stop();
    limits.close();
    await database.close();
  });
  return app;
}
