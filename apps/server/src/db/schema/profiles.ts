import { START_SCREENS, ROLES, DEFAULT_BUSINESS_SERVICE_AREA_KM } from '@grip/domain';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import {
  createdAt,
  emptyTextArray,
  publicLatitudeOf,
  publicLongitudeOf,
  sqlList,
  updatedAt,
} from './columns';

/** One profile per account; the single source of the role (spec 1 §3). */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    displayName: text('display_name'),
    businessName: text('business_name'),
    avatarUrl: text('avatar_url'),
    phone: text('phone'),
    address: text('address'),
    /** Suburb or city of the address (from the geocoder): what customers see of where a business is. */
    areaLabel: text('area_label'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** What customers and visitors are measured against (domain publicPoint, decision 018). */
    publicLatitude: doublePrecision('public_latitude').generatedAlwaysAs(
      publicLatitudeOf(sql.raw('latitude'), sql.raw('longitude')),
    ),
    publicLongitude: doublePrecision('public_longitude').generatedAlwaysAs(
      publicLongitudeOf(sql.raw('latitude'), sql.raw('longitude')),
    ),
    website: text('website'),
    googleReviewsUrl: text('google_reviews_url'),
    description: text('description'),
    serviceCategories: text('service_categories').array().notNull().default(emptyTextArray),
    serviceAreaKm: integer('service_area_km').default(DEFAULT_BUSINESS_SERVICE_AREA_KM),
    notificationEmail: text('notification_email'),
    notificationPreferences: text('notification_preferences')
      .array()
      .notNull()
      .default(sql`'{email}'::text[]`),
    defaultLandingPage: text('default_landing_page').notNull().default('business-dashboard'),
    defaultStartScreen: text('default_start_screen', { enum: START_SCREENS }),
    /** Set by an administrator: the account may not sign in (its sessions were ended). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The person deleted their account: personal data was removed, the row stays for others' records. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_role_check', sql`${t.role} in (${sqlList(ROLES)})`),
    check(
      'profiles_start_screen_check',
      sql`${t.defaultStartScreen} is null or ${t.defaultStartScreen} in (${sqlList(START_SCREENS)})`,
    ),
    check(
      'profiles_service_area_check',
      sql`${t.serviceAreaKm} is null or ${t.serviceAreaKm} between 1 and 1000`,
    ),
    // Matching and admin lists read businesses and administrators by role.
    index('profiles_role_idx').on(t.role),
  ],
);
