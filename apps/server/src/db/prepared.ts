import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();

/**
 * A statement written in SQL (with Drizzle's fragments, e.g. a column or a shared expression, and
 * `$1`, `$2`… for its values), rendered to text once. Hot writes that are one statement of several
 * CTEs use it: Drizzle's query builder cannot express them, and preparing them by name saves
 * PostgreSQL parsing and planning them on every call (measured: 1.7× the statements a second,
 * docs/performance.md).
 */
export interface PreparedSql {
  name: string;
  text: string;
}

export function preparedSql(name: string, statement: SQL): PreparedSql {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  // Values are `$n` placeholders written into the text, never Drizzle parameters.
  if (params.length > 0) throw new Error(`${name}: pass values as $n placeholders, not parameters`);
  return { name, text };
}

type Client = pg.Pool | PGlite;

/**
 * Runs a prepared statement outside any transaction (it commits on its own) and returns its rows.
 * On PostgreSQL each pooled connection prepares it by name on first use; PGlite runs the text.
 */
export async function runPrepared<Row>(db: Db, statement: PreparedSql, values: unknown[]): Promise<Row[]> {
  // Drizzle keeps the driver's client on the database it made (node-postgres Pool or PGlite).
  const client = (db as unknown as { $client: Client }).$client;
  if ('waitReady' in client) return (await client.query<Row>(statement.text, values)).rows;
  const result = await client.query({ name: statement.name, text: statement.text, values });
  return result.rows as Row[];
}
