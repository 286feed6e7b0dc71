import {
  GRANT_SELF_ADMIN_MESSAGES,
  ADMIN_OVERVIEW_MESSAGES,
  AdminStatsSchema,
  PlatformTrendsSchema,
  ArchiveRequestsResultSchema,
  SYSTEM_SETTING_FIELDS,
  SYSTEM_SETTING_KEYS,
  SystemSettingInputSchema,
  SystemSettingParamsSchema,
  SystemSettingsSchema,
  activeOffersPerBusiness,
  type SystemSettings,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { isSwitchOn } from '../notifications/system-switches';
import {
  archiveOpenRequests,
  countOverview,
  ensureSystemSettings,
  saveSystemSetting,
} from './overview.repository';
import { getPlatformTrends } from './platform-trends.service';
import { refuseNonAdministratorsWith, requireAdministrator } from './require-administrator';

/** Read back through the delivery side's own reader, so the card shows exactly what the worker obeys. */
async function readSettings(db: Db): Promise<SystemSettings> {
  const settings = { emailNotificationsEnabled: true, smsNotificationsEnabled: true };
  for (const key of SYSTEM_SETTING_KEYS) settings[SYSTEM_SETTING_FIELDS[key]] = await isSwitchOn(db, key);
  return settings;
}

/**
 * The administrator dashboard's stat cards, system switches and Archive All Requests (spec 3 Admin
 * dashboard). Administrators only: 401 signed out, 403 for everyone else. Registered by buildApp with
 * `{ db }`.
 */
export async function adminOverviewRoutes(app: FastifyInstance, opts: { db: Db }) {
  refuseNonAdministratorsWith(app, ADMIN_OVERVIEW_MESSAGES.administratorsOnly);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const onlyAdmins = ADMIN_OVERVIEW_MESSAGES.administratorsOnly;

  typed.get(
    '/api/admin/stats',
    { schema: { tags: ['admin'], response: { 200: AdminStatsSchema } } },
    async (request) => {
      await requireAdministrator(request, db, onlyAdmins);
      const counts = await countOverview(db);
      return {
        ...counts,
        activeOffersPerBusiness: activeOffersPerBusiness(counts.activeResponses, counts.registeredBusinesses),
      };
    },
  );

  // Issue 33: the platform's figures week by week (the charts under the stat cards).
  typed.get(
    '/api/admin/trends',
    { schema: { tags: ['admin'], response: { 200: PlatformTrendsSchema } } },
    async (request) => {
      await requireAdministrator(request, db, onlyAdmins);
      return getPlatformTrends(db, new Date());
    },
  );

  typed.get(
    '/api/admin/settings',
    { schema: { tags: ['admin'], response: { 200: SystemSettingsSchema } } },
    async (request) => {
      await requireAdministrator(request, db, onlyAdmins);
      await ensureSystemSettings(db);
      return readSettings(db);
    },
  );

  typed.put(
    '/api/admin/settings/:key',
    {
      // Spec 3 §6: the refusal after which 'Grant myself admin' is offered.
      config: { administratorsOnlyMessage: GRANT_SELF_ADMIN_MESSAGES.settingsRefused },
      schema: {
        tags: ['admin'],
        params: SystemSettingParamsSchema,
        body: SystemSettingInputSchema,
        response: { 200: SystemSettingsSchema },
      },
    },
    async (request) => {
      await requireAdministrator(request, db, GRANT_SELF_ADMIN_MESSAGES.settingsRefused);
      await saveSystemSetting(db, request.params.key, request.body.enabled, new Date());
      await ensureSystemSettings(db);
      return readSettings(db);
    },
  );

  typed.post(
    '/api/admin/archive-requests',
    { schema: { tags: ['admin'], response: { 200: ArchiveRequestsResultSchema } } },
    async (request) => {
      await requireAdministrator(request, db, onlyAdmins);
      return { archived: await archiveOpenRequests(db, new Date()) };
    },
  );
}
