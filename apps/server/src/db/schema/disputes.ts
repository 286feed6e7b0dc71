import { DISPUTE_ANSWER_KINDS, DISPUTE_OUTCOMES, DISPUTE_STATUSES } from '@grip/domain';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, sqlList, updatedAt } from './columns';
import { businessResponses } from './responses';

/**
 * A contested completion worked out (issue 32): the customer's reason, the business's answer, the
 * customer's acceptance or escalation, an administrator's decision. One open dispute per job.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    responseId: uuid('response_id')
      .notNull()
      .references(() => businessResponses.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('awaiting_business'),
    answerKind: text('answer_kind', { enum: DISPUTE_ANSWER_KINDS }),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    outcome: text('outcome', { enum: DISPUTE_OUTCOMES }),
    decisionNote: text('decision_note'),
    /** The administrator who decided; null when the customer accepted, or once that account is gone. */
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('disputes_status_check', sql`${t.status} in (${sqlList(DISPUTE_STATUSES)})`),
    check(
      'disputes_answer_kind_check',
      sql`${t.answerKind} is null or ${t.answerKind} in (${sqlList(DISPUTE_ANSWER_KINDS)})`,
    ),
    check(
      'disputes_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in (${sqlList(DISPUTE_OUTCOMES)})`,
    ),
    // One open dispute per job, whatever races happen.
    uniqueIndex('disputes_one_open_key')
      .on(t.responseId)
      .where(sql`${t.status} <> 'resolved'`),
    index('disputes_response_idx').on(t.responseId, t.createdAt.desc()),
    // The administrators' queue: escalated disputes, oldest first.
    index('disputes_escalated_idx')
      .on(t.escalatedAt, t.id)
      .where(sql`${t.status} = 'escalated'`),
  ],
);
