import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';

/**
 * One row per browser (device) a user turned web push on in, keyed by the push service's endpoint.
 * The same endpoint signing in as someone else moves to that account: a device gets the pushes of
 * whoever last turned them on there.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for the payload encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A short description of the browser, so a user can tell their devices apart. */
    deviceLabel: text('device_label'),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The server's VAPID key pair (base64url), created on first use when VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY are not configured; a single row, so every process signs with the same key and
 * existing subscriptions survive restarts.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('vapid_keys_single_row', sql`${t.id} = 1`)],
);
