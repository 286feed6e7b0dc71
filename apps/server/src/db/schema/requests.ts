import {
  BUDGET_TYPES,
  DEFAULT_CUSTOMER_SERVICE_AREA_KM,
  REQUEST_STATUSES,
  TIME_FLEXIBILITIES,
  URGENCIES,
} from '@grip/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import {
  createdAt,
  emptyTextArray,
  publicLatitudeOf,
  publicLongitudeOf,
  requestMatchTerms,
  sqlList,
  updatedAt,
} from './columns';

/** A customer's service request (spec 2 §3, 3 §3). */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceType: text('service_type').notNull(),
    serviceSubtype: text('service_subtype'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The exact address: released to a business only once its quote is accepted. */
    locationAddress: text('location_address'),
    /** Suburb or city shown to businesses before acceptance. */
    areaLabel: text('area_label'),
    /** The exact point: seen only by the customer, an accepted business and administrators. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * The public point (domain publicPoint, decision 018): what every other party's distances, reach
     * and counts are measured from. Generated, so no writer can forget it.
     */
    publicLatitude: doublePrecision('public_latitude').generatedAlwaysAs(
      publicLatitudeOf(sql.raw('latitude'), sql.raw('longitude')),
    ),
    publicLongitude: doublePrecision('public_longitude').generatedAlwaysAs(
      publicLongitudeOf(sql.raw('latitude'), sql.raw('longitude')),
    ),
    serviceAreaKm: integer('service_area_km').notNull().default(DEFAULT_CUSTOMER_SERVICE_AREA_KM),
    preferredDate: date('preferred_date'),
    preferredTime: time('preferred_time'),
    timeFlexibility: text('time_flexibility', { enum: TIME_FLEXIBILITIES }),
    flexibleDates: boolean('flexible_dates').notNull().default(false),
    budgetMin: numeric('budget_min', { precision: 12, scale: 2 }),
    budgetMax: numeric('budget_max', { precision: 12, scale: 2 }),
    budgetType: text('budget_type', { enum: BUDGET_TYPES }),
    urgency: text('urgency', { enum: URGENCIES }).notNull().default('normal'),
    isUrgent: boolean('is_urgent').notNull().default(false),
    images: text('images').array().notNull().default(emptyTextArray),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * What a business's categories are compared with (matching.sql.ts), worked out once when the
     * request is written instead of three regular expressions per row on every feed and count.
     */
    matchTerms: text('match_terms')
      .array()
      .generatedAlwaysAs(requestMatchTerms(sql.raw('service_type'), sql.raw('service_subtype'))),
  },
  (t) => [
    check('service_requests_status_check', sql`${t.status} in (${sqlList(REQUEST_STATUSES)})`),
    check('service_requests_urgency_check', sql`${t.urgency} in (${sqlList(URGENCIES)})`),
    check(
      'service_requests_budget_type_check',
      sql`${t.budgetType} is null or ${t.budgetType} in (${sqlList(BUDGET_TYPES)})`,
    ),
    check(
      'service_requests_flexibility_check',
      sql`${t.timeFlexibility} is null or ${t.timeFlexibility} in (${sqlList(TIME_FLEXIBILITIES)})`,
    ),
    check(
      'service_requests_budget_check',
      sql`(${t.budgetMin} is null or ${t.budgetMin} >= 0) and (${t.budgetMax} is null or ${t.budgetMin} is null or ${t.budgetMax} >= ${t.budgetMin})`,
    ),
    check('service_requests_area_check', sql`${t.serviceAreaKm} between 1 and 1000`),
    // My Requests (newest first), the last location and the review gate: the owner's requests.
    index('service_requests_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The administrators' Request Audit: the latest requests platform-wide.
    index('service_requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The archived list: newest archive first.
    index('service_requests_user_archived_idx')
      .on(t.userId, t.archivedAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is not null`),
    // Business feed: open unarchived requests, newest first.
    index('service_requests_open_created_idx')
      .on(t.status, t.createdAt.desc())
      .where(sql`${t.archivedAt} is null`),
    // Matching compares service type case-insensitively.
    index('service_requests_service_type_idx').on(sql`lower(${t.serviceType})`),
  ],
);

/**
 * When each request last saw activity: its own last change or any quote's creation or change — the
 * same figure My Requests shows and splits Active from Expired by. Kept by triggers (drizzle/0016) so
 * the Active list reads a customer's few recent requests through an index instead of working the
 * figure out for their whole history (docs/performance.md, growth).
 */
export const requestActivity = pgTable(
  'request_activity',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('request_activity_user_last_idx').on(t.userId, t.lastActivityAt)],
);
