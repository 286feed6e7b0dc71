import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * The rate-limit counters every process shares on PostgreSQL (lib/rate-limits.ts, decision 022),
 * written and read only by rate-limiter-flexible's PostgreSQL store: its own table layout, column
 * for column (`key varchar(255) primary key, points integer not null default 0, expire bigint`).
 * One row per limit and key (`<limit>:<key>`, long keys hashed) holding the tries counted in the
 * current window and when it ends (ms since the epoch); the marks of the auth throttle's known
 * addresses are rows here too, with a 30-day expiry. Rows an hour past their end are swept.
 * The embedded database keeps its counters in the process's memory and never uses this table.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  // The sweep of ended windows.
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
