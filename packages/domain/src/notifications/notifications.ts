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
  /** The other party of an open booking deleted their account (decision 012). */
  'booking_party_left',
  /** To each business with an open quote: the customer changed the request (decision 019). */
  'request_edited',
  /** To the customer: a business kept its quote for the changed request, which can now be booked. */
  'quote_kept',
  /** Issue 32, to the other party of a booking: it was cancelled, moved, or a new time awaits an answer. */
  'booking_cancelled',
  'booking_time_proposed',
  'booking_time_answered',
  /** Issue 32: an administrator's warning after a report; the bell shows its words, it opens nothing. */
  'moderation_warning',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const TARGETS: Record<string, string> = {
  new_request: '/business-requests',
  new_response: '/requests',
  response_accepted: '/confirmed',
  request_completed: '/history',
  new_message: '/messages',
  // Ours (decision 019): where each side answers the change.
  request_edited: '/business-active',
  quote_kept: '/requests',
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

const BOOKING_CHANGES: readonly string[] = [
  'booking_cancelled',
  'booking_time_proposed',
  'booking_time_answered',
  // A dispute's every step (issue 32): the business answers on its job, the customer in Job History.
  'job_contested',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Issue 32's notifications name the booking (related_id is the response id) and open it: the job
 * detail for a business; for a customer the booking in Confirmed Requests, or Job History once it
 * was cancelled or disputed (where those are listed); for an administrator the dispute queue.
 */
function bookingChangeTarget(
  notification: { type: string; relatedId: string | null },
  role?: string,
): string | null {
  if (!BOOKING_CHANGES.includes(notification.type)) return null;
  const id = notification.relatedId && UUID.test(notification.relatedId) ? notification.relatedId : null;
  if (role === 'business_owner') return id ? `/business-confirmed?job=${id}` : '/business-confirmed';
  // Administrators hear of contests and escalations: their queue is on /admin.
  if (notification.type === 'job_contested') return role === 'administrator' ? '/admin' : '/history';
  if (notification.type === 'booking_cancelled') return '/history';
  return id ? `/confirmed?responseId=${id}` : '/confirmed';
}

/** What clicking a notification does: go to a page, open the review dialog for a job, or nothing. */
export type NotificationAction =
  { kind: 'navigate'; to: string } | { kind: 'review'; requestId: string } | { kind: 'none' };

/**
 * The click rule for every type. The spec's table (notificationTarget) is kept as it is; review_request
 * and booking_party_left are outside it and are our decisions. review_request: its customer gets 'Rate
 * Your Experience' for the request it names (related_id is the request id), or Job History when it
 * names none; a business owner never writes reviews, so for them it stays a plain notification.
 * booking_party_left: the recipient's own list of open bookings, where the booking now shows under
 * "Deleted user" — Confirmed Bookings for a business owner, Confirmed Requests for a customer.
 */
export function notificationAction(
  notification: { type: string; relatedId: string | null },
  role?: string,
): NotificationAction {
  const booking = bookingChangeTarget(notification, role);
  if (booking) return { kind: 'navigate', to: booking };
  if (notification.type === 'booking_party_left') {
    return { kind: 'navigate', to: role === 'business_owner' ? '/business-confirmed' : '/confirmed' };
  }
  if (notification.type === 'review_request') {
    if (role === 'business_owner') return { kind: 'none' };
    return notification.relatedId
      ? { kind: 'review', requestId: notification.relatedId }
      : { kind: 'navigate', to: '/history' };
  }
  const target = notificationTarget(notification.type, role);
  return target ? { kind: 'navigate', to: target } : { kind: 'none' };
}
