import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';

/** In-app notifications (spec 1 §3). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    relatedId: text('related_id'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The administrators' Request Audit: which businesses were told of a request.
    index('notifications_new_request_related_idx')
      .on(t.relatedId)
      .where(sql`${t.type} = 'new_request'`),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * Notifications whose push and SMS deliveries are still to be worked out. A trigger adds every new
 * notification here in the transaction that creates it (drizzle/0024); the outbox worker turns a batch
 * of them into outbox rows and deletes them in one transaction, so each is fanned out once, and a
 * write that others must hear about no longer reads the receiver's devices and preferences itself
 * (docs/decisions/023).
 */
export const notificationFanOut = pgTable(
  'notification_fan_out',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // Oldest first, without sorting a backlog.
  (t) => [index('notification_fan_out_created_idx').on(t.createdAt)],
);
