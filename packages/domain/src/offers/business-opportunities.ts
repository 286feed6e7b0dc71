import { OPPORTUNITY_MESSAGES } from './offer-messages';
import { z } from 'zod';
import { isPastDate } from '../requests/requests';
import { BusinessRequestViewSchema } from '../requests/business-requests';
import { MAX_QUOTED_PRICE, RESPONSE_MESSAGES, RESPONSE_TEXT_MAX_LENGTH } from './responses';
import { RESPONSE_MESSAGE_MIN_LENGTH } from '../shared/constants';
import { safeText } from '../accounts/auth';
import { freshness, latestOf } from '../shared/time-windows';
import { OfferTermsSchema } from './customer-offers';
import { optionalRequestVersion } from './terms-agreement';
import { COMPLETION_STATUSES, RESPONSE_STATUSES } from '../shared/statuses';
import { decide, stateOf } from '../lifecycles/lifecycle';
import {
  BOOKED_OFFER,
  BOOKED_OFFERS,
  DECLINED_OFFERS,
  OFFER_LIFECYCLE,
  OFFERS_IN_PLAY,
  type OfferAction,
} from '../lifecycles/offer';
import { ARCHIVED_JOB, COMPLETED_JOB } from '../lifecycles/job';
import { OPEN_REQUEST, REQUEST_LIFECYCLE } from '../lifecycles/request';

/**
 * Pending Opportunities (/business-active, spec 3 §2 and §4): the business's own responses that are
 * still in play, grouped by their latest activity, with the counter-offer rule that locks the actions.
 */
export const OPPORTUNITY_GROUPS = ['active', 'expiring', 'expired'] as const;
export type OpportunityGroup = (typeof OPPORTUNITY_GROUPS)[number];

export const OPPORTUNITY_GROUP_TITLES: Record<OpportunityGroup, string> = {
  active: 'Pending Opportunities',
  expiring: 'Expiring Soon',
  expired: 'Expired Requests',
};

/**
 * Spec 3 §4: pending, in_progress, or accepted and not completed. What the business archived
 * (Archive Management: `archivedAt`, or the older completion_status 'archived') and responses to an
 * archived request leave the list.
 */
export function isListedOpportunity(
  status: string,
  completionStatus: string,
  archived: { isArchived: boolean; isRequestArchived: boolean } = {
    isArchived: false,
    isRequestArchived: false,
  },
): boolean {
  if (archived.isArchived || archived.isRequestArchived || completionStatus === ARCHIVED_JOB) return false;
  if ((OFFERS_IN_PLAY as readonly string[]).includes(status)) return true;
  return isBookedOpportunity(status, completionStatus);
}

/**
 * An accepted job not yet completed: its card leads to the conversation and the job page instead of
 * the negotiation actions.
 */
export function isBookedOpportunity(status: string, completionStatus: string): boolean {
  return status === BOOKED_OFFER && completionStatus !== COMPLETED_JOB;
}

/** The latest of created, updated and last-message time (spec 3 §4). */
export function latestActivityOf(createdAt: Date, updatedAt: Date, lastMessageAt: Date | null): Date {
  return latestOf(createdAt, updatedAt, lastMessageAt) ?? createdAt;
}

/** Active within 24 h, expiring soon 24–48 h, expired when older (the shared time windows). */
export function opportunityGroupOf(latestActivity: Date, now: Date): OpportunityGroup {
  const f = freshness(latestActivity, now);
  return f === 'new' ? 'active' : f === 'about_to_expire' ? 'expiring' : 'expired';
}

export const EXPIRED_BADGES = ['Declined', 'No Response', 'Just Expired'] as const;
export type ExpiredBadge = (typeof EXPIRED_BADGES)[number];

/** Spec 3 §4: Declined if declined, No Response if messages exist, otherwise Just Expired. */
export function expiredBadgeOf(status: string, messageCount: number): ExpiredBadge {
  if ((DECLINED_OFFERS as readonly string[]).includes(status)) return 'Declined';
  return messageCount > 0 ? 'No Response' : 'Just Expired';
}

/** What the rules need of a message. */
export interface MessageFact {
  senderId: string | null;
  messageType: string;
  createdAt: Date;
}

