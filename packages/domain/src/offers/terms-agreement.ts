import { z } from 'zod';

/**
 * Agreeing names the terms (decision 019, issue 26 item 2). Every action that agrees to terms the other
 * party can change — the customer's Confirm (a booking at the offer's price), the business's Accept
 * Request (the customer's counter offer becomes its quote) and Accept As-Is (the request's budget
 * becomes its quote) — sends the version of the terms its screen showed. The server compares it with
 * the terms as they are, under the same row locks as the action, and answers 409 `terms_changed`
 * when they differ: nothing is booked, accepted or quoted, and the screen shows the new terms with
 * one of the texts below. The business's Edit Offer, Accept Request and Keep My Quote also name the
 * request as shown, and the server remembers which version each business last agreed to: a Confirm
 * after the customer changed the request since answers 409 `request_changed` until it agrees again.
 */

/** The machine-readable `error` of the 409: the screens tell it from other refusals by this. */
export const TERMS_CHANGED = 'terms_changed';

/**
 * The customer's Confirm when the customer changed the request after the business last agreed to it
 * (by quoting, editing its offer, accepting a counter offer or keeping its quote): 409 with this code.
 * Nothing is booked until the business agrees to the request as it is now; the customer cannot
 * resolve it by reading again, so the screen says so instead of showing new terms.
 */
export const REQUEST_CHANGED = 'request_changed';

/** Our words (the spec has none for this): what changed, and what to do before trying again. */
export const TERMS_MESSAGES = {
  offerChanged: 'The business changed this offer. Check the new terms before you confirm.',
  counterOfferChanged: 'The customer changed their counter offer. Check the new terms before you accept.',
  requestChanged: 'The customer changed this request. Check the new details before you respond.',
  // An agreement that names no terms (an out-of-date app, a hand-made call) is refused, never guessed.
  offerVersionMissing: 'Please reload the offer and check its terms before you confirm.',
  counterOfferMissing: 'Please reload your offers and check the counter offer before you accept it.',
  requestVersionMissing: 'Please reload the request and check its details before you accept it as-is.',
  keepQuoteVersionMissing:
    'Please reload your offers and check the changed request before you keep your quote.',
  /** The business's card while the customer's changes await its answer. */
  requestChangedSinceQuote:
    'The customer changed this request after your quote. They cannot book you until you keep your quote for the new details or edit your offer.',
  quoteKept: 'Your quote now answers the new details.',
} as const;

/**
 * Our words for the customer's refused Confirm (409 request_changed), naming the business: the
 * Confirm dialog shows them, and shows them before any press while the offer says so.
 */
export function requestChangedSinceQuoteMessage(businessName: string): string {
  return `You changed this request after ${businessName} quoted, so nothing was booked. ${businessName} has been asked to check the new details; you can confirm once they keep or update their quote.`;
}

/** A terms version as the server hands it out (a SHA-256 in base64url: 43 characters). */
export const TERMS_VERSION_MAX_LENGTH = 100;

const version = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(TERMS_VERSION_MAX_LENGTH, missing);

/**
 * The `termsVersion` of the request as the business's screen showed it, on the actions that agree to
 * the request as it is (Edit Offer, Accept Request; a quote has its own field): optional for an older
 * client, which then agrees to the request as it is when the call arrives; when sent, a request that
 * changed since is refused (409 terms_changed).
 */
export const optionalRequestVersion = z
  .string()
  .trim()
  .max(TERMS_VERSION_MAX_LENGTH, TERMS_MESSAGES.requestVersionMissing)
  .nullish();

/**
 * POST /api/offers/:responseId/confirm: the `termsVersion` of the offer the Confirm dialog showed
 * (GET /api/offers/:responseId). A call without a body hears the same plain words.
 */
export const ConfirmOfferInputSchema = z.object(
  { termsVersion: version(TERMS_MESSAGES.offerVersionMissing) },
  { error: TERMS_MESSAGES.offerVersionMissing },
);
export type ConfirmOfferInput = z.infer<typeof ConfirmOfferInputSchema>;

/**
 * POST /api/business/opportunities/:responseId/accept: the id of the customer's counter offer (its
 * message) that the business is accepting — the newest one when the card was read.
 */
export const AcceptCounterOfferInputSchema = z.object(
  {
    counterOfferId: version(TERMS_MESSAGES.counterOfferMissing),
    /** The request as the card showed it (optionalRequestVersion). */
    requestVersion: optionalRequestVersion,
  },
  { error: TERMS_MESSAGES.counterOfferMissing },
);
export type AcceptCounterOfferInput = z.infer<typeof AcceptCounterOfferInputSchema>;

/**
 * POST /api/business/opportunities/:responseId/keep-quote: the business keeps its quote for the
 * request as its card shows it now (the request's `requestVersion` in the opportunity list).
 */
export const KeepQuoteInputSchema = z.object(
  { requestVersion: version(TERMS_MESSAGES.keepQuoteVersionMissing) },
  { error: TERMS_MESSAGES.keepQuoteVersionMissing },
);
export type KeepQuoteInput = z.infer<typeof KeepQuoteInputSchema>;

/** The customer's newest counter offer in a thread (oldest first), by whoever is not the business. */
export function latestCustomerCounterOffer<M extends { messageType: string }>(
  thread: readonly M[],
  isFromCustomer: (m: M) => boolean,
): M | null {
  return thread.findLast((m) => isFromCustomer(m) && m.messageType === 'counter_offer') ?? null;
}
