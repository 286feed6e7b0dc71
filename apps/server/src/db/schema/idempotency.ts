import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Idempotency-Key (plugins/idempotency.ts): one row per caller, method, path and key. The primary
 * key is what makes the claim safe under concurrency — the first request inserts the row, every
 * other one finds it there. A row without a status is a request still running; with one, the answer
 * that is replayed to a retry. Rows are kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    key: text('key').notNull(),
    /** sha256 of the query string and the JSON body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** Which claim owns the row: only that request may store its answer or release the key. */
    claimId: uuid('claim_id').notNull(),
    statusCode: smallint('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    /** When the key was claimed: the 24-hour expiry and the in-flight lease count from here. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.method, t.path, t.key] }),
    check('idempotency_keys_key_check', sql`char_length(${t.key}) between 1 and 255`),
    // The hourly purge of expired keys.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
