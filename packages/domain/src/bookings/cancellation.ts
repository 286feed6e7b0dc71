import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { BOOKING_PARTIES, type BookingParty } from '../shared/statuses';
import { DAY_MS } from '../shared/time-windows';
import { CHANGE_MESSAGES } from './booking-change-messages';
import { bookingInstant } from './bookings';
import { CANCELLED_REQUEST } from '../lifecycles/request';

/**
 * Cancelling a booking (issue 32): either party, before the job is completed, with a reason from a
 * short list and words of their own. A business's cancellation inside 24 hours of the booked time is
 * late, and its profile counts the late ones of the last 12 months.
 */
export const CANCELLATION_REASONS = [
  'schedule_conflict',
  'no_longer_needed',
  'found_alternative',
  'price_or_scope',
  'no_response',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  schedule_conflict: 'Cannot make the booked time',
  no_longer_needed: 'The job is no longer needed',
  found_alternative: 'Found another way to get it done',
  price_or_scope: 'The price or the work changed',
  no_response: 'The other party is not responding',
  other: 'Other',
};

export const CANCELLATION_NOTE_MAX_LENGTH = 500;
/** Why "Other" needs words: a reason list that ends in "Other" says nothing on its own. */
const OTHER_NOTE_MIN_LENGTH = 3;

/** The booked time as the canceller saw it: the cancellation is refused if it moved meanwhile. */
export const AgreedTimeSchema = z.object({
  date: z.string().nullable(),
  time: z.string().nullable(),
});
export type AgreedTime = z.infer<typeof AgreedTimeSchema>;

/** POST /api/bookings/:responseId/cancel and /api/jobs/:responseId/cancel. */
export const CancelBookingInputSchema = z
  .object({
    reason: z.enum(CANCELLATION_REASONS, { error: CHANGE_MESSAGES.reasonRequired }),
    note: z
      .string()
      .trim()
      .max(CANCELLATION_NOTE_MAX_LENGTH, `Please keep it under ${CANCELLATION_NOTE_MAX_LENGTH} characters`)
      .pipe(safeText({ multiline: true }))
      .default(''),
    seenTime: AgreedTimeSchema,
  })
  .refine((v) => v.reason !== 'other' || v.note.length >= OTHER_NOTE_MIN_LENGTH, {
    message: CHANGE_MESSAGES.noteRequiredForOther,
    path: ['note'],
  });
export type CancelBookingInput = z.input<typeof CancelBookingInputSchema>;
export type CancelBookingData = z.output<typeof CancelBookingInputSchema>;

/** The window before the booked time in which a business's cancellation is late. */
export const LATE_CANCELLATION_WINDOW_MS = DAY_MS;
/** How far back a profile counts late cancellations. */
export const LATE_CANCELLATION_LOOKBACK_DAYS = 365;

/**
 * The time a booking is for: the business's availability when its quote gave one (counter offers and
 * reschedules change it), else the customer's preferred date. Null when neither names a date.
 */
export function agreedTimeOf(
  response: { availabilityDate: string | null; availabilityTime: string | null },
  request: { preferredDate: string | null; preferredTime: string | null },
): AgreedTime {
  if (response.availabilityDate) return { date: response.availabilityDate, time: response.availabilityTime };
  return { date: request.preferredDate, time: request.preferredDate ? request.preferredTime : null };
}

/** Two readings of a booked time are the same time ('10:00' and '10:00:00' are). */
export function sameAgreedTime(a: AgreedTime, b: AgreedTime): boolean {
  const minutes = (t: string | null) => (t ? t.slice(0, 5) : null);
  return a.date === b.date && minutes(a.time) === minutes(b.time);
}

/**
 * Late: less than 24 hours before the booked time, or after it. A date without a time counts from the
 * start of that day. Times are local to the installation (TZ), as bookings are stored without a zone.
 * A booking with no date is never late.
 */
export function isLateCancellation(agreed: AgreedTime, now: Date): boolean {
  if (!agreed.date) return false;
  const at = bookingInstant(agreed.date, agreed.time);
  return at.getTime() - now.getTime() < LATE_CANCELLATION_WINDOW_MS;
}

/** Only a business's late cancellation counts against it: a customer calling off is their own affair. */
export function countsAsLateCancellation(by: BookingParty, agreed: AgreedTime, now: Date): boolean {
  return by === 'business' && isLateCancellation(agreed, now);
}

/** The profile's line: "2 late cancellations in 12 months", nothing when there are none. */
export function lateCancellationsLabel(count: number): string | null {
  if (count <= 0) return null;
  return `${count} late cancellation${count === 1 ? '' : 's'} in 12 months`;
}

/** A cancellation as both parties see it on the booking. */
export const CancellationSchema = z.object({
  cancelledBy: z.enum(BOOKING_PARTIES),
  reason: z.enum(CANCELLATION_REASONS),
  note: z.string().nullable(),
  cancelledAt: z.string(),
  isLate: z.boolean(),
});
export type Cancellation = z.infer<typeof CancellationSchema>;

/** "Cancelled by the business: Cannot make the booked time — <note>". */
export function cancellationSummary(c: Cancellation, viewer: BookingParty): string {
  const who = c.cancelledBy === viewer ? 'you' : `the ${c.cancelledBy}`;
  const reason = CANCELLATION_REASON_LABELS[c.reason];
  return `Cancelled by ${who}: ${reason}${c.note ? ` — ${c.note}` : ''}`;
}

/**
 * What the cancel dialog says happens, to the party about to cancel (the confirmation the issue asks
 * for): the other party is told, the conversation closes, and for a business a late cancellation.
 */
export function cancelConsequences(by: BookingParty, agreed: AgreedTime, now: Date): string[] {
  const lines =
    by === 'customer'
      ? [
          'The business is told at once and the booking shows as CANCELLED to both of you.',
          'The conversation closes. You can send the request out again for other quotes from My Requests.',
        ]
      : [
          'The customer is told at once and the booking shows as CANCELLED to both of you.',
          'The conversation closes and the job address is no longer shown to you.',
        ];
  if (countsAsLateCancellation(by, agreed, now)) lines.push(CHANGE_MESSAGES.lateWarning);
  return lines;
}

/**
 * "Reopen for quotes" is offered on a booking the business cancelled while its date is still ahead
 * (or it had none): the customer chooses to send the request out again. `today` is the viewer's
 * local date (YYYY-MM-DD).
 */
export function canReopenForQuotes(
  c: Cancellation | null,
  requestStatus: string,
  agreed: AgreedTime,
  today: string,
): boolean {
  if (!c || c.cancelledBy !== 'business' || requestStatus !== CANCELLED_REQUEST) return false;
  return !agreed.date || agreed.date >= today;
}
