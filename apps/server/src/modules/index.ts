import type { LookupFunction } from 'node:net';
import type { FastifyInstance, FastifyPluginOptions } from 'fastify';
import type { Auth } from '../auth/auth';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { adminAuditRoutes } from './admin/audit.routes';
import { adminBulkUploadRoutes } from './admin/bulk-upload.routes';
import { adminBusinessSearchRoutes } from './admin/business-search.routes';
import { adminDeliveryRoutes } from './admin/deliveries.routes';
import { adminDirectoryRoutes } from './admin/directory.routes';
import { adminExportRoutes } from './admin/exports.routes';
import { grantSelfAdminRoutes } from './admin/grant-self-admin.routes';
import { adminOverviewRoutes } from './admin/overview.routes';
import { adminTestToolRoutes } from './admin/test-tools.routes';
import { adminUserRoutes } from './admin/users.routes';
import { badgeRoutes } from './badges/badges.routes';
import { bookingChangeRoutes } from './booking-changes/booking-changes.routes';
import { bookingRoutes } from './bookings/bookings.routes';
import { calendarRoutes } from './calendar/calendar.routes';
import { businessFeedRoutes } from './business-feed/business-feed.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { conversationRoutes } from './conversations/conversations.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { directoryRoutes } from './directory/directory.routes';
import { disputeRoutes } from './disputes/disputes.routes';
import type { Geocoder } from './geo/geocoder';
import { geoRoutes } from './geo/geo.routes';
import { healthRoutes } from './health/health.routes';
import { jobRoutes } from './jobs/jobs.routes';
import type { LiveHub } from './live/live-hub';
import { liveRoutes } from './live/live.routes';
import { marketRoutes } from './market/market.routes';
import { accountDeletionRoutes } from './me/account-deletion.routes';
import { meRoutes } from './me/me.routes';
import { moderationRoutes } from './moderation/moderation.routes';
import { notificationSettingsRoutes } from './me/notification-settings.routes';
import { profileRoutes } from './me/profile.routes';
import { securityRoutes } from './me/security.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { offerRoutes } from './offers/offers.routes';
import { opportunityRoutes } from './opportunities/opportunities.routes';
import { businessProfileRoutes } from './profiles/business-profile.routes';
import { pushRoutes } from './push/push.routes';
import type { VapidKeys } from './push/vapid-keys';
import { myResponsesRoutes } from './requests/my-responses.routes';
import { requestRoutes } from './requests/requests.routes';
import { responseRoutes } from './responses/responses.routes';
import { reviewRoutes } from './reviews/reviews.routes';
import { twoWayReviewRoutes } from './reviews/two-way.routes';
import { sessionRoutes } from './session/session.routes';
import { uploadRoutes } from './uploads/uploads.routes';

/** The app's shared parts a module may be given (app.ts makes them; each module takes what it needs). */
export interface ModuleDeps {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  live: LiveHub;
  /** One geocoder for the geo routes, requests posted without coordinates and the demo data. */
  geocoder: Geocoder;
  /** The key pair web pushes are signed with; push subscribers are given its public half. */
  vapidKeys: () => Promise<VapidKeys>;
  /** The resolver push endpoints are checked with (tests hand in their own). */
  lookup: LookupFunction;
}

/** One module's routes, registered as a Fastify plugin with what it is given. */
export interface AppModule {
  name: string;
  register(app: FastifyInstance, deps: ModuleDeps): Promise<void>;
}

function mount<Options extends FastifyPluginOptions>(
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
  deps: (all: ModuleDeps) => Options,
): AppModule {
  return {
    name: plugin.name,
    register: async (app, all) => {
      await app.register(plugin, deps(all));
    },
  };
}

/**
 * Every module's routes, in the order they are registered (after the request pipeline: sessions,
 * the administrator gate and Idempotency-Key apply to all of them).
 */
export const modules: readonly AppModule[] = [
  mount(healthRoutes, ({ database }) => ({ database })),
  mount(meRoutes, ({ db }) => ({ db })),
  mount(notificationSettingsRoutes, ({ db }) => ({ db })),
  mount(profileRoutes, ({ db, geocoder }) => ({ db, geocoder })),
  mount(sessionRoutes, ({ auth, live }) => ({ auth, live })),
  mount(securityRoutes, ({ db, live }) => ({ db, live })),
  mount(accountDeletionRoutes, ({ db, auth, live }) => ({ db, auth, live })),
  mount(liveRoutes, ({ live, auth }) => ({ hub: live, auth })),
  mount(catalogueRoutes, ({ db, config }) => ({ db, config })),
  mount(notificationRoutes, ({ db }) => ({ db })),
  mount(badgeRoutes, ({ db }) => ({ db })),
  mount(requestRoutes, ({ db, config, geocoder }) => ({ db, config, geocoder })),
  mount(myResponsesRoutes, ({ db }) => ({ db })),
  mount(bookingRoutes, ({ db }) => ({ db })),
  mount(bookingChangeRoutes, ({ db, config }) => ({ db, config })),
  mount(disputeRoutes, ({ db, config }) => ({ db, config })),
  mount(moderationRoutes, ({ db, config }) => ({ db, config })),
  mount(calendarRoutes, ({ db, config }) => ({ db, config })),
  mount(uploadRoutes, ({ db, config }) => ({ db, config })),
  mount(geoRoutes, ({ config, geocoder }) => ({ config, geocoder })),
  mount(businessProfileRoutes, ({ db, geocoder }) => ({ db, geocoder })),
  mount(businessFeedRoutes, ({ db, config }) => ({ db, config })),
  mount(responseRoutes, ({ db, config }) => ({ db, config })),
  mount(opportunityRoutes, ({ db, config }) => ({ db, config })),
  mount(offerRoutes, ({ db, config }) => ({ db, config })),
  mount(reviewRoutes, ({ db }) => ({ db })),
  mount(twoWayReviewRoutes, ({ db }) => ({ db })),
  mount(jobRoutes, ({ db, config }) => ({ db, config })),
  mount(conversationRoutes, ({ db, config }) => ({ db, config })),
  mount(dashboardRoutes, ({ db, config }) => ({ db, config })),
  mount(marketRoutes, ({ db }) => ({ db })),
  mount(directoryRoutes, ({ db }) => ({ db })),
  mount(pushRoutes, ({ db, config, vapidKeys, lookup }) => ({ db, config, vapidKeys, lookup })),
  mount(adminDeliveryRoutes, ({ db }) => ({ db })),
  mount(adminOverviewRoutes, ({ db }) => ({ db })),
  mount(adminExportRoutes, ({ db }) => ({ db })),
  mount(adminDirectoryRoutes, ({ db, geocoder }) => ({ db, geocoder })),
  mount(adminAuditRoutes, ({ db }) => ({ db })),
  mount(adminTestToolRoutes, ({ db, config }) => ({ db, config })),
  mount(adminBusinessSearchRoutes, ({ db }) => ({ db })),
  mount(adminBulkUploadRoutes, ({ db, auth, geocoder }) => ({ db, auth, geocoder })),
  mount(adminUserRoutes, ({ db }) => ({ db })),
  mount(grantSelfAdminRoutes, ({ db }) => ({ db })),
];
