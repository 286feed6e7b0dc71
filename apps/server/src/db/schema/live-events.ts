import { LIVE_EVENT_KINDS, LIVE_EVENT_OPS } from '@grip/domain';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, emptyTextArray, sqlList } from './columns';

/**
 * The log behind live updates: one row per change of a request, response, message or notification,
 * written by a trigger in the changing transaction (so no write path can forget it, and a rolled-back
 * change leaves nothing). Every server process reads new rows by id (modules/live/live-hub.ts): no
 * NOTIFY, whose commit lock would serialise every write. It holds ids and kinds, and the users fixed
 * at write time who may hear of the change. Kept a day, for replay after a reconnect (Last-Event-ID).
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
    /**
     * Who may hear of it, as far as that is fixed when it is written (drizzle/0023): a message's
     * sender and receiver, a notification's user, a response's business and its request's owner, a
     * request's owner. A request's responders and matching businesses are looked up on delivery.
     */
    audience: text('audience').array().notNull().default(emptyTextArray),
    createdAt: createdAt(),
  },
  (t) => [
    check('live_events_kind_check', sql`${t.kind} in (${sqlList(LIVE_EVENT_KINDS)})`),
    check('live_events_op_check', sql`${t.op} in (${sqlList(LIVE_EVENT_OPS)})`),
    index('live_events_created_idx').on(t.createdAt),
  ],
);
