import { LIVE_EVENT_KINDS, LIVE_EVENT_OPS } from '@grip/domain';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, sqlList } from './columns';

/**
 * The log behind live updates: one row per change of a request, response, message or notification,
 * written by a trigger in the changing transaction (so no write path can forget it) and announced
 * with pg_notify on commit. It holds ids and kinds only; who may hear of a change is decided when it
 * is delivered. Kept a day, for replay after a reconnect (Last-Event-ID).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    op: text('op').notNull(),
    entityId: text('entity_id').notNull(),
    /**
     * For a request: it was open and unarchived before or after this change, so the businesses it
     * matches may hear of it (one that closed leaves their feeds). Closed requests are theirs no more.
     */
    isOpenToMatches: boolean('is_open_to_matches').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('live_events_kind_check', sql`${t.kind} in (${sqlList(LIVE_EVENT_KINDS)})`),
    check('live_events_op_check', sql`${t.op} in (${sqlList(LIVE_EVENT_OPS)})`),
    index('live_events_created_idx').on(t.createdAt),
  ],
);
