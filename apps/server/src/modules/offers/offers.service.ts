import {
  CUSTOMER_OFFER_MESSAGES,
  customerCounterOfferSchemaFor,
  OFFER_LIFECYCLE,
  offerFactsOf,
  REQUEST_LIFECYCLE,
  type OfferAction,
  earliestLocalToday,
  formatCurrency,
  formatDate,
  RESPONSE_MESSAGES,
  requestChangedSinceQuoteMessage,
  TERMS_MESSAGES,
  type ConfirmOfferInput,
  type CustomerCounterOfferData,
  type CustomerOffer,
  type OfferActionResult,
  type OfferTerms,
} from '@grip/domain';
import type { Db, Tx } from '../../db/client';
import { Conflict, Invalid, NotFound, RequestChanged, TermsChanged } from '../../lib/errors';
import { transition } from '../../lib/transition';
import { insertMessage, messagesOf } from '../opportunities/opportunities.repository';
import { refuseIfBlocked } from '../blocks/blocks.repository';
import { setRequestStatus } from '../requests/request-status.repository';
import { quotedRequestVersion } from '../requests/request-version';
import { assertId } from '../requests/requests.service';
import { businessName } from '../responses/responses.repository';
import { businessStanding } from '../reviews/ratings.sql';
import { assertOwnUploads } from '../uploads/uploads.service';
import { noticeConfirmed, noticeCounterOffer, noticeDeclined } from './offer-notices';
import {
  findOffer,
  lockOffer,
  markViewed,
  rejectOtherResponses,
  setResponseStatus,
  unarchiveResponse,
} from './offers.repository';
import { offerTermsVersion, toCustomerOffer, toFact } from './offers.serializers';

export interface OfferDeps {
  db: Db;
  publicUrl: string;
}

const assertOfferId = (id: string) => assertId(id, CUSTOMER_OFFER_MESSAGES.notFound);

/**
 * GET: the offer with its thread and the business's standing (rating, late cancellations of the 12
 * months before `now`). Reads only — viewing is its own call.
 */
export async function getOffer(
  db: Db,
  customerId: string,
  responseId: string,
  now: Date,
): Promise<CustomerOffer> {
  assertOfferId(responseId);
  const row = await findOffer(db, customerId, responseId);
  if (!row) throw new NotFound(CUSTOMER_OFFER_MESSAGES.notFound);
  const [thread, rating] = await Promise.all([
    messagesOf(db, [responseId]),
    businessStanding(db, row.response.businessUserId, now),
  ]);
  return toCustomerOffer(row, thread, rating);
}

/** The customer saw the offer as it is now: NEW/EDITED become VIEWED until the business changes it. */
export async function viewOffer(db: Db, customerId: string, responseId: string, now: Date): Promise<void> {
  assertOfferId(responseId);
  if (!(await findOffer(db, customerId, responseId))) throw new NotFound(CUSTOMER_OFFER_MESSAGES.notFound);
  await markViewed(db, customerId, responseId, now);
}

type CustomerAction = Extract<OfferAction, 'confirm' | 'modify' | 'decline' | 'ignore'>;

/**
 * Locks the request and the response and asks the offer lifecycle whether the customer may take the
 * action now (spec 2 §4 "Response dialog actions", "Pending counter offer"). Not the caller's, missing
 * or ignored reads as not found; a state that changed under the customer is a conflict in the
 * table's words. Returns the locked rows and the state the action leads to.
 */
async function lockActionable(tx: Tx, customerId: string, responseId: string, action: CustomerAction) {
  const locked = await lockOffer(tx, customerId, responseId);
  if (!locked) throw new NotFound(CUSTOMER_OFFER_MESSAGES.notFound);
  const { request, response } = locked;
  const thread = await messagesOf(tx, [responseId]);
  const facts = offerFactsOf(
    { ...response, isArchived: response.archivedAt !== null },
    { customerUserId: customerId, status: request.status, isArchived: request.archivedAt !== null },
    thread.map(toFact),
  );
  const to = transition(OFFER_LIFECYCLE, action, 'customer', response.status, facts);
  return { ...locked, to };
}

/** The unique index business_responses_one_accepted_key said no: a second acceptance lost a race. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/**
 * Confirm Service Offer (PRODUCT-DECISIONS: one transaction, only while the request is open): this
 * response accepted, the request assigned, every other response in play rejected, and the
 * businesses told. The request row is locked first, so of many simultaneous confirmations of one
 * request exactly one wins; the unique index on accepted responses is the last line behind it.
 *
 * The customer books the terms they were shown, never whatever the offer says by the time the call
 * arrives (decision 019): `input.termsVersion` must be the offer's version as it is under the lock,
 * which a business's edit cannot pass while we hold it. Otherwise 409 terms_changed, nothing written.
 * Nor does it book a business on a request it never saw: the request must still be the version the
 * business last agreed to (its quote, edited offer, accepted counter offer or kept quote), else 409
 * request_changed naming the business, nothing written — the business was told of the edit.
 */
