import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** Timestamps are stored in UTC with time zone (docs/decisions/001). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const emptyTextArray = sql`'{}'::text[]`;

/** SQL list literal for CHECK constraints built from the domain vocabularies. */
export function sqlList(values: readonly string[]) {
  return sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
}
