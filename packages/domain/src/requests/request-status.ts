import { statusLabel } from '../shared/statuses';
import { EXPIRY_WINDOW_MS, isExpired, latestOf } from '../shared/time-windows';
import { decide, stateOf } from '../lifecycles/lifecycle';
import { REQUEST_LIFECYCLE } from '../lifecycles/request';
import { COMPLETED_JOB } from '../lifecycles/job';
import { ASSIGNED_REQUEST } from '../lifecycles/named-states';

/** What decides how a request is shown (spec 2 §4, "Display status of a request"). */
export interface RequestStatusFacts {
  status: string;
  /** completion_status of the accepted response, or null when none is accepted. */
  acceptedCompletionStatus: string | null;
  hasAcceptedResponse: boolean;
  latestActivityAt: Date;
}

export type RequestDisplayStatus = 'COMPLETED' | 'CONFIRMED' | 'EXPIRED' | (string & {});

/**
 * The newest of the request's updated_at and every response's created_at and updated_at
 * (the latest-activity rule of spec 2 §4).
 */
export function latestActivity(
  requestUpdatedAt: Date,
  responses: readonly { createdAt: Date; updatedAt?: Date | null }[],
): Date {
  return (
    latestOf(requestUpdatedAt, ...responses.flatMap((r) => [r.createdAt, r.updatedAt])) ?? requestUpdatedAt
  );
}

/**
 * The spec's display statuses are COMPLETED, CONFIRMED, EXPIRED or the request status in words: there
 * is no CONTESTED badge on My Requests, so a contested job (accepted, not `completed`) shows CONFIRMED
 * until the business resolves it; Job History and the contest note carry the contest itself.
 */
export function requestDisplayStatus(facts: RequestStatusFacts, now: Date): RequestDisplayStatus {
  if (facts.hasAcceptedResponse && facts.acceptedCompletionStatus === COMPLETED_JOB) return 'COMPLETED';
  if (facts.hasAcceptedResponse || facts.status === ASSIGNED_REQUEST) return 'CONFIRMED';
  if (isExpired(facts.latestActivityAt, now)) return 'EXPIRED';
  return statusLabel(facts.status);
}

/** My Requests sections: Active (activity within 48 h) and Expired (none for over 48 h). */
export const MY_REQUEST_SECTIONS = ['active', 'expired'] as const;
export type MyRequestSection = (typeof MY_REQUEST_SECTIONS)[number];

export function myRequestSection(latestActivityAt: Date, now: Date): MyRequestSection {
  return isExpired(latestActivityAt, now) ? 'expired' : 'active';
}

/** Activity at or after this instant is "active" at `now`. */
export function activeSince(now: Date): Date {
  return new Date(now.getTime() - EXPIRY_WINDOW_MS);
}

/**
 * Resubmit is offered when the request is not open (spec), and also for an open request that has
 * expired with nothing booked (our reading: that is when a customer wants to send it again). Never for
 * a request with an accepted response: that would reopen a booking.
 */
export function canResubmit(facts: RequestStatusFacts, now: Date): boolean {
  return decide(REQUEST_LIFECYCLE, 'resubmit', 'customer', stateOf(REQUEST_LIFECYCLE, facts.status), {
    hasAcceptedResponse: facts.hasAcceptedResponse,
    latestActivityAt: facts.latestActivityAt,
    now,
  }).allowed;
}

/** A request can be edited until a quote of it is accepted. */
export function canEditRequest(facts: Pick<RequestStatusFacts, 'hasAcceptedResponse' | 'status'>): boolean {
  return decide(REQUEST_LIFECYCLE, 'edit', 'customer', stateOf(REQUEST_LIFECYCLE, facts.status), {
    hasAcceptedResponse: facts.hasAcceptedResponse,
  }).allowed;
}
