/** Shared status vocabularies (spec 1 §4, 2 §4, 3 §4). */

export const REQUEST_STATUSES = ['open', 'assigned', 'in_progress', 'completed', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const RESPONSE_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'declined',
  'ignored',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

/**
 * `pending` is our name for the spec's "non-completed default"; `contested` comes from the contest rule;
 * `cancelled` from a party cancelling the booking (issue 32).
 */
export const COMPLETION_STATUSES = [
  'pending',
  'in_progress',
  'completed',
  'contested',
  'archived',
  'cancelled',
] as const;
export type CompletionStatus = (typeof COMPLETION_STATUSES)[number];

/** The two sides of a booking: who cancelled it, who proposed a new time. */
export const BOOKING_PARTIES = ['customer', 'business'] as const;
export type BookingParty = (typeof BOOKING_PARTIES)[number];

export const PRICE_TYPES = ['fixed', 'hourly', 'range'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

export const BUDGET_TYPES = ['fixed', 'range'] as const;
export type BudgetType = (typeof BUDGET_TYPES)[number];

export const URGENCIES = ['urgent', 'normal', 'low'] as const;
export type Urgency = (typeof URGENCIES)[number];

export const MESSAGE_TYPES = ['text', 'counter_offer', 'completion'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const TIME_FLEXIBILITIES = ['exact', 'within_2_hours', 'within_4_hours', 'flexible'] as const;
export type TimeFlexibility = (typeof TIME_FLEXIBILITIES)[number];

/** Upper case with underscores turned into spaces: the fallback display of a status. */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ').toUpperCase();
}
