import {
  CANCELLED_OFFER,
  CONTESTED_JOB,
  FINISHED_JOBS,
  WON_OFFERS,
  type PlatformWeekCounts,
} from '@grip/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, disputes, serviceRequests, users } from '../../db/schema';
import { weekOf } from '../dashboard/trends.repository';

export type PlatformSeries = keyof PlatformWeekCounts;

export interface PlatformSeriesRow {
  series: PlatformSeries;
  week: string;
  count: number;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const list = (states: readonly string[]) =>
  sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  );

/**
 * The platform's weekly counts since `since`, in one statement (definitions: domain platform-trends.ts):
 * - sign-ups and requests are ranges on users_created_at_idx and service_requests_created_idx;
 * - the five response series come from one pass over business_responses: a row touched since
 *   `since` (any of its five instants) gives the instant each series dates it by (a lateral VALUES
 *   list), null where it does not count, grouped once. No index covers those instants across
 *   businesses, so the pass reads the table (60k responses, 7k recent: ~20 ms on PostgreSQL 15); only
 *   the recent rows go through the lateral list. Indexes on business_responses (created_at),
 *   (accepted_at) and (completion_date) would make the filter a bitmap OR if this page ever got slow.
 * A contested job is one whose customer opened a dispute on it (disputes_response_idx), or still
 * marked contested from before disputes existed.
 */
export function platformTrendsQuery(since: Date): SQL {
  const br = businessResponses;
  const isBooking = sql`(${br.status} in (${list(WON_OFFERS)}) or ${br.status} = ${CANCELLED_OFFER})`;
  const isFinished = sql`${br.completionStatus} in (${list(FINISHED_JOBS)}) and ${br.completionDate} is not null`;
  const wasContested = sql`(${br.completionStatus} = ${CONTESTED_JOB}
    or exists (select 1 from ${disputes} d where d.response_id = ${br.id}))`;
  return sql`
    select 'signups' as series, ${weekOf(sql`${users.createdAt}`)} as week, count(*)::int as count
    from ${users}
    where ${users.createdAt} >= ${ts(since)}
    group by 2
    union all
    select 'requests', ${weekOf(sql`${serviceRequests.createdAt}`)}, count(*)::int
    from ${serviceRequests}
    where ${serviceRequests.createdAt} >= ${ts(since)}
    group by 2
    union all
    select dated.series, ${weekOf(sql`dated.at`)}, count(*)::int
    from ${br}
    cross join lateral (values
      ('quotes', ${br.createdAt}),
      ('bookings', case when ${isBooking} then coalesce(${br.acceptedAt}, ${br.updatedAt}) end),
      ('completed', case when ${isFinished} then ${br.completionDate} end),
      ('cancelled', case when ${br.status} = ${CANCELLED_OFFER} then ${br.cancelledAt} end),
      ('contested', case when ${isFinished} and ${wasContested} then ${br.completionDate} end)
    ) as dated(series, at)
    where (${br.createdAt} >= ${ts(since)} or ${br.updatedAt} >= ${ts(since)} or ${br.acceptedAt} >= ${ts(since)}
        or ${br.completionDate} >= ${ts(since)} or ${br.cancelledAt} >= ${ts(since)})
      and dated.at >= ${ts(since)}
    group by 1, 2`;
}

export async function platformTrendRows(db: Db, since: Date): Promise<PlatformSeriesRow[]> {
  const result = await db.execute(platformTrendsQuery(since));
  const rows = (result as unknown as { rows: { series: string; week: string; count: number | string }[] })
    .rows;
  return rows.map((r) => ({ series: r.series as PlatformSeries, week: r.week, count: Number(r.count) }));
}