export async function confirmOffer(
  deps: OfferDeps,
  customerId: string,
  responseId: string,
  input: ConfirmOfferInput,
  now: Date,
): Promise<OfferActionResult> {
  assertOfferId(responseId);
  try {
    return await deps.db.transaction(async (tx) => {
      const { request, response, to } = await lockActionable(tx, customerId, responseId, 'confirm');
      // Issue 32: no new booking between a customer and a business either of whom blocked the other.
      await refuseIfBlocked(tx, customerId, response.businessUserId, 'book');
      if (offerTermsVersion(response) !== input.termsVersion)
        throw new TermsChanged(TERMS_MESSAGES.offerChanged);
      // The business agreed to the request as it was then; a customer's edit since needs its answer.
      if (response.agreedRequestVersion !== quotedRequestVersion(request))
        throw new RequestChanged(
          requestChangedSinceQuoteMessage(await businessName(tx, response.businessUserId)),
        );
      // The other responses are locked (and rejected) before anything else is written: a business
      // withdrawing one of them meanwhile writes the request's activity row (drizzle/0016) after
      // locking its response, so taking that row first and its response second would deadlock.
      const rejected = await rejectOtherResponses(tx, customerId, request.id, response.id, now);
      await setResponseStatus(tx, response.id, to, now);
      await setRequestStatus(
        tx,
        request.id,
        transition(REQUEST_LIFECYCLE, 'assign', 'grip', request.status, {}),
        now,
      );
      await noticeConfirmed(tx, deps.publicUrl, request, response, rejected);
      // The customer made this change: it must not come back to them as EDITED.
      await markViewed(tx, customerId, response.id, now);
      return { id: response.id, status: to };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(CUSTOMER_OFFER_MESSAGES.requestNotOpen);
    throw error;
  }
}

const orNull = (v: string | null | undefined) => (v ? v : null);

/** 'Modified offer: $120, Dec 1, 2026 at 10:00' — the text of a counter offer sent without a message. */
export function counterOfferSummary(terms: OfferTerms): string {
  // Hours as every screen shows a chosen slot ('10:00'); the date and price in the platform's formats.
  const time = terms.preferredTime ? terms.preferredTime.slice(0, 5) : null;
  const date = terms.preferredDate
    ? formatDate(new Date(`${terms.preferredDate}T00:00:00Z`), { utc: true })
    : null;
  const when = date && time ? `${date} at ${time}` : (date ?? (time ? `at ${time}` : null));
  return `Modified offer: ${formatCurrency(terms.quotedPrice)}${when ? `, ${when}` : ''}`;
}

/**
 * Modified Offer (spec 2 §5 "Counter offer"): a counter_offer message to the business carrying the
 * proposed terms and images, and an in-app notice, in one transaction. The response itself is left
 * as it is: its terms change only if the business accepts (opportunities acceptCounterOffer).
 */
export async function sendCustomerCounterOffer(
  db: Db,
  customerId: string,
  responseId: string,
  input: CustomerCounterOfferData,
  now: Date,
): Promise<OfferActionResult> {
  assertOfferId(responseId);
  const checked = customerCounterOfferSchemaFor(earliestLocalToday(now)).safeParse(input);
  if (!checked.success) {
    const fields: Record<string, string> = {};
    for (const issue of checked.error.issues) {
      const key = issue.path.join('.');
      if (key && !fields[key]) fields[key] = issue.message;
    }
    throw new Invalid(checked.error.issues[0]?.message ?? 'Please check the offer.', fields);
  }
  const data = checked.data;
  await assertOwnUploads(db, customerId, data.images, RESPONSE_MESSAGES.imagesNotUploaded).catch(
    (error: unknown) => {
      if (error instanceof Invalid)
        throw new Invalid(error.message, { images: RESPONSE_MESSAGES.imagesNotUploaded });
      throw error;
    },
  );

  return db.transaction(async (tx) => {
    const { request, response } = await lockActionable(tx, customerId, responseId, 'modify');
    // Issue 32: no counter offer between parties either of whom blocked the other.
    await refuseIfBlocked(tx, customerId, response.businessUserId, 'counter_offer');
    const terms: OfferTerms = {
      quotedPrice: data.quotedPrice.toFixed(2),
      preferredDate: orNull(data.preferredDate),
      preferredTime: data.preferredTime ? `${data.preferredTime}:00` : null,
      timeFlexibility: data.timeFlexibility ?? null,
    };
    await insertMessage(tx, {
      requestId: request.id,
      responseId: response.id,
      senderId: customerId,
      receiverId: response.businessUserId,
      message: data.message ? data.message : counterOfferSummary(terms),
      messageType: 'counter_offer',
      attachments: data.images,
      offerTerms: terms,
      createdAt: now,
    });
    // A business that archived this offer must see the customer answering it.
    await unarchiveResponse(tx, response.id);
    await noticeCounterOffer(tx, request, response, data.quotedPrice);
    return { id: response.id, status: response.status };
  });
}

/**
 * Decline (spec 2 §4 "Response status"): the response declined and the business sent the polite
 * notice that the customer chose another provider, with an in-app notice — all or nothing.
 */
export async function declineOffer(
  db: Db,
  customerId: string,
  responseId: string,
  now: Date,
): Promise<OfferActionResult> {
  assertOfferId(responseId);
  return db.transaction(async (tx) => {
    const { request, response, to } = await lockActionable(tx, customerId, responseId, 'decline');
    await setResponseStatus(tx, response.id, to, now);
    await insertMessage(tx, {
      requestId: request.id,
      responseId: response.id,
      senderId: customerId,
      receiverId: response.businessUserId,
      message: CUSTOMER_OFFER_MESSAGES.declineNotice,
      messageType: 'text',
      createdAt: now,
    });
    await noticeDeclined(tx, request, response);
    await markViewed(tx, customerId, response.id, now);
    return { id: response.id, status: to };
  });
}

/** Ignore: the response leaves the customer's lists; the business is not told. */
export async function ignoreOffer(
  db: Db,
  customerId: string,
  responseId: string,
  now: Date,
): Promise<OfferActionResult> {
  assertOfferId(responseId);
  return db.transaction(async (tx) => {
    const { response, to } = await lockActionable(tx, customerId, responseId, 'ignore');
    await setResponseStatus(tx, response.id, to, now);
    return { id: response.id, status: to };
  });
}
