import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A fingerprint of every row of every table, to prove that a refused request changed nothing.
 * Tables that record the attempt itself rather than the marketplace are left out (named here).
 */
const NOT_STATE = new Set([
  // Better Auth's and our rate-limit counters count refused attempts too, by design.
  'rate_limit',
  'rate_limits',
]);

/**
 * Tables a background worker updates on its own (the outbox's attempts and statuses): only which rows
 * exist counts.
 */
const ROWS_ONLY: Record<string, string> = { outbox: 'id' };

export async function databaseDigest(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  ).map((t) => t.name);
  const digest: Record<string, string> = {};
  for (const name of tables) {
    if (NOT_STATE.has(name) || name.startsWith('__drizzle')) continue;
    const value = ROWS_ONLY[name] ? `t.${ROWS_ONLY[name]}::text` : 't::text';
    const [row] = rowsOf<{ n: string | number; h: string | null }>(
      await db.execute(
        sql.raw(
          `select count(*) as n, md5(string_agg(${value}, '|' order by ${value})) as h from "${name}" t`,
        ),
      ),
    );
    digest[name] = `${row?.n ?? 0}:${row?.h ?? ''}`;
  }
  return digest;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
