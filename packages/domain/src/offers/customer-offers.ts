import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { isPastDate, UPLOADED_IMAGE_PATH } from '../requests/requests';
import { MAX_QUOTED_PRICE, RESPONSE_MESSAGES, RESPONSE_TEXT_MAX_LENGTH } from './responses';
import {
  COMPLETION_STATUSES,
  REQUEST_STATUSES,
  RESPONSE_STATUSES,
  TIME_FLEXIBILITIES,
  type CompletionStatus,
  type ResponseStatus,
} from '../shared/statuses';
import type { MessageFact } from './business-opportunities';
import { canMessage } from '../messages/conversations';
import { allowedActions, stateOf } from '../lifecycles/lifecycle';
import { BOOKED_OFFER, customerSideOfferFacts, DECLINED_OFFERS, OFFER_LIFECYCLE } from '../lifecycles/offer';
import { COMPLETED_JOB } from '../lifecycles/job';
import { REQUEST_LIFECYCLE } from '../lifecycles/request';

/**
 * The customer's side of an offer (spec 2: Response detail, Confirm Service Offer, Modified Offer,
 * My Responses; §4 response badges, dialog actions and the pending counter-offer rule).
 */

/** Spec 2 §4 "Response badges": the state badge of a response (view badges are separate). */
export const RESPONSE_STATE_BADGES = ['COMPLETED', 'BOOKED', 'DECLINED', 'PENDING'] as const;
export type ResponseStateBadge = (typeof RESPONSE_STATE_BADGES)[number];

export const VIEW_STATUSES = ['NEW', 'EDITED', 'VIEWED'] as const;
export type ViewStatus = (typeof VIEW_STATUSES)[number];

/**
 * Spec 2 §4 "Pending counter offer": pending when the customer's latest counter_offer message on the
 * response has no later message from the business. Messages from anyone but the customer count as
 * the business's.
 */
export function hasPendingCustomerCounterOffer(
  messages: readonly MessageFact[],
  customerUserId: string,
): boolean {
  let latestCounter: MessageFact | undefined;
  for (const m of messages) {
    if (m.senderId !== customerUserId || m.messageType !== 'counter_offer') continue;
    if (!latestCounter || m.createdAt.getTime() > latestCounter.createdAt.getTime()) latestCounter = m;
  }
  if (!latestCounter) return false;
  const at = latestCounter.createdAt.getTime();
  return !messages.some((m) => m.senderId !== customerUserId && m.createdAt.getTime() > at);
}

/** COMPLETED, BOOKED, DECLINED, PENDING (a counter offer awaits the business) or none. */
export function responseStateBadgeOf(
  status: ResponseStatus,
  completionStatus: CompletionStatus,
  counterOfferPending: boolean,
): ResponseStateBadge | null {
  if (status === BOOKED_OFFER) return completionStatus === COMPLETED_JOB ? 'COMPLETED' : 'BOOKED';
  if (DECLINED_OFFERS.includes(status)) return 'DECLINED';
  return counterOfferPending ? 'PENDING' : null;
}

/**
 * Spec 2 §4: NEW if never viewed, EDITED if the response changed after the version last seen,
 * VIEWED otherwise. `seenVersion` is the response's updated_at stored when the customer last saw it.
 */
export function viewStatusOf(seenVersion: Date | null, responseUpdatedAt: Date): ViewStatus {
  if (!seenVersion) return 'NEW';
  return responseUpdatedAt.getTime() > seenVersion.getTime() ? 'EDITED' : 'VIEWED';
}

export interface CustomerOfferActions {
  /** What the dialog's action area shows (spec 2 §4 "Response dialog actions"). */
  kind: 'completed' | 'booked' | 'declined' | 'open';
  hasPendingCounterOffer: boolean;
  canConfirm: boolean;
  canModify: boolean;
  canDecline: boolean;
  canIgnore: boolean;
  /** Messaging opens once the offer is accepted. */
  canMessage: boolean;
}

/**
 * The actions of an offer, from the offer lifecycle (lifecycles/offer.ts): Confirm, Modify and
 * Decline need a pending response on an open request and no counter offer of the customer awaiting
 * the business; Ignore only needs a pending response.
 */
export function customerOfferActions(
  status: string,
  completionStatus: string,
  requestStatus: string,
  messages: readonly MessageFact[],
  customerUserId: string,
): CustomerOfferActions {
  const pendingCounter = hasPendingCustomerCounterOffer(messages, customerUserId);
  const state = stateOf(OFFER_LIFECYCLE, status);
  const facts = customerSideOfferFacts(stateOf(REQUEST_LIFECYCLE, requestStatus), pendingCounter);
  const allowed = allowedActions(OFFER_LIFECYCLE, 'customer', state, facts);
  const kind: CustomerOfferActions['kind'] =
    state === BOOKED_OFFER
      ? completionStatus === COMPLETED_JOB
        ? 'completed'
        : 'booked'
      : DECLINED_OFFERS.includes(state)
        ? 'declined'
        : 'open';
  return {
    kind,
    hasPendingCounterOffer: pendingCounter,
    canConfirm: allowed.includes('confirm'),
    canModify: allowed.includes('modify'),
    canDecline: allowed.includes('decline'),
    canIgnore: allowed.includes('ignore'),
    canMessage: canMessage(status),
  };
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const hourTime = /^([01]\d|2[0-3]):00$/;

/** The most images one modified offer carries. */
export const COUNTER_OFFER_MAX_IMAGES = 10;

/**
 * Modified Offer (spec 2 §5 "Counter offer"): a price, an optional preferred date (not in the past)
 * and hour, a flexibility, an optional message and images uploaded to Grip.
 */
export const CustomerCounterOfferInputSchema = z.object({
  quotedPrice: z
    .number({ error: RESPONSE_MESSAGES.priceTooLow })
    .min(1, RESPONSE_MESSAGES.priceTooLow)
    .max(MAX_QUOTED_PRICE)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, RESPONSE_MESSAGES.priceTooPrecise),
  preferredDate: z.string().regex(isoDate, RESPONSE_MESSAGES.invalidDate).nullish(),
  preferredTime: z.string().regex(hourTime, 'Please choose a time on the hour').nullish(),
  timeFlexibility: z.enum(TIME_FLEXIBILITIES).nullish(),
  message: z
    .string()
    .trim()
    .max(RESPONSE_TEXT_MAX_LENGTH)
    .pipe(safeText({ multiline: true }))
    .nullish(),
  images: z
    .array(z.string().regex(UPLOADED_IMAGE_PATH, RESPONSE_MESSAGES.imagesNotUploaded))
    .max(COUNTER_OFFER_MAX_IMAGES)
    .default([]),
});
export type CustomerCounterOfferInput = z.input<typeof CustomerCounterOfferInputSchema>;
export type CustomerCounterOfferData = z.output<typeof CustomerCounterOfferInputSchema>;

