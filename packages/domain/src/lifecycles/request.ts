import { RESPONSE_MESSAGES } from '../offers/responses';
import { REQUEST_REFUSALS } from '../requests/request-messages';
import { REQUEST_STATUSES, type RequestStatus } from '../shared/statuses';
import { isExpired } from '../shared/time-windows';
import { defineLifecycle, stateAfter } from './lifecycle';

/**
 * The service request: posted open, answered with quotes, assigned when the customer confirms one,
 * completed with its job (spec 2 §4). Archiving is a flag beside the status, not a state.
 *
 * Each action reads a few of the facts; one that is not given does not hold (the action is refused).
 */
export interface RequestFacts {
  /** A quote of it was confirmed: the request belongs to that booking now. */
  hasAcceptedResponse?: boolean;
  /** Spec 2 §4's latest activity: an open request is resubmitted only once it has expired. */
  latestActivityAt?: Date;
  now?: Date;
  isArchived?: boolean;
  /** For a business's quote: it already answered this request. */
  alreadyAnswered?: boolean;
}

export type RequestAction = 'edit' | 'resubmit' | 'quote' | 'assign' | 'complete' | 'reopen' | 'cancel';

export const REQUEST_LIFECYCLE = defineLifecycle<RequestStatus, RequestAction, RequestFacts>({
  name: 'request',
  states: REQUEST_STATUSES,
  initial: 'open',
  transitions: [
    // Until a quote of it is accepted.
    {
      action: 'edit',
      who: ['customer'],
      from: ['open', 'cancelled'],
      refusedFrom: REQUEST_REFUSALS.notEditable,
      guards: [{ refusal: REQUEST_REFUSALS.notEditable, holds: (f) => f.hasAcceptedResponse === false }],
    },
    // Resubmit is offered when the request is not open (spec), and for an open one that expired with
    // nothing booked (our reading). Never with an accepted response: that would reopen a booking.
    {
      action: 'resubmit',
      who: ['customer'],
      from: ['open', 'assigned', 'in_progress', 'cancelled'],
      to: 'open',
      refusedFrom: REQUEST_REFUSALS.notResubmittable,
      guards: [
        { refusal: REQUEST_REFUSALS.notResubmittable, holds: (f) => f.hasAcceptedResponse === false },
        {
          refusal: REQUEST_REFUSALS.notResubmittable,
          holds: (f, state) =>
            state !== 'open' ||
            (f.latestActivityAt !== undefined && f.now !== undefined && isExpired(f.latestActivityAt, f.now)),
        },
      ],
    },
    // One quote per business, on an open, unarchived request (one it does not match is not found).
    {
      action: 'quote',
      who: ['business'],
      from: ['open'],
      before: [{ refusal: RESPONSE_MESSAGES.alreadyResponded, holds: (f) => f.alreadyAnswered !== true }],
      refusedFrom: RESPONSE_MESSAGES.notOpen,
      guards: [{ refusal: RESPONSE_MESSAGES.notOpen, holds: (f) => f.isArchived === false }],
    },
    // Grip's consequences of the job: the customer confirms an offer, the business completes the job,
    // the business redoes a contested job.
    {
      action: 'assign',
      who: ['grip'],
      from: ['open'],
      to: 'assigned',
      refusedFrom: REQUEST_REFUSALS.changedMeanwhile,
    },
    {
      action: 'complete',
      who: ['grip'],
      from: ['assigned', 'in_progress'],
      to: 'completed',
      refusedFrom: REQUEST_REFUSALS.changedMeanwhile,
    },
    {
      action: 'reopen',
      who: ['grip'],
      from: ['completed'],
      to: 'in_progress',
      refusedFrom: REQUEST_REFUSALS.changedMeanwhile,
    },
    // Its booking was cancelled: the request is cancelled with it, and the customer may send it out
    // again (resubmit) for other quotes.
    {
      action: 'cancel',
      who: ['grip'],
      from: ['assigned', 'in_progress'],
      to: 'cancelled',
      refusedFrom: REQUEST_REFUSALS.changedMeanwhile,
    },
  ],
});

/** Requests businesses may answer and the feed shows. */
export const OPEN_REQUEST: RequestStatus = REQUEST_LIFECYCLE.initial;
/** A request whose job was completed. */
export const COMPLETED_REQUEST: RequestStatus = stateAfter(REQUEST_LIFECYCLE, 'complete');
/** A request whose booking was cancelled: the customer may send it out again. */
export const CANCELLED_REQUEST: RequestStatus = stateAfter(REQUEST_LIFECYCLE, 'cancel');
