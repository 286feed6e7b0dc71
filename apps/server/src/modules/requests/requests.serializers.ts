import {
  hasPendingCustomerCounterOffer,
  responseStateBadgeOf,
  viewStatusOf,
  type MessageFact,
  type MyRequest,
  type RequestResponseSummary,
} from '@grip/domain';
import type { MyRequestRow, responsesOfRequests } from './requests.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A request row as its owner receives it. */
export function toMyRequest(row: MyRequestRow): MyRequest {
  const r = row.request;
  return {
    id: r.id,
    title: r.title,
    serviceType: r.serviceType,
    serviceSubtype: r.serviceSubtype,
    description: r.description,
    locationAddress: r.locationAddress,
    areaLabel: r.areaLabel,
    latitude: r.latitude,
    longitude: r.longitude,
    serviceAreaKm: r.serviceAreaKm,
    preferredDate: r.preferredDate,
    preferredTime: r.preferredTime,
    timeFlexibility: r.timeFlexibility,
    flexibleDates: r.flexibleDates,
    budgetMin: r.budgetMin,
    budgetMax: r.budgetMax,
    budgetType: r.budgetType,
    isUrgent: r.isUrgent,
    images: r.images,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    archivedAt: iso(r.archivedAt),
    latestActivityAt: row.latestActivityAt.toISOString(),
    responseCount: row.responseCount,
    hasAcceptedResponse: row.acceptedCompletionStatus !== null,
    acceptedCompletionStatus: row.acceptedCompletionStatus,
  };
}

type ResponseRow = Awaited<ReturnType<typeof responsesOfRequests>>[number];

/**
 * The two messages that decide the pending-counter-offer rule: the owner's latest counter offer and
 * the latest message from anyone else. The rule on these gives the same answer as on the whole thread.
 */
function counterOfferFacts(r: ResponseRow): MessageFact[] {
  const facts: MessageFact[] = [];
  if (r.lastCounterOfferAt)
    facts.push({ senderId: r.customerId, messageType: 'counter_offer', createdAt: r.lastCounterOfferAt });
  if (r.lastOtherMessageAt)
    facts.push({ senderId: null, messageType: 'text', createdAt: r.lastOtherMessageAt });
  return facts;
}

/** A response as its request's owner sees it in a list, badges from the domain rules. */
export function toResponseSummary(r: ResponseRow): RequestResponseSummary {
  const pendingCounterOffer = hasPendingCustomerCounterOffer(counterOfferFacts(r), r.customerId);
  return {
    id: r.id,
    businessUserId: r.businessUserId,
    businessName: r.businessName,
    ratingAverage: r.reviewCount > 0 ? r.ratingAverage : null,
    reviewCount: r.reviewCount,
    quotedPrice: r.quotedPrice,
    priceType: r.priceType,
    message: r.message,
    isAcceptedAsIs: r.isAcceptedAsIs,
    availabilityDate: r.availabilityDate,
    availabilityTime: r.availabilityTime,
    status: r.status,
    completionStatus: r.completionStatus,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    stateBadge: responseStateBadgeOf(r.status, r.completionStatus, pendingCounterOffer),
    viewStatus: viewStatusOf(r.seenVersion, r.updatedAt),
    customerSentModifiedOffer: r.sentModifiedOffer,
  };
}