/** The schema with "the preferred date cannot be in the past" for a given local today. */
export function customerCounterOfferSchemaFor(today: string) {
  return CustomerCounterOfferInputSchema.refine(
    (v) => !v.preferredDate || !isPastDate(v.preferredDate, today),
    { path: ['preferredDate'], message: 'The preferred date cannot be in the past' },
  );
}

/** Spec 2 §5: Send Modified Offer is disabled while the price is empty, no offer, or an upload runs. */
export function canSendModifiedOffer(price: string, offerId: string | null, uploading: boolean): boolean {
  return price.trim() !== '' && offerId !== null && offerId !== '' && !uploading;
}

/**
 * The terms a counter offer carries, stored with its counter_offer message (messages.offer_terms) so
 * the other side can accept exactly what was proposed.
 */
export const OfferTermsSchema = z.object({
  quotedPrice: z.string(),
  preferredDate: z.string().nullable(),
  preferredTime: z.string().nullable(),
  timeFlexibility: z.enum(TIME_FLEXIBILITIES).nullable(),
});
export type OfferTerms = z.infer<typeof OfferTermsSchema>;

/** A message of an offer's thread as the customer sees it. */
export const OfferMessageSchema = z.object({
  id: z.string(),
  fromCustomer: z.boolean(),
  message: z.string(),
  messageType: z.string(),
  attachments: z.array(z.string()),
  offerTerms: OfferTermsSchema.nullable(),
  createdAt: z.string(),
});
export type OfferMessage = z.infer<typeof OfferMessageSchema>;

/** GET /api/offers/:responseId — everything the Response detail and Confirm dialogs show. */
export const CustomerOfferSchema = z.object({
  id: z.string(),
  request: z.object({
    id: z.string(),
    title: z.string(),
    serviceType: z.string(),
    description: z.string(),
    locationAddress: z.string().nullable(),
    preferredDate: z.string().nullable(),
    preferredTime: z.string().nullable(),
    budgetMin: z.string().nullable(),
    budgetMax: z.string().nullable(),
    status: z.enum(REQUEST_STATUSES),
  }),
  business: z.object({
    userId: z.string(),
    name: z.string(),
    /** Mean of the business's reviews, one decimal; null before its first review. */
    ratingAverage: z.number().nullable(),
    reviewCount: z.number().int().nonnegative(),
    /**
     * The business's late cancellations of the last 12 months (issue 32: inside 24 hours of the
     * booked time), shown beside its rating with `lateCancellationsLabel`.
     */
    lateCancellations: z.number().int().nonnegative(),
    /** Contact details only once this offer is accepted (PRODUCT-DECISIONS). */
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  quotedPrice: z.string(),
  priceType: z.string(),
  availabilityDate: z.string().nullable(),
  availabilityTime: z.string().nullable(),
  estimatedDuration: z.string().nullable(),
  message: z.string(),
  proofImages: z.array(z.string()),
  termsConditions: z.string().nullable(),
  engagementNotes: z.string().nullable(),
  isAcceptedAsIs: z.boolean(),
  /**
   * The version of the terms above (price, dates, duration, message, conditions, images): Confirm
   * sends it back, and the server books only if the offer still says exactly this (decision 019).
   */
  termsVersion: z.string(),
  /**
   * The customer changed the request after the business last agreed to it (decision 019): Confirm is
   * refused (409 request_changed) until the business keeps or updates its quote.
   */
  requestChangedSinceQuote: z.boolean(),
  status: z.enum(RESPONSE_STATUSES),
  completionStatus: z.enum(COMPLETION_STATUSES),
  completionDate: z.string().nullable(),
  contestDeadline: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stateBadge: z.enum(RESPONSE_STATE_BADGES).nullable(),
  viewStatus: z.enum(VIEW_STATUSES),
  /** Older My Responses: any counter_offer message from the customer on this response. */
  customerSentModifiedOffer: z.boolean(),
  actions: z.object({
    kind: z.enum(['completed', 'booked', 'declined', 'open']),
    hasPendingCounterOffer: z.boolean(),
    canConfirm: z.boolean(),
    canModify: z.boolean(),
    canDecline: z.boolean(),
    canIgnore: z.boolean(),
    canMessage: z.boolean(),
  }),
  messages: z.array(OfferMessageSchema),
});
export type CustomerOffer = z.infer<typeof CustomerOfferSchema>;

export const OfferActionResultSchema = z.object({ id: z.string(), status: z.enum(RESPONSE_STATUSES) });
export type OfferActionResult = z.infer<typeof OfferActionResultSchema>;
