/** Notification types and where clicking one leads (spec 1 §4). */
export const NOTIFICATION_TYPES = [
  'new_request',
  'new_response',
  'response_accepted',
  'request_completed',
  'new_message',
  'counter_offer',
  'response_declined',
  'job_contested',
  /** Sent with a completion when the business asks the customer for a review (spec 3 §8). */
  'review_request',
  /** A customer reviewed the business's completed job. */
  'new_review',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const TARGETS: Record<string, string> = {
  new_request: '/business-requests',
  new_response: '/requests',
  response_accepted: '/confirmed',
  request_completed: '/history',
  new_message: '/messages',
};

/**
 * The business owner reads response_accepted about its own quote: the spec's /confirmed is the
 * customer's page, so it leads to the business's Confirmed Bookings instead.
 */
const BUSINESS_TARGETS: Record<string, string> = { response_accepted: '/business-confirmed' };

/** The path a notification navigates to, or null for types that only show the generic bell. */
export function notificationTarget(type: string, role?: string): string | null {
  if (role === 'business_owner' && Object.hasOwn(BUSINESS_TARGETS, type))
    return BUSINESS_TARGETS[type] ?? null;
  return Object.hasOwn(TARGETS, type) ? (TARGETS[type] ?? null) : null;
}
