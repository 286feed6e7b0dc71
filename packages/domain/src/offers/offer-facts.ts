import { ARCHIVED_JOB } from '../lifecycles/job';
import type { OfferFacts } from '../lifecycles/offer';
import type { RequestStatus } from '../shared/statuses';
import { hasCustomerCounterOffer, hasPendingCounterOffer, type MessageFact } from './business-opportunities';
import { hasPendingCustomerCounterOffer } from './customer-offers';

/**
 * The facts the offer lifecycle's guards read (lifecycles/offer.ts), from the offer, its request and
 * its thread. Each party's counter-offer rule counts messages from the other side as its answer.
 */
export function offerFactsOf(
  offer: { businessUserId: string; isArchived: boolean; completionStatus: string },
  request: { customerUserId: string; status: RequestStatus; isArchived: boolean },
  messages: readonly MessageFact[],
): OfferFacts {
  return {
    requestStatus: request.status,
    isRequestArchived: request.isArchived,
    // The older way a business archived a job (completion_status 'archived') counts as archived.
    isOfferArchived: offer.isArchived || offer.completionStatus === ARCHIVED_JOB,
    customerCounterOfferAwaitsBusiness: hasPendingCustomerCounterOffer(messages, request.customerUserId),
    businessCounterOfferAwaitsCustomer: hasPendingCounterOffer(messages, offer.businessUserId),
    customerCounterOfferIsNewest: hasCustomerCounterOffer(messages, offer.businessUserId),
  };
}
