import { and, eq, sql } from 'drizzle-orm';
import { businessResponses, disputes } from '../../db/schema';

/**
 * Joins a job (a business_responses row) to its latest dispute: the open one, else the last to end
 * (a job whose accepted fix was completed again may be contested again, so it can have several). A
 * page of bookings or jobs reads its disputes in its own query this way, never one query per row;
 * disputes_response_idx (response_id, created_at desc) answers both the join and the newer-one check.
 */
export const latestDisputeOfJob = and(
  eq(disputes.responseId, businessResponses.id),
  sql`not exists (select 1 from ${disputes} later where later.response_id = ${disputes.responseId}
    and (later.created_at, later.id) > (${disputes.createdAt}, ${disputes.id}))`,
);
