import { z } from 'zod';

/**
 * Agreeing names the terms (decision 019, issue 26 item 2). Every action that agrees to terms the other
 * party can change — the customer's Confirm (a booking at the offer's price), the business's Accept
 * Request (the customer's counter offer becomes its quote) and Accept As-Is (the request's budget
 * becomes its quote) — sends the version of the terms its screen showed. The server compares it with
 * the terms as they are, under the same row locks as the action, and answers 409 `terms_changed`
 * when they differ: nothing is booked, accepted or quoted, and the screen shows the new terms with
 * one of the texts below.
 */

/** The machine-readable `error` of the 409: the screens tell it from other refusals by this. */
export const TERMS_CHANGED = 'terms_changed';

/** Our words (the spec has none for this): what changed, and what to do before trying again. */
export const TERMS_MESSAGES = {
  offerChanged: 'The business changed this offer. Check the new terms before you confirm.',
  counterOfferChanged: 'The customer changed their counter offer. Check the new terms before you accept.',
  requestChanged: 'The customer changed this request. Check the new details before you respond.',
  // An agreement that names no terms (an out-of-date app, a hand-made call) is refused, never guessed.
  offerVersionMissing: 'Please reload the offer and check its terms before you confirm.',
  counterOfferMissing: 'Please reload your offers and check the counter offer before you accept it.',
  requestVersionMissing: 'Please reload the request and check its details before you accept it as-is.',
} as const;

/** A terms version as the server hands it out (a SHA-256 in base64url: 43 characters). */
export const TERMS_VERSION_MAX_LENGTH = 100;

const version = (missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(TERMS_VERSION_MAX_LENGTH, missing);

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
  { counterOfferId: version(TERMS_MESSAGES.counterOfferMissing) },
  { error: TERMS_MESSAGES.counterOfferMissing },
);
export type AcceptCounterOfferInput = z.infer<typeof AcceptCounterOfferInputSchema>;

/** The customer's newest counter offer in a thread (oldest first), by whoever is not the business. */
export function latestCustomerCounterOffer<M extends { messageType: string }>(
  thread: readonly M[],
  isFromCustomer: (m: M) => boolean,
): M | null {
  return thread.findLast((m) => isFromCustomer(m) && m.messageType === 'counter_offer') ?? null;
}
