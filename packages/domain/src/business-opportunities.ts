import { z } from 'zod';
import { isPastDate } from './requests';
import { BusinessRequestViewSchema } from './business-requests';
import { MAX_QUOTED_PRICE, RESPONSE_MESSAGES, RESPONSE_TEXT_MAX_LENGTH } from './responses';
import { RESPONSE_MESSAGE_MIN_LENGTH } from './constants';
import { safeText } from './auth';
import { freshness, latestOf } from './time-windows';
import { OfferTermsSchema } from './customer-offers';

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

/** Spec 3 §4: pending, in_progress, or accepted and not completed. */
export function isListedOpportunity(status: string, completionStatus: string): boolean {
  if (status === 'pending' || status === 'in_progress') return true;
  return status === 'accepted' && completionStatus !== 'completed';
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
  if (status === 'declined' || status === 'rejected') return 'Declined';
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

export const OPPORTUNITY_MESSAGES = {
  notFound: 'Opportunity not found.',
  businessOnly: 'Only business accounts have opportunities.',
  counterOfferPending: 'Pending response from customer',
  counterOfferPendingDetail:
    'Your counter offer is waiting for the customer. You can act again once they reply.',
  notPending: 'This offer is no longer pending, so it cannot be changed here.',
  noCustomerCounterOffer: 'There is no counter offer from the customer to accept.',
  counterOfferSent: 'Counter offer sent successfully!',
  counterOfferFailed: 'Failed to send counter offer. Please try again.',
  acceptedMessage: 'Counter offer accepted',
  empty: 'No pending opportunities',
} as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Edit Offer: the business's counter offer (spec 3 §3 "Counter offer", §5 rules of the quote). */
export const CounterOfferInputSchema = z.object({
  quotedPrice: z
    .number({ error: RESPONSE_MESSAGES.priceTooLow })
    .min(1, RESPONSE_MESSAGES.priceTooLow)
    .max(MAX_QUOTED_PRICE)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, RESPONSE_MESSAGES.priceTooPrecise),
  availabilityDate: z.string().regex(isoDate, RESPONSE_MESSAGES.invalidDate).nullish(),
  message: z
    .string({ error: RESPONSE_MESSAGES.messageTooShort })
    .trim()
    .min(RESPONSE_MESSAGE_MIN_LENGTH, RESPONSE_MESSAGES.messageTooShort)
    .max(RESPONSE_TEXT_MAX_LENGTH)
    .pipe(safeText({ multiline: true })),
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
  status: z.string(),
  completionStatus: z.string(),
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

/**
 * The actions a card offers (spec 3 §4): all of them only while the response is still pending and no
 * counter offer of the business awaits the customer; Accept also needs a customer counter offer.
 */
export function opportunityActions(
  status: string,
  messages: readonly MessageFact[],
  businessUserId: string,
): { hasPendingCounterOffer: boolean; canAccept: boolean; canDecline: boolean; canEditOffer: boolean } {
  const pendingCounter = hasPendingCounterOffer(messages, businessUserId);
  const open = status === 'pending' && !pendingCounter;
  return {
    hasPendingCounterOffer: pendingCounter,
    canAccept: open && hasCustomerCounterOffer(messages, businessUserId),
    canDecline: open,
    canEditOffer: open,
  };
}
