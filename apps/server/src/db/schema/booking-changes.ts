import { BOOKING_PARTIES, RESCHEDULE_STATUSES } from '@grip/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, time, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, sqlList } from './columns';
import { businessResponses } from './responses';

/** A proposed new time for a booking (issue 32): one open at a time, answered by the other party. */
export const rescheduleProposals = pgTable(
  'reschedule_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    responseId: uuid('response_id')
      .notNull()
      .references(() => businessResponses.id, { onDelete: 'cascade' }),
    proposedBy: text('proposed_by', { enum: BOOKING_PARTIES }).notNull(),
    proposerUserId: text('proposer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proposedDate: date('proposed_date').notNull(),
    proposedTime: time('proposed_time'),
    /** The booked time when it was proposed: what accepting replaces (and the history shows). */
    previousDate: date('previous_date'),
    previousTime: time('previous_time'),
    note: text('note'),
    status: text('status', { enum: RESCHEDULE_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    check('reschedule_proposals_status_check', sql`${t.status} in (${sqlList(RESCHEDULE_STATUSES)})`),
    check('reschedule_proposals_proposed_by_check', sql`${t.proposedBy} in (${sqlList(BOOKING_PARTIES)})`),
    // One open proposal per booking, whatever races happen (both parties proposing at once).
    uniqueIndex('reschedule_proposals_one_open_key')
      .on(t.responseId)
      .where(sql`${t.status} = 'pending'`),
    index('reschedule_proposals_response_idx').on(t.responseId, t.createdAt.desc()),
  ],
);

/**
 * An account's private calendar feed (issue 32): the URL holds a random token; only its SHA-256 is
 * kept, so a database read does not hand out feeds. Resetting replaces the row; turning off deletes it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_hash_key'),
  createdAt: createdAt(),
});
