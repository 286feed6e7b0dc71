import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from '@grip/domain';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, sqlList } from './columns';

/**
 * One account blocking another (issue 32): no more messages, quotes or requests between them in
 * either direction; bookings already made go on.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'blocks_pkey', columns: [t.blockerId, t.blockedId] }),
    // "Is either blocking the other" reads both directions.
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** A report of a user, a message, a request or a review, for the administrators' moderation queue. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetKind: text('target_kind', { enum: REPORT_TARGETS }).notNull(),
    /** The reported row's id (a user id, or a message, request or review uuid as text). */
    targetId: text('target_id').notNull(),
    /** The account the report is about (the author of the message, request or review). */
    reportedUserId: text('reported_user_id').references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handlingNote: text('handling_note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('reports_target_kind_check', sql`${t.targetKind} in (${sqlList(REPORT_TARGETS)})`),
    check('reports_reason_check', sql`${t.reason} in (${sqlList(REPORT_REASONS)})`),
    check('reports_status_check', sql`${t.status} in (${sqlList(REPORT_STATUSES)})`),
    // The queue: open reports, oldest first.
    index('reports_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('reports_reported_user_idx').on(t.reportedUserId, t.createdAt.desc()),
    // A reporter's earlier report of the same target (reporting it again while open adds nothing).
    index('reports_reporter_target_idx').on(t.reporterId, t.targetKind, t.targetId),
  ],
);
