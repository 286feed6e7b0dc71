import { AUDIT_ACTIONS } from '@grip/domain';
import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, sqlList } from './columns';

/**
 * What accounts did that administrators may need to look back on (decision 018): today each move of
 * a business's address. Written in the transaction of the change itself; never updated.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Who did it; null once that account is deleted (the event stays). */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** What changed, from and to (areas and addresses as the account entered them). */
    details: jsonb('details').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('audit_events_action_check', sql`${t.action} in (${sqlList(AUDIT_ACTIONS)})`),
    // The limit on address changes reads one account's recent events of one kind.
    index('audit_events_actor_action_created_idx').on(t.actorId, t.action, t.createdAt.desc()),
    // The administrators' list: newest first.
    index('audit_events_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
