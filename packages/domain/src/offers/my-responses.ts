import { z } from 'zod';
import { MyRequestDetailSchema, pageSchema, type RequestResponseSummary } from '../requests/api-requests';
import { DAY_MS, freshness, type Freshness } from '../shared/time-windows';
import { canMessage } from '../messages/conversations';
import { decide, stateOf } from '../lifecycles/lifecycle';
import { customerSideOfferFacts, OFFER_LIFECYCLE } from '../lifecycles/offer';
import { REQUEST_LIFECYCLE } from '../lifecycles/request';
import { BOOKED_REQUESTS } from '../lifecycles/named-states';

/**
 * My Responses (/responses, spec 2 "My Responses"): the customer's requests that businesses answered,
 * grouped by how long ago the request was made, each listing its offers with their actions.
 */

export const MY_RESPONSES_GROUPS = [
  'new',
  'about_to_expire',
  'expired',
] as const satisfies readonly Freshness[];
export type MyResponsesGroup = (typeof MY_RESPONSES_GROUPS)[number];

export const MY_RESPONSES_GROUP_TITLES: Record<MyResponsesGroup, string> = {
  new: 'New Requests',
  about_to_expire: 'Requests about to Expire',
  expired: 'Expired Requests',
};

/** New Requests is open when the screen opens; the older groups wait to be asked for. */
export const MY_RESPONSES_DEFAULT_OPEN: Record<MyResponsesGroup, boolean> = {
  new: true,
  about_to_expire: false,
  expired: false,
};

/**
 * The group a request with responses falls in at `now`, by its creation age: new within 24 h, about
 * to expire within 48 h, expired after that — or null (not listed) when it is expired but already
 * assigned, in progress or completed: spec 2 leaves the requests a confirmed offer took
 * (BOOKED_REQUESTS) out of Expired Requests.
 */
export function myResponsesGroupOf(
  requestCreatedAt: Date,
  requestStatus: string,
  now: Date,
): MyResponsesGroup | null {
  const group = freshness(requestCreatedAt, now);
  if (group === 'expired' && (BOOKED_REQUESTS as readonly string[]).includes(requestStatus)) return null;
  return group;
}

/**
 * The created-at bounds of a group at `now`, for the server to compare in SQL: created at or after
 * `from` and strictly before `before`; null is unbounded. The same edges as `freshness()`: a request
 * exactly 24 h old is still new, one exactly 48 h old is still about to expire.
 */
export function myResponsesGroupWindow(
  group: MyResponsesGroup,
  now: Date,
): { from: Date | null; before: Date | null } {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const twoDaysAgo = new Date(now.getTime() - 2 * DAY_MS);
  switch (group) {
    case 'new':
      return { from: dayAgo, before: null };
    case 'about_to_expire':
      return { from: twoDaysAgo, before: dayAgo };
    case 'expired':
      return { from: null, before: twoDaysAgo };
  }
}

export const MY_RESPONSES_MESSAGES = {
  /** Spec 2 §8, shared with My Requests. */
  loadFailed: 'Failed to load your requests.',
  badGroup: 'Please choose New Requests, Requests about to Expire or Expired Requests.',
  badCursor: 'That page of requests is no longer available. Please reload.',
  noResponsesTitle: 'No responses yet',
  noResponses: 'When businesses answer your requests, their offers appear here.',
  /** Spec 2 "Older My Responses screen". */
  modifiedRequestBadge: 'Customer sent modified request',
} as const;

/** What an open group says when it holds nothing. */
export const MY_RESPONSES_EMPTY_TEXTS: Record<MyResponsesGroup, string> = {
  new: 'No responses yet to requests made in the last 24 hours.',
  about_to_expire: 'No responses to requests made 24 to 48 hours ago.',
  expired: 'No responses to requests older than 48 hours.',
};

/** GET /api/my-responses?group=&cursor=&limit= */
export const MyResponsesQuerySchema = z.object({
  group: z.enum(MY_RESPONSES_GROUPS, { error: MY_RESPONSES_MESSAGES.badGroup }).default('new'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ error: 'The page size must be a number from 1 to 50.' })
    .int('The page size must be a number from 1 to 50.')
    .min(1, 'The page size must be a number from 1 to 50.')
    .max(50, 'The page size must be a number from 1 to 50.')
    .default(20),
});
export type MyResponsesQuery = z.output<typeof MyResponsesQuerySchema>;

/** A page of requests, each with its (not ignored) responses. */
export const MyResponsesPageSchema = pageSchema(MyRequestDetailSchema);
export type MyResponsesPage = z.infer<typeof MyResponsesPageSchema>;

/**
 * Phrases that make a customer's message a modified request in old data (spec 2 "Older My Responses
 * screen": its text mentions a counter offer or modified request). Lower case; the server matches
 * them case-insensitively in SQL, so they hold no LIKE wildcards.
 */
export const MODIFIED_OFFER_MENTIONS = [
  'counter offer',
  'counter-offer',
  'counteroffer',
  'modified request',
] as const;

export function mentionsModifiedOffer(text: string): boolean {
  const lower = text.toLowerCase();
  return MODIFIED_OFFER_MENTIONS.some((phrase) => lower.includes(phrase));
}

export interface ModifiedOfferMessageFact {
  senderId: string | null;
  messageType: string;
  message: string;
}

/**
 * The 'Customer sent modified request' badge: any message from the request's owner on the response
 * that is a counter_offer, or whose text mentions a counter offer or modified request.
 */
export function hasCustomerSentModifiedOffer(
  messages: readonly ModifiedOfferMessageFact[],
  customerUserId: string,
): boolean {
  return messages.some(
    (m) =>
      m.senderId === customerUserId &&
      (m.messageType === 'counter_offer' || mentionsModifiedOffer(m.message)),
  );
}

export interface MyResponseOfferActions {
  /** The offer is still negotiable: Confirm Offer, Counter Offer and Decline are on. */
  isOpen: boolean;
  /** The customer's counter offer awaits the business ('Pending response from business owner'). */
  isPendingFromBusiness: boolean;
  /** Messaging opens once the offer is accepted. */
  canMessage: boolean;
}

/**
 * The buttons of an offer on My Responses, from the summary's facts: the same rule as
 * `customerOfferActions` (a pending response on an open request, with no counter offer of the
 * customer awaiting the business — the PENDING state badge), without the message thread.
 */
export function myResponseOfferActions(
  response: Pick<RequestResponseSummary, 'status' | 'stateBadge'>,
  requestStatus: string,
): MyResponseOfferActions {
  const isPendingFromBusiness = response.stateBadge === 'PENDING';
  const confirm = decide(
    OFFER_LIFECYCLE,
    'confirm',
    'customer',
    stateOf(OFFER_LIFECYCLE, response.status),
    // A pending offer's only badge is PENDING: the customer's counter offer awaits the business.
    customerSideOfferFacts(stateOf(REQUEST_LIFECYCLE, requestStatus), response.stateBadge !== null),
  );
  return { isOpen: confirm.allowed, isPendingFromBusiness, canMessage: canMessage(response.status) };
}
