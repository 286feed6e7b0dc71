import {
  type AcceptCounterOfferInput,
  type CounterOfferData,
  counterOfferSchemaFor,
  earliestLocalToday,
  expiredBadgeOf,
  formatCurrency,
  type KeepQuoteInput,
  latestActivityOf,
  latestCustomerCounterOffer,
  type MessageFact,
  OFFER_LIFECYCLE,
  offerFactsOf,
  type OfferTerms,
  OfferTermsSchema,
  OPPORTUNITIES_LIMIT,
  type Opportunity,
  OPPORTUNITY_MESSAGES,
  type OpportunityAction,
  opportunityActions,
  type OpportunityFacts,
  opportunityGroupOf,
  type OpportunityList,
  opportunityRefusal,
  PENDING_OFFER,
  RESPONSE_MESSAGES,
  storedOfferTime,
  TERMS_MESSAGES,
  quotedRequestTitle,
} from '@grip/domain';
import type { Db, Tx } from '../../db/client';
import { Invalid, NotFound, TermsChanged } from '../../lib/errors';
import { transition } from '../../lib/transition';
import { refuseIfBlocked } from '../blocks/blocks.repository';
import { insertNotifications } from '../notifications/notifications.repository';
import { toBusinessRequestView } from '../requests/business-view';
import { quotedRequestVersion } from '../requests/request-version';
import { assertId } from '../requests/requests.service';
import { businessName, type BusinessScope } from '../responses/responses.repository';
import {
  insertMessage,
  listOpportunityRows,
  lockOwnResponse,
  messagesOf,
  updateResponse,
  type LockedResponse,
  type MessageRow,
  type OpportunityRow,
} from './opportunities.repository';

const toFact = (m: MessageRow): MessageFact => ({
  senderId: m.senderId,
  messageType: m.messageType,
  createdAt: m.createdAt,
});

