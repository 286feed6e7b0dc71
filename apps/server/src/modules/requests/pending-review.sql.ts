import { BOOKED_OFFER, COMPLETED_JOB, REVIEW_REVEAL_DAYS } from '@grip/domain';
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { businessResponses, reviews, serviceRequests } from '../../db/schema';

/**
 * The review gate's rule (spec 2 §4) over business_responses joined to service_requests: the
 * customer's accepted job is completed, has a completion date and has no review of theirs. The one
 * definition behind both the gate's list and the server's refusal of new requests; a contested job is
 * not COMPLETED_JOB, so it waits until its dispute ends; one completed over 14 days ago can no longer
 * be reviewed (issue 32), so it is not waited for.
 */
export function awaitingReviewBy(userId: string): SQL {
  return and(
    eq(serviceRequests.userId, userId),
    eq(businessResponses.status, BOOKED_OFFER),
    eq(businessResponses.completionStatus, COMPLETED_JOB),
    isNotNull(businessResponses.completionDate),
    // Reviews close 14 days after completion (double-blind, issue 32): a job past them waits no more.
    sql`${businessResponses.completionDate} > now() - ${sql.raw(`interval '${REVIEW_REVEAL_DAYS} days'`)}`,
    sql`not exists (select 1 from ${reviews} rv where rv.request_id = ${serviceRequests.id} and rv.user_id = ${userId})`,
  )!;
}
