import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, serviceRequests } from '../../db/schema';
import { RESPONSE_METRICS, received, type DashboardBusiness } from './dashboard.repository';

/**
 * The week an instant falls in, as its Monday's date ('YYYY-MM-DD'): truncated in UTC whatever the
 * session's time zone (PGlite and every PostgreSQL server alike), matching the domain's weekBuckets.
 */
export const weekOf = (at: SQL) =>
  sql<string>`to_char(date_trunc('week', (${at}) at time zone 'UTC'), 'YYYY-MM-DD')`;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

interface RawRow {
  series: string;
  week: string;
  count: number | string;
  amount: string;
}

/** One row per series and week with activity; weeks without any are absent (the service fills them). */
export interface SeriesWeekRow {
  series: 'received' | 'responded' | 'won';
  week: string;
  count: number;
  /** The quotes summed, two decimals: only 'won' has any. */
  amount: string;
}

/**
 * The business's four trend series since `since`, in one statement: each series is one grouped
 * aggregate, read with the dashboard's own definitions (received, RESPONSE_METRICS), so a chart and
 * its tile never disagree. The response series walk business_responses_business_created_idx
 * (business_user_id, created_at) for this business; received reads the matching rule as the tile does,
 * from `since` on.
 */
export function businessTrendsQuery(b: DashboardBusiness, since: Date): SQL {
  const respondedAt = RESPONSE_METRICS.responded.dated;
  const won = RESPONSE_METRICS.won;
  return sql`
    select 'received' as series, ${weekOf(sql`${serviceRequests.createdAt}`)} as week,
      count(*)::int as count, '0.00' as amount
    from ${serviceRequests}
    where ${received(b) ?? sql`true`} and ${serviceRequests.createdAt} >= ${ts(since)}
    group by 2
    union all
    select 'responded', ${weekOf(respondedAt)}, count(*)::int, '0.00'
    from ${businessResponses}
    where ${businessResponses.businessUserId} = ${b.userId} and ${respondedAt} >= ${ts(since)}
    group by 2
    union all
    select 'won', ${weekOf(won.dated)}, count(*)::int,
      coalesce(sum(${businessResponses.quotedPrice}), 0)::numeric(14,2)::text
    from ${businessResponses}
    where ${businessResponses.businessUserId} = ${b.userId} and ${won.where} and ${won.dated} >= ${ts(since)}
    group by 2`;
}

export async function businessTrendRows(db: Db, b: DashboardBusiness, since: Date): Promise<SeriesWeekRow[]> {
  const result = await db.execute(businessTrendsQuery(b, since));
  // db.execute's result is typed per driver; both PGlite's and node-postgres's carry `rows`.
  const rows = (result as unknown as { rows: RawRow[] }).rows;
  return rows.map((r) => ({
    series: r.series as SeriesWeekRow['series'],
    week: r.week,
    count: Number(r.count),
    amount: r.amount,
  }));
}
