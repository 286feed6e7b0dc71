import {
  RESPONSE_STATUSES,
  type CompletionStatus,
  type RequestStatus,
  type ResponseStatus,
} from '../shared/statuses';
import { statesFrom, stateAfter } from './lifecycle';
import { COMPLETED_JOB, CONTESTED_JOB } from './job';
import {
  BOOKED_OFFER,
  CANCELLED_OFFER,
  DECLINED_OFFERS,
  IGNORED_OFFER,
  OFFER_LIFECYCLE,
  OFFERS_IN_PLAY,
} from './offer';
import { COMPLETED_REQUEST, REQUEST_LIFECYCLE } from './request';

/**
 * The states and sets of states that lists, badges, counts and SQL filters read, named by what they
 * mean and taken from the tables (or composed from the tables' own names), so no screen or query
 * spells a status. The transitions themselves live in request.ts, offer.ts and job.ts.
 */

/** An offer waiting on the customer's answer: the Pending metric, the new-responses badge, open quotes. */
export const PENDING_OFFER: ResponseStatus = OFFER_LIFECYCLE.initial;

/** An offer closed because the customer booked another on the request: its business is told so. */
export const REJECTED_OFFER: ResponseStatus = stateAfter(OFFER_LIFECYCLE, 'reject');

/**
 * Offers the business won — the customer chose them — whatever stage the work reached since (spec 3
 * §4's in_progress and completed responses included): every state but waiting, ended without a
 * booking, hidden, or cancelled. The Scheduled and Earned metrics and the market's prices read it.
 */
export const WON_OFFERS: readonly ResponseStatus[] = RESPONSE_STATUSES.filter(
  (s) => s !== PENDING_OFFER && !DECLINED_OFFERS.includes(s) && s !== IGNORED_OFFER && s !== CANCELLED_OFFER,
);

/** Offers still in play or booked: the administrators' "active offers" (pending, accepted, confirmed). */
export const ACTIVE_OFFERS: readonly ResponseStatus[] = [...OFFERS_IN_PLAY, BOOKED_OFFER];

/** A request the customer booked an offer for: its job is under way. */
export const ASSIGNED_REQUEST: RequestStatus = stateAfter(REQUEST_LIFECYCLE, 'assign');

/**
 * Requests a confirmed offer took — its job to do or done: what My Responses leaves out of Expired
 * Requests (spec 2).
 */
export const BOOKED_REQUESTS: readonly RequestStatus[] = [
  ...statesFrom(REQUEST_LIFECYCLE, 'complete'),
  COMPLETED_REQUEST,
];

/**
 * Jobs the business finished: completed, and contested until the business answers (redo sends one
 * back to the jobs to do, resolve leaves it completed). The customer's Job History.
 */
export const FINISHED_JOBS: readonly CompletionStatus[] = [COMPLETED_JOB, CONTESTED_JOB];
