import {
  BOOKED_OFFER,
  customerOfferActions,
  PENDING_OFFER,
  OfferTermsSchema,
  responseStateBadgeOf,
  roundRating,
  viewStatusOf,
  type CustomerOffer,
  type MessageFact,
  type OfferMessage,
  type OfferTerms,
  hasCustomerSentModifiedOffer,
} from '@grip/domain';
import { termsVersionOf } from '../../lib/terms-version';
import { quotedRequestVersion } from '../requests/request-version';
import type { MessageRow, ResponseRow } from '../opportunities/opportunities.repository';
import type { OfferRow } from './offers.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toFact = (m: MessageRow): MessageFact => ({
  senderId: m.senderId,
  messageType: m.messageType,
  createdAt: m.createdAt,
});

/** The terms stored with a counter offer, or null for messages without (or with unreadable) terms. */
export function termsOf(m: MessageRow): OfferTerms | null {
  if (m.offerTerms === null || m.offerTerms === undefined) return null;
  const parsed = OfferTermsSchema.safeParse(m.offerTerms);
  return parsed.success ? parsed.data : null;
}

function toOfferMessage(m: MessageRow, customerId: string): OfferMessage {
  return {
    id: m.id,
    fromCustomer: m.senderId === customerId,
    message: m.message,
    messageType: m.messageType,
    attachments: m.attachments,
    offerTerms: termsOf(m),
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * What the customer agrees to by confirming (decision 019): every field of the offer the business can
 * set or change — price and its type, date, time, duration, message, conditions, notes, images, the
 * accept-as-is flag. The customer's offer shows exactly these and the version hashes exactly these,
 * so a field newly shown cannot be left out of the version.
 */
export function offerTermsOf(response: ResponseRow) {
  return {
    quotedPrice: response.quotedPrice,
    priceType: response.priceType,
    availabilityDate: response.availabilityDate,
    availabilityTime: response.availabilityTime,
    estimatedDuration: response.estimatedDuration,
    message: response.message,
    proofImages: response.proofImages,
    termsConditions: response.termsConditions,
    engagementNotes: response.engagementNotes,
    isAcceptedAsIs: response.isAcceptedAsIs,
  };
}

/** The version of the offer's terms (offerTermsOf) and of the response they belong to. */
export function offerTermsVersion(response: ResponseRow): string {
  return termsVersionOf('offer', { id: response.id, ...offerTermsOf(response) });
}

/**
 * A response as its customer sees it. Badges and actions come from the domain rules; the business's
 * email and phone only once this offer is accepted (PRODUCT-DECISIONS).
 */
export function toCustomerOffer(
  row: OfferRow,
  thread: MessageRow[],
  rating: { average: number | null; count: number; lateCancellations: number },
): CustomerOffer {
  const { response, request } = row;
  const customerId = request.userId;
  const facts = thread.map(toFact);
  const actions = customerOfferActions(
    response.status,
    response.completionStatus,
    request.status,
    facts,
    customerId,
  );
  const accepted = response.status === BOOKED_OFFER;
  return {
    id: response.id,
    request: {
      id: request.id,
      title: request.title,
      serviceType: request.serviceType,
      description: request.description,
      // The customer's own address: theirs to see.
      locationAddress: request.locationAddress,
      preferredDate: request.preferredDate,
      preferredTime: request.preferredTime,
      budgetMin: request.budgetMin,
      budgetMax: request.budgetMax,
      status: request.status,
    },
    business: {
      userId: response.businessUserId,
      name: row.businessName,
      ratingAverage: roundRating(rating.average),
      reviewCount: rating.count,
      lateCancellations: rating.lateCancellations,
      email: accepted ? row.businessEmail : null,
      phone: accepted ? row.businessPhone || null : null,
    },
    ...offerTermsOf(response),
    termsVersion: offerTermsVersion(response),
    requestChangedSinceQuote:
      response.status === PENDING_OFFER && response.agreedRequestVersion !== quotedRequestVersion(request),
    status: response.status,
    completionStatus: response.completionStatus,
    completionDate: iso(response.completionDate),
    contestDeadline: iso(response.contestDeadline),
    createdAt: response.createdAt.toISOString(),
    updatedAt: response.updatedAt.toISOString(),
    stateBadge: responseStateBadgeOf(
      response.status,
      response.completionStatus,
      actions.hasPendingCounterOffer,
    ),
    viewStatus: viewStatusOf(row.seenVersion, response.updatedAt),
    customerSentModifiedOffer: hasCustomerSentModifiedOffer(thread, customerId),
    actions,
    messages: thread.map((m) => toOfferMessage(m, customerId)),
  };
}