function newestFirst(messages: readonly MessageFact[]): MessageFact[] {
  return [...messages].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * Spec 3 §4: a counter offer is pending when the business's latest message is a counter_offer and the
 * customer has sent no later message. Any message from someone other than the business counts as the
 * customer's. Passing only the thread's newest message gives the same answer.
 */
export function hasPendingCounterOffer(messages: readonly MessageFact[], businessUserId: string): boolean {
  const sorted = newestFirst(messages);
  const businessLatest = sorted.find((m) => m.senderId === businessUserId);
  if (!businessLatest || businessLatest.messageType !== 'counter_offer') return false;
  return !sorted.some(
    (m) => m.senderId !== businessUserId && m.createdAt.getTime() > businessLatest.createdAt.getTime(),
  );
}

/**
 * Our reading (docs): the business's Accept Request accepts the customer's counter offer, so it is
 * possible only while the thread's newest message is a counter_offer from the customer.
 */
export function hasCustomerCounterOffer(messages: readonly MessageFact[], businessUserId: string): boolean {
  const [latest] = newestFirst(messages);
  return latest !== undefined && latest.senderId !== businessUserId && latest.messageType === 'counter_offer';
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const clockTime = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Spec 3 §9: the response's time options, hourly 8:00 to 20:00 (13 slots), as HH:MM. */
export const OFFER_TIME_SLOTS: readonly string[] = Array.from(
  { length: 13 },
  (_, i) => `${String(8 + i).padStart(2, '0')}:00`,
);

/** A clock time as the database's time column keeps it (HH:MM:SS); null for none. */
export function storedOfferTime(time: string | null | undefined): string | null {
  if (!time) return null;
  return time.length === 5 ? `${time}:00` : time;
}

/** Edit Offer: the business's counter offer (spec 3 §3 "Counter offer", §5 rules of the quote). */
export const CounterOfferInputSchema = z.object({
  quotedPrice: z
    .number({ error: RESPONSE_MESSAGES.priceTooLow })
    .min(1, RESPONSE_MESSAGES.priceTooLow)
    .max(MAX_QUOTED_PRICE)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, RESPONSE_MESSAGES.priceTooPrecise),
  availabilityDate: z.string().regex(isoDate, RESPONSE_MESSAGES.invalidDate).nullish(),
  /** Optional hour the business is available (HH:MM); absent or null clears it, as the date. */
  availabilityTime: z.string().regex(clockTime, RESPONSE_MESSAGES.invalidTime).nullish(),
  message: z
    .string({ error: RESPONSE_MESSAGES.messageTooShort })
    .trim()
    .min(RESPONSE_MESSAGE_MIN_LENGTH, RESPONSE_MESSAGES.messageTooShort)
    .max(RESPONSE_TEXT_MAX_LENGTH)
    .pipe(safeText({ multiline: true })),
  /**
   * The request as the card showed it: an edited offer is the business agreeing to the request as it
   * is (decision 019), so a request changed since is refused when this is sent.
   */
  requestVersion: optionalRequestVersion,
});
export type CounterOfferInput = z.input<typeof CounterOfferInputSchema>;
export type CounterOfferData = z.output<typeof CounterOfferInputSchema>;

/** CounterOfferInputSchema plus "the availability date cannot be in the past" for a given today. */
export function counterOfferSchemaFor(today: string) {
  return CounterOfferInputSchema.refine(
    (v) => !v.availabilityDate || !isPastDate(v.availabilityDate, today),
    {
      path: ['availabilityDate'],
      message: RESPONSE_MESSAGES.availabilityDateInPast,
    },
  );
}

export const OpportunityMessageSchema = z.object({
  id: z.string(),
  senderId: z.string().nullable(),
  fromBusiness: z.boolean(),
  message: z.string(),
  messageType: z.string(),
  attachments: z.array(z.string()),
  /** What a customer's counter offer proposes — the terms Accept Request would take. */
  offerTerms: OfferTermsSchema.nullable(),
  createdAt: z.string(),
});
export type OpportunityMessage = z.infer<typeof OpportunityMessageSchema>;

export const OpportunitySchema = z.object({
  id: z.string(),
  status: z.enum(RESPONSE_STATUSES),
  completionStatus: z.enum(COMPLETION_STATUSES),
  message: z.string(),
  quotedPrice: z.string(),
  priceType: z.string(),
  availabilityDate: z.string().nullable(),
  availabilityTime: z.string().nullable(),
  estimatedDuration: z.string().nullable(),
  proofImages: z.array(z.string()),
  isAcceptedAsIs: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  request: BusinessRequestViewSchema,
  messageCount: z.number().int().nonnegative(),
  lastMessageAt: z.string().nullable(),
  latestActivityAt: z.string(),
  group: z.enum(OPPORTUNITY_GROUPS),
  expiredBadge: z.enum(EXPIRED_BADGES).nullable(),
  hasPendingCounterOffer: z.boolean(),
  canAccept: z.boolean(),
  canDecline: z.boolean(),
  canEditOffer: z.boolean(),
  /**
   * The version of the request as `request` shows it (decision 019): Edit Offer, Accept Request and
   * Keep My Quote send it back, agreeing to the request as shown.
   */
  requestVersion: z.string(),
  /**
   * The customer changed the request since this business last agreed to it (quote, edited offer,
   * accepted counter offer or kept quote): the customer cannot book it until the business agrees again.
   */
  requestChangedSinceQuote: z.boolean(),
  /** Keep My Quote is open: the request changed since the quote and the offer can still be answered. */
  canKeepQuote: z.boolean(),
  /** The whole thread of this response, oldest first (for the detail dialog). */
  messages: z.array(OpportunityMessageSchema),
});
export type Opportunity = z.infer<typeof OpportunitySchema>;

/** The list is capped rather than paginated: a business rarely has this many offers in play. */
export const OPPORTUNITIES_LIMIT = 100;

export const OpportunityListSchema = z.object({
  items: z.array(OpportunitySchema),
  /** True when more than OPPORTUNITIES_LIMIT were in play and only the most recent are listed. */
  truncated: z.boolean(),
});
export type OpportunityList = z.infer<typeof OpportunityListSchema>;

/** What the action rules need of a response beyond its thread. */
export interface OpportunityFacts {
  status: string;
  completionStatus: string;
  /** The request's status: only an open request can still be negotiated (decision 006). */
  requestStatus: string;
  /** The business archived the response (Archive Management). */
  isArchived: boolean;
  isRequestArchived: boolean;
}

export type OpportunityAction = Extract<OfferAction, 'accept' | 'decline' | 'editOffer' | 'keepQuote'>;

/**
 * Why an action is refused now (the offer lifecycle, lifecycles/offer.ts), or null when it is allowed.
 * All need a pending, unarchived response on an open, unarchived request; Accept Request, Decline and
 * Edit Offer also need no counter offer of the business still awaiting the customer, and Accept
 * Request the customer's counter offer to be the thread's newest message. Keep My Quote (agreeing to
 * the customer's changed request) answers the customer's change, so the business's own counter
 * offer awaiting them does not hold it back. No action applies to an accepted job: it is handled
 * from Confirmed Bookings. The first reason that applies is the one given.
 */
export function opportunityRefusal(
  facts: OpportunityFacts,
  messages: readonly MessageFact[],
  businessUserId: string,
  action: OpportunityAction,
): string | null {
  const decision = decide(OFFER_LIFECYCLE, action, 'business', stateOf(OFFER_LIFECYCLE, facts.status), {
    requestStatus: stateOf(REQUEST_LIFECYCLE, facts.requestStatus),
    isRequestArchived: facts.isRequestArchived,
    isOfferArchived: facts.isArchived || facts.completionStatus === ARCHIVED_JOB,
    customerCounterOfferAwaitsBusiness: false,
    businessCounterOfferAwaitsCustomer: hasPendingCounterOffer(messages, businessUserId),
    customerCounterOfferIsNewest: hasCustomerCounterOffer(messages, businessUserId),
  });
  return decision.allowed ? null : decision.refusal;
}

/** The flags a card shows, from the same rules the server enforces (opportunityRefusal). */
export function opportunityActions(
  facts: OpportunityFacts,
  messages: readonly MessageFact[],
  businessUserId: string,
): { hasPendingCounterOffer: boolean; canAccept: boolean; canDecline: boolean; canEditOffer: boolean } {
  const allowed = (action: OpportunityAction) =>
    opportunityRefusal(facts, messages, businessUserId, action) === null;
  return {
    hasPendingCounterOffer: hasPendingCounterOffer(messages, businessUserId),
    canAccept: allowed('accept'),
    canDecline: allowed('decline'),
    canEditOffer: allowed('editOffer'),
  };
}

/**
 * The visible words beside a card's buttons: `locked` says why all of them are off, `accept` why
 * Accept Request alone is off — or, when it is on, what it does (it takes the customer's counter
 * offer, decision 007). Computed from the listed opportunity, which is never archived.
 */
export function opportunityNotes(
  o: Pick<Opportunity, 'status' | 'hasPendingCounterOffer' | 'canAccept' | 'canDecline'> & {
    request: Pick<Opportunity['request'], 'status'>;
  },
): { locked: string | null; accept: string | null } {
  if (o.hasPendingCounterOffer) return { locked: OPPORTUNITY_MESSAGES.counterOfferPending, accept: null };
  if ((BOOKED_OFFERS as readonly string[]).includes(o.status))
    return { locked: OPPORTUNITY_MESSAGES.acceptedJob, accept: null };
  if (o.status !== OFFER_LIFECYCLE.initial) return { locked: OPPORTUNITY_MESSAGES.notPending, accept: null };
  if (o.request.status !== OPEN_REQUEST) return { locked: OPPORTUNITY_MESSAGES.requestNotOpen, accept: null };
  if (!o.canDecline) return { locked: OPPORTUNITY_MESSAGES.notPending, accept: null };
  return {
    locked: null,
    accept: o.canAccept
      ? OPPORTUNITY_MESSAGES.acceptTakesCounterOffer
      : OPPORTUNITY_MESSAGES.acceptNeedsCounterOffer,
  };
}
