import {
  CUSTOMER_OFFER_MESSAGES as CUSTOMER,
  OPPORTUNITY_MESSAGES as BUSINESS,
} from '../offers/offer-messages';
import { RESPONSE_STATUSES, type RequestStatus, type ResponseStatus } from '../shared/statuses';
import { defineLifecycle, statesFrom, stateAfter, type Guard } from './lifecycle';

/**
 * The offer: a business's response to a request, negotiated with counter offers until the customer
 * confirms it (spec 2 §4 "Response dialog actions", spec 3 §4, decisions 006, 007 and 019). Every
 * action needs a pending offer; who may act and what holds them back differ by party.
 */
export interface OfferFacts {
  requestStatus: RequestStatus;
  isRequestArchived: boolean;
  /** The business archived its response (Archive Management, or the older completion_status 'archived'). */
  isOfferArchived: boolean;
  /** The customer's modified offer awaits the business (spec 2 §4 "Pending counter offer"). */
  customerCounterOfferAwaitsBusiness: boolean;
  /** The business's counter offer awaits the customer (spec 3 §4). */
  businessCounterOfferAwaitsCustomer: boolean;
  /** The thread's newest message is the customer's counter offer: what Accept Request takes (decision 007). */
  customerCounterOfferIsNewest: boolean;
}

export type OfferAction =
  // The customer's
  | 'confirm'
  | 'modify'
  | 'ignore'
  // The business's
  | 'editOffer'
  | 'accept'
  | 'keepQuote'
  // Either party's
  | 'decline'
  // Grip's, when the customer confirms another offer on the request
  | 'reject'
  // Grip's, when either party cancels the booking (the job lifecycle decides who may)
  | 'cancel';

type OfferGuard = Guard<ResponseStatus, OfferFacts>;

const requestOpen = (refusal: string): OfferGuard => ({
  refusal,
  holds: (f) => f.requestStatus === 'open',
});
const requestOpenForCustomer: OfferGuard = {
  refusal: CUSTOMER.requestNotOpen,
  holds: (f) => f.requestStatus === 'open' && !f.isRequestArchived,
};
const noCustomerCounterOfferWaiting: OfferGuard = {
  refusal: CUSTOMER.counterOfferPendingDetail,
  holds: (f) => !f.customerCounterOfferAwaitsBusiness,
};
/** Archive flags decide the business's words before anything else does. */
const notArchivedByEither: OfferGuard[] = [
  { refusal: BUSINESS.archived, holds: (f) => !f.isOfferArchived },
  { refusal: BUSINESS.requestNotOpen, holds: (f) => !f.isRequestArchived },
];
const noBusinessCounterOfferWaiting: OfferGuard = {
  refusal: BUSINESS.counterOfferPendingDetail,
  holds: (f) => !f.businessCounterOfferAwaitsCustomer,
};

const customerNegotiates = {
  who: ['customer'],
  from: ['pending'],
  before: [requestOpenForCustomer],
  refusedFrom: CUSTOMER.notOpen,
  guards: [noCustomerCounterOfferWaiting],
} as const;
const businessNegotiates = {
  who: ['business'],
  from: ['pending'],
  before: notArchivedByEither,
  refusedFrom: BUSINESS.notPending,
} as const;

export const OFFER_LIFECYCLE = defineLifecycle<ResponseStatus, OfferAction, OfferFacts>({
  name: 'offer',
  states: RESPONSE_STATUSES,
  initial: 'pending',
  transitions: [
    { action: 'confirm', ...customerNegotiates, to: 'accepted' },
    { action: 'modify', ...customerNegotiates },
    { action: 'decline', ...customerNegotiates, to: 'declined' },
    // Hiding an offer needs only that it is still pending.
    { action: 'ignore', who: ['customer'], from: ['pending'], to: 'ignored', refusedFrom: CUSTOMER.notOpen },
    {
      action: 'editOffer',
      ...businessNegotiates,
      guards: [requestOpen(BUSINESS.requestNotOpen), noBusinessCounterOfferWaiting],
    },
    {
      action: 'decline',
      ...businessNegotiates,
      to: 'declined',
      guards: [requestOpen(BUSINESS.requestNotOpen), noBusinessCounterOfferWaiting],
    },
    {
      action: 'accept',
      ...businessNegotiates,
      guards: [
        requestOpen(BUSINESS.requestNotOpen),
        noBusinessCounterOfferWaiting,
        { refusal: BUSINESS.noCustomerCounterOffer, holds: (f) => f.customerCounterOfferIsNewest },
      ],
    },
    // Keep My Quote answers the customer's change: the business's own counter offer does not hold it back.
    { action: 'keepQuote', ...businessNegotiates, guards: [requestOpen(BUSINESS.requestNotOpen)] },
    // Ignored offers stay ignored: the customer hid them, and rejecting would bring them back.
    {
      action: 'reject',
      who: ['grip'],
      from: ['pending', 'in_progress'],
      to: 'rejected',
      refusedFrom: CUSTOMER.notOpen,
    },
    // A cancelled booking leaves 'accepted', so everything a booking opens closes with it: the exact
    // address, the conversation, the active lists — and the request may be booked again.
    {
      action: 'cancel',
      who: ['grip'],
      from: ['accepted'],
      to: 'cancelled',
      refusedFrom: CUSTOMER.notOpen,
    },
  ],
});

/** What an offer is once the customer confirms it: a booking (the job lifecycle takes over). */
export const BOOKED_OFFER: ResponseStatus = stateAfter(OFFER_LIFECYCLE, 'confirm');
/** A booking called off by either party: shown with who cancelled and why, closed to every action. */
export const CANCELLED_OFFER: ResponseStatus = stateAfter(OFFER_LIFECYCLE, 'cancel');
/** Offers still in play on a request: what confirming another rejects. */
export const OFFERS_IN_PLAY: readonly ResponseStatus[] = statesFrom(OFFER_LIFECYCLE, 'reject');
/** Offers the customer hid: gone from every list of theirs. */
export const IGNORED_OFFER: ResponseStatus = stateAfter(OFFER_LIFECYCLE, 'ignore');
/** Offers that ended without a booking: the customer declined, the business declined, or another won. */
export const DECLINED_OFFERS: readonly ResponseStatus[] = [
  stateAfter(OFFER_LIFECYCLE, 'decline'),
  stateAfter(OFFER_LIFECYCLE, 'reject'),
];
/**
 * Spec 3 §4 lists a response `in_progress` beside `accepted` as a job being worked on. Nothing writes
 * it now (the job's own lifecycle carries the work); older rows read as booked.
 */
export const BOOKED_OFFERS: readonly ResponseStatus[] = [BOOKED_OFFER, 'in_progress'];

/**
 * The facts as the customer's screens know them: the request's status and whether their own counter
 * offer awaits the business. The customer's rows read nothing else (archived requests never reach
 * these screens; the server's check reads the archive flags too, through offerFactsOf).
 */
export function customerSideOfferFacts(
  requestStatus: RequestStatus,
  customerCounterOfferAwaitsBusiness: boolean,
): OfferFacts {
  return {
    requestStatus,
    isRequestArchived: false,
    isOfferArchived: false,
    customerCounterOfferAwaitsBusiness,
    businessCounterOfferAwaitsCustomer: false,
    customerCounterOfferIsNewest: false,
  };
}