function toOpportunity(
  row: OpportunityRow,
  thread: MessageRow[],
  businessUserId: string,
  now: Date,
): Opportunity {
  const { response } = row;
  const latest = latestActivityOf(response.createdAt, response.updatedAt, row.lastMessageAt);
  const group = opportunityGroupOf(latest, now);
  const facts: OpportunityFacts = {
    status: response.status,
    completionStatus: response.completionStatus,
    requestStatus: row.request.status,
    isArchived: response.archivedAt !== null,
    isRequestArchived: row.request.archivedAt !== null,
  };
  const messageFacts = thread.map(toFact);
  const requestVersion = quotedRequestVersion(row.request);
  // Only an offer still in play waits on the business's agreement; a settled one agreed long ago.
  const requestChangedSinceQuote =
    response.status === PENDING_OFFER && response.agreedRequestVersion !== requestVersion;
  return {
    id: response.id,
    status: response.status,
    completionStatus: response.completionStatus,
    message: response.message,
    quotedPrice: response.quotedPrice,
    priceType: response.priceType,
    availabilityDate: response.availabilityDate,
    availabilityTime: response.availabilityTime,
    estimatedDuration: response.estimatedDuration,
    proofImages: response.proofImages,
    isAcceptedAsIs: response.isAcceptedAsIs,
    createdAt: response.createdAt.toISOString(),
    updatedAt: response.updatedAt.toISOString(),
    // The one shaping of a request for a business: the exact address only once this response is accepted.
    request: toBusinessRequestView(row.request, {
      distanceKm: row.distanceKm,
      myResponseId: response.id,
      myResponseStatus: response.status,
    }),
    messageCount: thread.length,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    latestActivityAt: latest.toISOString(),
    group,
    expiredBadge: group === 'expired' ? expiredBadgeOf(response.status, thread.length) : null,
    ...opportunityActions(facts, messageFacts, businessUserId),
    requestVersion,
    requestChangedSinceQuote,
    canKeepQuote:
      requestChangedSinceQuote &&
      opportunityRefusal(facts, messageFacts, businessUserId, 'keepQuote') === null,
    messages: thread.map((m) => ({
      id: m.id,
      senderId: m.senderId,
      fromBusiness: m.senderId === businessUserId,
      message: m.message,
      messageType: m.messageType,
      attachments: m.attachments,
      offerTerms: m.offerTerms ?? null,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** Pending Opportunities: two queries whatever the list's length (responses, then their messages). */
export async function listOpportunities(db: Db, scope: BusinessScope, now: Date): Promise<OpportunityList> {
  const rows = await listOpportunityRows(db, scope, OPPORTUNITIES_LIMIT + 1);
  const shown = rows.slice(0, OPPORTUNITIES_LIMIT);
  const all = await messagesOf(
    db,
    shown.map((r) => r.response.id),
  );
  const byResponse = new Map<string, MessageRow[]>();
  for (const m of all) {
    const list = byResponse.get(m.responseId) ?? [];
    list.push(m);
    byResponse.set(m.responseId, list);
  }
  return {
    items: shown.map((r) => toOpportunity(r, byResponse.get(r.response.id) ?? [], scope.userId, now)),
    truncated: rows.length > OPPORTUNITIES_LIMIT,
  };
}

/**
 * Locks this business's response and asks the offer lifecycle whether the business may take the
 * action now: someone else's or a missing response reads as not found; an archived or settled one,
 * one whose request is archived or no longer open, or one with the business's counter offer still
 * awaiting the customer is a conflict in the table's words. Returns the state the action leads to.
 */
async function lockActionable(tx: Tx, scope: BusinessScope, responseId: string, action: OpportunityAction) {
  const row = await lockOwnResponse(tx, scope.userId, responseId);
  if (!row) throw new NotFound(OPPORTUNITY_MESSAGES.notFound);
  const thread = await messagesOf(tx, [responseId]);
  const facts = offerFactsOf(
    { ...row.response, isArchived: row.response.archivedAt !== null },
    { customerUserId: row.customerId, status: row.requestStatus, isArchived: row.requestArchivedAt !== null },
    thread.map(toFact),
  );
  const to = transition(OFFER_LIFECYCLE, action, 'business', row.response.status, facts);
  return { ...row, thread, to };
}

/**
 * The request version an action of the business agrees to (decision 019): the request as it is now,
 * which must be the one the business's screen showed when it names one (the web always does).
 */
function agreedRequestVersionOf(row: LockedResponse, named: string | null | undefined): string {
  const current = quotedRequestVersion(row.request);
  if (named && named !== current) throw new TermsChanged(TERMS_MESSAGES.requestChanged);
  return current;
}

/** The terms a counter offer carries; null for old ones without. */
function termsOf(counterOffer: MessageRow): OfferTerms | null {
  if (!counterOffer.offerTerms) return null;
  const parsed = OfferTermsSchema.safeParse(counterOffer.offerTerms);
  return parsed.success ? parsed.data : null;
}

/**
 * Edit Offer: the response's price, availability date and time and message change and a counter_offer
 * message carrying those terms (messages.offer_terms, as the customer's counter offers do, decision
 * 007) goes to the customer, with an in-app notice — all in one transaction, so neither half can exist
 * alone. The terms on the message keep each earlier proposal readable in the thread. The new offer
 * answers the request as it is (decision 019): a request changed since the card was read is refused.
 */
export async function sendCounterOffer(
  db: Db,
  scope: BusinessScope,
  responseId: string,
  input: CounterOfferData,
  now: Date,
): Promise<{ id: string; status: string }> {
  assertId(responseId, OPPORTUNITY_MESSAGES.notFound);
  const checked = counterOfferSchemaFor(earliestLocalToday(now)).safeParse(input);
  if (!checked.success) {
    throw new Invalid(RESPONSE_MESSAGES.availabilityDateInPast, {
      availabilityDate: RESPONSE_MESSAGES.availabilityDateInPast,
    });
  }
  return db.transaction(async (tx) => {
    const row = await lockActionable(tx, scope, responseId, 'editOffer');
    const { response } = row;
    // Issue 32: no new terms between a business and a customer either of whom blocked the other.
    await refuseIfBlocked(tx, scope.userId, row.customerId, 'counter_offer');
    const agreedRequestVersion = agreedRequestVersionOf(row, input.requestVersion);
    const terms: OfferTerms = {
      quotedPrice: input.quotedPrice.toFixed(2),
      preferredDate: input.availabilityDate ?? null,
      preferredTime: storedOfferTime(input.availabilityTime),
      timeFlexibility: null,
    };
    await updateResponse(tx, response.id, {
      quotedPrice: terms.quotedPrice,
      availabilityDate: terms.preferredDate,
      availabilityTime: terms.preferredTime,
      message: input.message,
      agreedRequestVersion,
      updatedAt: now,
    });
    await insertMessage(tx, {
      requestId: response.requestId,
      responseId: response.id,
      senderId: scope.userId,
      receiverId: row.customerId,
      message: input.message,
      messageType: 'counter_offer',
      offerTerms: terms,
      createdAt: now,
    });
    const name = await businessName(tx, scope.userId);
    await insertNotifications(tx, [
      {
        userId: row.customerId,
        type: 'counter_offer',
        title: 'New counter offer',
        message: `${name} sent a counter offer of ${formatCurrency(input.quotedPrice)} for your request ${quotedRequestTitle(row.requestTitle)}`,
        relatedId: response.requestId,
      },
    ]);
    return { id: response.id, status: response.status };
  });
}

/**
 * Decline: the business withdraws from the request; the response becomes declined and the customer
 * is told in the app (response_declined), in the same transaction.
 */
export async function declineOpportunity(
  db: Db,
  scope: BusinessScope,
  responseId: string,
  now: Date,
): Promise<{ id: string; status: string }> {
  assertId(responseId, OPPORTUNITY_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const row = await lockActionable(tx, scope, responseId, 'decline');
    const { response } = row;
    await updateResponse(tx, response.id, { status: row.to, updatedAt: now });
    const name = await businessName(tx, scope.userId);
    await insertNotifications(tx, [
      {
        userId: row.customerId,
        type: 'response_declined',
        title: `${name} declined your request`,
        message: `They are not able to take on your request ${quotedRequestTitle(row.requestTitle)}.`,
        relatedId: response.requestId,
      },
    ]);
    return { id: response.id, status: row.to };
  });
}

/**
 * Accept Request: the business agrees to the customer's counter offer (spec 3 §4). The terms that
 * counter offer carries (messages.offer_terms) become the response's — price, and the preferred date
 * and time when the customer gave them — so what the customer confirms next is exactly what they
 * proposed. The acceptance message answers the thread and the customer is told, all in one
 * transaction. An older counter offer without terms leaves the quote as it was.
 *
 * The business names the counter offer it accepts (decision 019): if it is not the customer's newest
 * one under the lock, the answer is 409 terms_changed and nothing is written. A counter offer's terms
 * never change once sent, so naming the message names its terms. Accepting also agrees to the request
 * as it is, checked like Edit Offer's.
 */
export async function acceptCounterOffer(
  db: Db,
  scope: BusinessScope,
  responseId: string,
  input: AcceptCounterOfferInput,
  now: Date,
): Promise<{ id: string; status: string }> {
  assertId(responseId, OPPORTUNITY_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const row = await lockActionable(tx, scope, responseId, 'accept');
    const { response } = row;
    // Issue 32: agreeing to the customer's terms is a new dealing a block stops too.
    await refuseIfBlocked(tx, scope.userId, row.customerId, 'counter_offer');
    const accepted = latestCustomerCounterOffer(row.thread, (m) => m.senderId === row.customerId);
    if (!accepted || accepted.id !== input.counterOfferId)
      throw new TermsChanged(TERMS_MESSAGES.counterOfferChanged);
    const agreedRequestVersion = agreedRequestVersionOf(row, input.requestVersion);
    const terms = termsOf(accepted);
    await insertMessage(tx, {
      requestId: response.requestId,
      responseId: response.id,
      senderId: scope.userId,
      receiverId: row.customerId,
      message: OPPORTUNITY_MESSAGES.acceptedMessage,
      messageType: 'text',
      createdAt: now,
    });
    await updateResponse(tx, response.id, {
      ...(terms
        ? {
            quotedPrice: terms.quotedPrice,
            ...(terms.preferredDate ? { availabilityDate: terms.preferredDate } : {}),
            ...(terms.preferredTime ? { availabilityTime: terms.preferredTime } : {}),
          }
        : {}),
      agreedRequestVersion,
      updatedAt: now,
    });
    const name = await businessName(tx, scope.userId);
    const price = terms ? ` of ${formatCurrency(terms.quotedPrice)}` : '';
    await insertNotifications(tx, [
      {
        userId: row.customerId,
        type: 'counter_offer',
        title: OPPORTUNITY_MESSAGES.acceptedMessage,
        message: `${name} accepted your counter offer${price} for your request ${quotedRequestTitle(row.requestTitle)}`,
        relatedId: response.requestId,
      },
    ]);
    return { id: response.id, status: response.status };
  });
}

/**
 * Keep My Quote (decision 019): the customer changed the request after this business's quote, and the
 * business answers that its quote stands for the new details — the request version its card showed,
 * refused (409 terms_changed) if the request changed again since. The offer's terms are untouched, so
 * the customer's view of it stays as it was (not EDITED); the customer is told it can be booked.
 */
export async function keepQuote(
  db: Db,
  scope: BusinessScope,
  responseId: string,
  input: KeepQuoteInput,
): Promise<{ id: string; status: string }> {
  assertId(responseId, OPPORTUNITY_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const row = await lockActionable(tx, scope, responseId, 'keepQuote');
    // Keeping a quote tells the customer it can be booked: no more of that across a block (issue 32).
    await refuseIfBlocked(tx, scope.userId, row.customerId, 'counter_offer');
    const { response } = row;
    const agreedRequestVersion = agreedRequestVersionOf(row, input.requestVersion);
    if (agreedRequestVersion === response.agreedRequestVersion)
      return { id: response.id, status: response.status };
    await updateResponse(tx, response.id, { agreedRequestVersion });
    const name = await businessName(tx, scope.userId);
    await insertNotifications(tx, [
      {
        userId: row.customerId,
        type: 'quote_kept',
        title: 'Quote kept',
        message: `${name} checked the changes to your request ${quotedRequestTitle(row.requestTitle)} and kept their quote. You can book them now.`,
        relatedId: response.requestId,
      },
    ]);
    return { id: response.id, status: response.status };
  });
}
