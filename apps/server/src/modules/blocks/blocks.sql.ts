import { sql, type SQL } from 'drizzle-orm';

/**
 * Block enforcement as SQL (issue 32), for the statements of the modules a block stops: messages,
 * quotes, the business feed and its new-request notices. This folder imports no module, so any
 * module may use it (the moderation module, which manages blocks, imports those modules).
 *
 * `a` and `b` are two accounts as SQL (columns, values or placeholders). Either blocking the other
 * stands between them; both directions are one primary-key lookup each (blocks_pkey).
 */
export function isBlockedBetween(a: SQL, b: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from blocks bk
    where (bk.blocker_id = ${a} and bk.blocked_id = ${b}) or (bk.blocker_id = ${b} and bk.blocked_id = ${a}))`;
}

/** Neither of the two accounts blocks the other. */
export function notBlockedBetween(a: SQL, b: SQL): SQL<boolean> {
  return sql<boolean>`not ${isBlockedBetween(a, b)}`;
}
