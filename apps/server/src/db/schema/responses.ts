import {
  BOOKING_PARTIES,
  CANCELLATION_REASONS,
  COMPLETION_STATUSES,
  PRICE_TYPES,
  RESPONSE_STATUSES,
} from '@grip/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, emptyTextArray, sqlList, updatedAt } from './columns';
import { serviceRequests } from './requests';

/** A business's quote on a request (spec 3 §3). */
export const businessResponses = pgTable(
  'business_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    businessUserId: text('business_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quotedPrice: numeric('quoted_price', { precision: 12, scale: 2 }).notNull(),
    priceType: text('price_type', { enum: PRICE_TYPES }).notNull().default('fixed'),
    message: text('message').notNull(),
    availabilityDate: date('availability_date'),
    availabilityTime: time('availability_time'),
    estimatedDuration: text('estimated_duration'),
    termsConditions: text('terms_conditions'),
    engagementNotes: text('engagement_notes'),
    proofImages: text('proof_images').array().notNull().default(emptyTextArray),
    /** Set when the business used Accept As-Is (docs/decisions: a flag, not a text pattern). */
    isAcceptedAsIs: boolean('is_accepted_as_is').notNull().default(false),
    /**
     * The version of the request (its business view, modules/requests/request-version.ts) this
     * business last agreed to: by quoting, editing its offer, accepting the customer's counter offer
     * or keeping its quote for changed details (decision 019). Confirm books only while the request
     * still has this version. '' agrees to no version: a row written without one can be booked only
     * once its business agrees (drizzle/0022 set it for the responses stored before).
     */
    agreedRequestVersion: text('agreed_request_version').notNull().default(''),
    status: text('status', { enum: RESPONSE_STATUSES }).notNull().default('pending'),
    completionStatus: text('completion_status', { enum: COMPLETION_STATUSES }).notNull().default('pending'),
    completionDate: timestamp('completion_date', { withTimezone: true }),
    contestDeadline: timestamp('contest_deadline', { withTimezone: true }),
    contestReason: text('contest_reason'),
    /** When the customer confirmed it: Scheduled and Money Earned are dated by this (spec 3 §9). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /**
     * When the business archived it (Archive Management): it leaves the business's working lists.
     * Kept apart from completion_status, which the customer's history, contest and review read.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Issue 32: who called the booking off, when and why; late is decided once, when it happens. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: BOOKING_PARTIES }),
    cancellationReason: text('cancellation_reason', { enum: CANCELLATION_REASONS }),
    cancellationNote: text('cancellation_note'),
    isLateCancellation: boolean('is_late_cancellation').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('business_responses_status_check', sql`${t.status} in (${sqlList(RESPONSE_STATUSES)})`),
    check(
      'business_responses_completion_status_check',
      sql`${t.completionStatus} in (${sqlList(COMPLETION_STATUSES)})`,
    ),
    check(
      'business_responses_cancelled_by_check',
      sql`${t.cancelledBy} is null or ${t.cancelledBy} in (${sqlList(BOOKING_PARTIES)})`,
    ),
    check(
      'business_responses_cancellation_reason_check',
      sql`${t.cancellationReason} is null or ${t.cancellationReason} in (${sqlList(CANCELLATION_REASONS)})`,
    ),
    // A business profile's "N late cancellations in 12 months".
    index('business_responses_late_cancellations_idx')
      .on(t.businessUserId, t.cancelledAt)
      .where(sql`${t.isLateCancellation}`),
    check('business_responses_price_type_check', sql`${t.priceType} in (${sqlList(PRICE_TYPES)})`),
    check('business_responses_price_check', sql`${t.quotedPrice} > 0`),
    // A business responds once per request.
    uniqueIndex('business_responses_request_business_key').on(t.requestId, t.businessUserId),
    // At most one accepted response per request, whatever races happen.
    uniqueIndex('business_responses_one_accepted_key')
      .on(t.requestId)
      .where(sql`${t.status} = 'accepted'`),
    index('business_responses_business_created_idx').on(t.businessUserId, t.createdAt.desc()),
    // Confirmed Bookings' two lists, in their order (jobs.repository sortKey).
    index('business_responses_active_jobs_idx')
      .on(t.businessUserId, sql`coalesce(${t.acceptedAt}, ${t.updatedAt}) desc`, sql`${t.id} desc`)
      .where(
        sql`${t.status} = 'accepted' and ${t.completionStatus} <> 'completed' and ${t.archivedAt} is null`,
      ),
    index('business_responses_completed_jobs_idx')
      .on(t.businessUserId, sql`coalesce(${t.completionDate}, ${t.updatedAt}) desc`, sql`${t.id} desc`)
      .where(
        sql`${t.status} = 'accepted' and ${t.completionStatus} = 'completed' and ${t.archivedAt} is null`,
      ),
  ],
);

/** When a customer last saw a response: NEW / EDITED / VIEWED badges (spec 2 §4). */
export const responseViews = pgTable(
  'response_views',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => businessResponses.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedAt: timestamp('last_updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'response_views_pkey', columns: [t.userId, t.responseId] })],
);
