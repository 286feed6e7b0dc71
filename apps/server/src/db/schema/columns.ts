import { sql, type SQL } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** Timestamps are stored in UTC with time zone (docs/decisions/001). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const emptyTextArray = sql`'{}'::text[]`;

/** SQL list literal for CHECK constraints built from the domain vocabularies. */
export function sqlList(values: readonly string[]) {
  return sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));
}

/**
 * SQL of the domain's normalizeTerm: lower case, '&' as 'and', single spaces, trimmed. Immutable, so
 * a generated column may use it (service_requests.match_terms).
 */
export function normalizedTerm(expr: SQL): SQL {
  return sql`trim(regexp_replace(regexp_replace(lower(trim(${expr})), '[[:space:]]*&[[:space:]]*', ' and ', 'g'), '[[:space:]]+', ' ', 'g'))`;
}

/**
 * A request's match terms, as the domain's matchesCategories compares them with a business's
 * categories: its service type, its subtype, and the subtype's hyphens as spaces, each normalised.
 */
export function requestMatchTerms(serviceType: SQL, serviceSubtype: SQL): SQL {
  const words = sql`regexp_replace(trim(both '-' from trim(${serviceSubtype})), '-+', ' ', 'g')`;
  return sql`array[${normalizedTerm(serviceType)}, ${normalizedTerm(serviceSubtype)}, ${normalizedTerm(words)}]`;
}
