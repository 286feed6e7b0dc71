import { sql, type SQL } from 'drizzle-orm';

/**
 * A lifecycle state written into the statement as a literal rather than a bound parameter, for a
 * filter that must match a partial index's predicate (the status predicates in db/schema) under any
 * plan: PostgreSQL proves a partial index applies only from constants. A custom plan folds bound
 * values in first, a generic plan (a prepared statement run many times) does not. The states are the
 * domain's own words (lifecycles), never user input; anything else is refused.
 */
export function stateLiteral(state: string): SQL {
  if (!/^[a-z_]+$/.test(state)) throw new Error(`Not a lifecycle state: ${state}`);
  return sql.raw(`'${state}'`);
}
