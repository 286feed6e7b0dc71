import {
  BOOKING_MESSAGES,
  canContest,
  COMPLETED_JOB,
  CONTESTED_JOB,
  disputeStatusText,
  formatDate,
  formatTime,
  resolveServiceParam,
  type CustomerBooking,
  type PendingReview,
} from '@grip/domain';
import { offerPriceLabel } from '@/features/offers/offer-display';

/** At most 3 request images are previewed in an expanded card (spec 2 §9). */
export const BOOKING_IMAGE_PREVIEW_LIMIT = 3;

/** The quote with '/hr' for hourly prices. */
export function bookingPriceLabel(booking: Pick<CustomerBooking, 'quotedPrice' | 'priceType'>): string {
  return offerPriceLabel(booking.quotedPrice, booking.priceType);
}

/** An instant as 'MMM d, yyyy at 3:45 pm' in the viewer's time zone: a 24-hour window needs the hour. */
export function formatDateTime(value: string): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const time = formatTime(at);
  return `${formatDate(at)} at ${time}`;
}

/** 'You can contest until …' while the 24-hour window is open. */
export function contestDeadlineLabel(deadline: string): string {
  return `You can contest until ${formatDateTime(deadline)}`;
}

/**
 * Whether the Contest button shows: the server's answer, re-checked against the clock with the domain
 * rule so a page left open past the deadline stops offering it.
 */
export function isContestOpen(booking: CustomerBooking, now: Date): boolean {
  if (!booking.canContest || booking.contestDeadline === null) return false;
  return canContest(booking.completionStatus, new Date(booking.contestDeadline), now);
}

/**
 * Where a contest stands, in one line (PRODUCT-DECISIONS "Contest", issue 32): its dispute's state or
 * how it ended (an accepted fix sends the job back to Confirmed with this line). A job contested
 * before disputes existed has none: then how the business settled it, as it could then.
 */
export function contestNote(booking: CustomerBooking): string | null {
  if (booking.dispute) return disputeStatusText(booking.dispute, 'customer');
  if (booking.completionStatus === CONTESTED_JOB) return BOOKING_MESSAGES.contested;
  if (booking.contestReason === null) return null;
  return booking.completionStatus === COMPLETED_JOB
    ? BOOKING_MESSAGES.resolvedDone
    : BOOKING_MESSAGES.resolvedRedo;
}

/** The booking as the review dialog takes it. */
export function pendingReviewOf(booking: CustomerBooking): PendingReview {
  return {
    responseId: booking.responseId,
    requestId: booking.requestId,
    requestTitle: booking.request.title,
    businessUserId: booking.business.userId,
    businessName: booking.business.name,
    quotedPrice: booking.quotedPrice,
    priceType: booking.priceType,
    completionDate: booking.completionDate ?? '',
  };
}

/**
 * The customer home resolves `service=` (the subtype when the request had one, else the category) and
 * opens the request form prefilled; `hireAgain=` names the accepted response to hire that business again.
 */
export function hireAgainLink(booking: Pick<CustomerBooking, 'responseId' | 'request'>): string {
  // A subtype outside the catalogue (typed to the assistant) would open an empty form: use the type.
  const { serviceSubtype, serviceType } = booking.request;
  const service = serviceSubtype && resolveServiceParam(serviceSubtype) ? serviceSubtype : serviceType;
  return `/?service=${encodeURIComponent(service)}&hireAgain=${encodeURIComponent(booking.responseId)}`;
}
