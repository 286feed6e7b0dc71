import { SYSTEM_SETTING_KEYS, UPLOAD_PURPOSES } from '@grip/domain';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, sqlList, updatedAt } from './columns';
import { serviceRequests } from './requests';

/** Platform switches (spec 1 §3): value is the text 'true' or 'false'. */
export const systemSettings = pgTable(
  'system_settings',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('system_settings_key_check', sql`${t.key} in (${sqlList(SYSTEM_SETTING_KEYS)})`),
    check('system_settings_value_check', sql`${t.value} in ('true', 'false')`),
  ],
);

export const OUTBOX_CHANNELS = ['email', 'sms', 'push'] as const;
/**
 * pending → sending → sent | logged; a send that threw goes back to pending (backoff) or, after the
 * last attempt, to failed; a row whose process stopped while sending becomes unknown (never re-sent).
 * See jobs/outbox.ts.
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'logged', 'failed', 'unknown'] as const;

/**
 * Durable deliveries (email, SMS, push). Written in the same transaction as the change that causes
 * them; a worker claims rows with FOR UPDATE SKIP LOCKED, marks each one 'sending' before handing it
 * to a sender, and retries with backoff.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    /** What the delivery is about, e.g. 'verify_email', 'reset_password', 'new_request'. */
    topic: text('topic').notNull(),
    recipient: text('recipient').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Kept for the administrator's Request Audit (businesses notified of a request). */
    requestId: uuid('request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_channel_check', sql`${t.channel} in (${sqlList(OUTBOX_CHANNELS)})`),
    check('outbox_status_check', sql`${t.status} in (${sqlList(OUTBOX_STATUSES)})`),
    index('outbox_pending_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'pending'`),
    // Rows left 'sending' by a process that stopped are found by their lease end (run_at).
    index('outbox_sending_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'sending'`),
    index('outbox_request_idx')
      .on(t.requestId)
      .where(sql`${t.requestId} is not null`),
  ],
);

/** Metadata of stored files; the bytes live in local storage or S3 under a random key. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [
    check('uploads_purpose_check', sql`${t.purpose} in (${sqlList(UPLOAD_PURPOSES)})`),
    check('uploads_size_check', sql`${t.byteSize} > 0`),
    index('uploads_owner_idx').on(t.ownerId),
  ],
);
