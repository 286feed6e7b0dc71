/** Administrator dashboard: stat cards, system switches and Archive All Requests (spec 3 Admin dashboard). */
import { z } from 'zod';
import { SYSTEM_SETTING_KEYS, type SystemSettingKey } from '../shared/constants';

export const ADMIN_OVERVIEW_MESSAGES = {
  administratorsOnly: 'Only administrators can do that.',
  // Spec 3 §errors, verbatim.
  emailUpdateFailed: 'Failed to update email notifications',
  smsUpdateFailed: 'Failed to update SMS notifications',
  settingsLoadFailed: 'Failed to initialize system settings',
  archiveFailed: 'Failed to archive requests',
  nothingToArchive: 'No active requests to archive',
  statsLoadFailed: 'Failed to load platform statistics',
  badSettingKey: 'Setting must be email_notifications_enabled or sms_notifications_enabled.',
  badSettingValue: 'Enabled must be true or false.',
  archived: (n: number) => `Archived ${n} ${n === 1 ? 'request' : 'requests'}`,
} as const;

/**
 * The stat cards. Definitions (the spec names the queries, not their meaning; these are ours):
 * - totalUsers: every account (one profile per account);
 * - registeredBusinesses: profiles whose role is business_owner;
 * - activeRequests: requests with status open and no archived_at;
 * - activeResponses: responses still in play — ACTIVE_OFFERS: pending, in_progress or accepted (the
 *   spec's "pending, accepted, confirmed": confirmed is an accepted response here) — on unarchived requests;
 * - activeOffersPerBusiness: activeResponses / registeredBusinesses, one decimal, 0 with no businesses.
 *   The spec labels this "Avg Requests/Business", but it measures offers, so the UI says so.
 */
export const AdminStatsSchema = z.object({
  totalUsers: z.number().int().nonnegative(),
  registeredBusinesses: z.number().int().nonnegative(),
  activeRequests: z.number().int().nonnegative(),
  activeResponses: z.number().int().nonnegative(),
  activeOffersPerBusiness: z.number().nonnegative(),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

/** Active responses per business, rounded to one decimal; no businesses → 0. */
export function activeOffersPerBusiness(activeResponses: number, businesses: number): number {
  if (businesses <= 0) return 0;
  return Math.round((activeResponses / businesses) * 10) / 10;
}

/** One decimal, always shown ("2.0", "0.0"). */
export function formatOneDecimal(value: number): string {
  return value.toFixed(1);
}

/** GET /api/admin/settings: the two platform switches. */
export const SystemSettingsSchema = z.object({
  emailNotificationsEnabled: z.boolean(),
  smsNotificationsEnabled: z.boolean(),
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

/** The field of SystemSettings each stored key fills. */
export const SYSTEM_SETTING_FIELDS = {
  email_notifications_enabled: 'emailNotificationsEnabled',
  sms_notifications_enabled: 'smsNotificationsEnabled',
} as const satisfies Record<SystemSettingKey, keyof SystemSettings>;

export const SYSTEM_SETTING_LABELS = {
  email_notifications_enabled: 'Email Notifications',
  sms_notifications_enabled: 'SMS Notifications',
} as const satisfies Record<SystemSettingKey, string>;

export const SYSTEM_SETTING_DESCRIPTIONS = {
  email_notifications_enabled: 'When off, Grip sends no emails about requests, offers or bookings.',
  sms_notifications_enabled: 'When off, Grip sends no text messages.',
} as const satisfies Record<SystemSettingKey, string>;

export const SYSTEM_SETTING_UPDATE_FAILED = {
  email_notifications_enabled: ADMIN_OVERVIEW_MESSAGES.emailUpdateFailed,
  sms_notifications_enabled: ADMIN_OVERVIEW_MESSAGES.smsUpdateFailed,
} as const satisfies Record<SystemSettingKey, string>;

/** PUT /api/admin/settings/:key */
export const SystemSettingParamsSchema = z.object({
  key: z.enum(SYSTEM_SETTING_KEYS, { error: ADMIN_OVERVIEW_MESSAGES.badSettingKey }),
});

/** PUT /api/admin/settings/:key body: a real boolean (stored as the text 'true' / 'false'). */
export const SystemSettingInputSchema = z.object({
  enabled: z.boolean({ error: ADMIN_OVERVIEW_MESSAGES.badSettingValue }),
});
export type SystemSettingInput = z.infer<typeof SystemSettingInputSchema>;

/** POST /api/admin/archive-requests: how many open, unarchived requests were archived (0 is fine). */
export const ArchiveRequestsResultSchema = z.object({
  archived: z.number().int().nonnegative(),
});
export type ArchiveRequestsResult = z.infer<typeof ArchiveRequestsResultSchema>;
