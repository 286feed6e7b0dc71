import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * The rate-limit counters every process shares on PostgreSQL (lib/rate-limits.ts, decision 022),
 * written and read only by rate-limiter-flexible's PostgreSQL store: its own table layout, column
 * for column (`key varchar(255) primary key, points integer not null default 0, expire bigint`).
 * One row per limit and key (`<limit>:<key>`, long keys hashed) holding the tries counted in the
 * current window and when it ends (ms since the epoch); the marks of the auth throttle's known
 * addresses are rows here too, with a 30-day expiry. Rows an hour past their end are swept.
 * The embedded database keeps its counters in the process's memory and never uses this table.
 *
 * UNLOGGED (drizzle cannot say so: its migration says `CREATE UNLOGGED TABLE`): every counted try is
 * a commit, and a logged one would wait for the write-ahead log to reach the disk. A crash of
 * PostgreSQL or a fail-over to a replica empties it — every window starts again, and accounts must
 * sign in once more to be known at an address — which is less than a restart of the server forgot
 * before (the counters lived in its memory).
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
