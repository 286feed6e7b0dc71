import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import { readJournal } from './migration-level';
import type { MigrationLevel } from './backup-format';

/**
 * What a backup and a restore learn from the database itself (PostgreSQL's catalogs), so that they
 * follow the schema as migrated rather than a list kept by hand: tables, their columns, the order
 * foreign keys allow, sequences and the migration level.
 */

type Queryable = Db | Tx;

export async function query<T>(db: Queryable, statement: SQL): Promise<T[]> {
  // Both drivers answer execute() with an object holding `rows` (node-postgres QueryResult, PGlite Results).
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A name as a quoted SQL identifier. Names come from the catalog or are checked against it first. */
export function ident(name: string): SQL {
  return sql.raw(`"${name.replace(/"/g, '""')}"`);
}

/** The tables of the drizzle schema: what the application keeps (a library's own tables are not). */
export function schemaTableNames(): Set<string> {
  const names = new Set<string>();
  for (const value of Object.values(schema) as unknown[]) {
    if (is(value, PgTable)) names.add(getTableConfig(value).name);
  }
  return names;
}

export interface TableShape {
  name: string;
  /** Columns a row is written with: generated ones are left out (the target computes them). */
  columns: string[];
  /** A `generated always as identity` column, which an insert must override to keep the values. */
  hasAlwaysIdentity: boolean;
}

/** Every ordinary table in the public schema with its columns, by name. */
export async function publicTables(db: Queryable): Promise<Map<string, TableShape>> {
  const rows = await query<{ table: string; column: string; identity: string; generated: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column", a.attidentity as identity, a.attgenerated as generated
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableShape>();
  for (const row of rows) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [], hasAlwaysIdentity: false };
    tables.set(row.table, table);
    if (row.generated !== '') continue;
    table.columns.push(row.column);
    if (row.identity === 'a') table.hasAlwaysIdentity = true;
  }
  return tables;
}

/**
 * The tables in an order in which every row's foreign keys point at rows already inserted: each
 * table after the ones it references (a table referring to itself would need its rows ordered too;
 * none does). Ties keep alphabetical order, so the order is the same on every run.
 */
export async function foreignKeyOrder(db: Queryable, names: string[]): Promise<string[]> {
  const edges = await query<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const wanted = new Set(names);
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (child !== parent && wanted.has(child) && wanted.has(parent)) parents.get(child)!.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const remaining = [...names].sort();
  while (remaining.length > 0) {
    const next = remaining.findIndex((name) => [...parents.get(name)!].every((p) => placed.has(p)));
    if (next < 0) throw new Error(`Foreign keys form a cycle among: ${remaining.join(', ')}`);
    const [name] = remaining.splice(next, 1);
    ordered.push(name!);
    placed.add(name!);
  }
  return ordered;
}

export async function publicSequences(db: Queryable): Promise<string[]> {
  const rows = await query<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  return rows.map((r) => r.name);
}

export async function readSequence(
  db: Queryable,
  name: string,
): Promise<{ lastValue: string; isCalled: boolean }> {
  const [row] = await query<{ last_value: string; is_called: boolean }>(
    db,
    sql`select last_value::text as last_value, is_called from ${ident(name)}`,
  );
  if (!row) throw new Error(`Sequence ${name} has no row`);
  return { lastValue: row.last_value, isCalled: row.is_called };
}

/** The newest migration drizzle applied here, or null on a database it never migrated. */
export async function migrationLevelOf(db: Queryable): Promise<MigrationLevel | null> {
  const [present] = await query<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present?.present) return null;
  const [row] = await query<{ newest: string | null; count: string | number }>(
    db,
    sql`select max(created_at)::text as newest, count(*) as count from drizzle.__drizzle_migrations`,
  );
  if (!row?.newest) return null;
  const when = Number(row.newest);
  const entry = readJournal().find((e) => e.when === when);
  return { tag: entry?.tag ?? null, when, count: Number(row.count) };
}

/** Which of the listed tables hold at least one row. */
export async function tablesWithRows(db: Queryable, names: string[]): Promise<string[]> {
  const occupied: string[] = [];
  for (const name of names) {
    const [row] = await query<{ present: boolean }>(
      db,
      sql`select exists (select 1 from ${ident(name)}) as present`,
    );
    if (row?.present) occupied.push(name);
  }
  return occupied;
}
