import { describe, expect, it } from 'vitest';
import { UNSUPPORTED_CHARACTERS } from '../accounts/auth';
import { CANCELLED_REQUEST } from '../lifecycles/request';
import { DAY_MS, HOUR_MS } from '../shared/time-windows';
import { CHANGE_MESSAGES } from './booking-change-messages';
import {
  agreedTimeOf,
  cancelConsequences,
  CANCELLATION_NOTE_MAX_LENGTH,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  cancellationSummary,
  CancellationSchema,
  CancelBookingInputSchema,
  canReopenForQuotes,
  countsAsLateCancellation,
  isLateCancellation,
  LATE_CANCELLATION_LOOKBACK_DAYS,
  LATE_CANCELLATION_WINDOW_MS,
  lateCancellationsLabel,
  sameAgreedTime,
  type Cancellation,
} from './cancellation';

/**
 * bookingInstant reads a booked date and time in the runtime's own zone (bookings are stored without
 * one), so every instant here is built the same way — `new Date(y, m, d, h, mi)` — and the tests hold
 * in any TZ.
 */
const booked = { date: '2026-05-05', time: '10:00' };
const bookedAt = new Date(2026, 4, 5, 10, 0);
const before = (ms: number) => new Date(bookedAt.getTime() - ms);

const seenTime = { date: '2026-05-05', time: '10:00' };
const fieldErrors = (input: unknown) => {
  const parsed = CancelBookingInputSchema.safeParse(input);
  if (parsed.success) return null;
  return parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('CancelBookingInputSchema', () => {
  it('takes a reason from the list and the time the canceller saw; the note defaults to empty', () => {
    expect(CancelBookingInputSchema.parse({ reason: 'schedule_conflict', seenTime })).toEqual({
      reason: 'schedule_conflict',
      note: '',
      seenTime,
    });
    // A booking without an agreed date is cancelled as seen: both halves null.
    const undated = { date: null, time: null };
    expect(CancelBookingInputSchema.parse({ reason: 'no_response', seenTime: undated }).seenTime).toEqual(
      undated,
    );
  });

  it('trims the note and keeps line breaks', () => {
    const parsed = CancelBookingInputSchema.parse({
      reason: 'price_or_scope',
      note: '  The quote doubled.\nSorry.  ',
      seenTime,
    });
    expect(parsed.note).toBe('The quote doubled.\nSorry.');
  });

  it('refuses a missing or unknown reason with the words of the dialog', () => {
    for (const reason of [undefined, '', 'bored', 'OTHER']) {
      expect(fieldErrors({ reason, seenTime }), String(reason)).toEqual([
        { path: 'reason', message: CHANGE_MESSAGES.reasonRequired },
      ]);
    }
  });

  it("needs a few words of the canceller's own for 'Other', on the note field", () => {
    const refused = [{ path: 'note', message: CHANGE_MESSAGES.noteRequiredForOther }];
    expect(fieldErrors({ reason: 'other', seenTime })).toEqual(refused);
    expect(fieldErrors({ reason: 'other', note: '', seenTime })).toEqual(refused);
    // Trimmed first: spaces around two letters are still two letters.
    expect(fieldErrors({ reason: 'other', note: '   ab   ', seenTime })).toEqual(refused);
    expect(fieldErrors({ reason: 'other', note: 'abc', seenTime })).toBeNull();
    // The other reasons speak for themselves.
    for (const reason of CANCELLATION_REASONS.filter((r) => r !== 'other')) {
      expect(fieldErrors({ reason, seenTime }), reason).toBeNull();
    }
  });

  it('refuses a note over the limit and control characters', () => {
    const long = 'x'.repeat(CANCELLATION_NOTE_MAX_LENGTH + 1);
    expect(fieldErrors({ reason: 'other', note: long, seenTime })?.[0]).toEqual({
      path: 'note',
      message: `Please keep it under ${CANCELLATION_NOTE_MAX_LENGTH} characters`,
    });
    expect(
      fieldErrors({ reason: 'other', note: 'x'.repeat(CANCELLATION_NOTE_MAX_LENGTH), seenTime }),
    ).toBeNull();
    expect(fieldErrors({ reason: 'other', note: 'bad\u0000byte', seenTime })?.[0]).toEqual({
      path: 'note',
      message: UNSUPPORTED_CHARACTERS,
    });
  });

  it('needs the time the canceller saw', () => {
    expect(fieldErrors({ reason: 'schedule_conflict' })?.map((e) => e.path)).toEqual(['seenTime']);
    expect(
      fieldErrors({ reason: 'schedule_conflict', seenTime: { date: '2026-05-05' } })?.map((e) => e.path),
    ).toEqual(['seenTime.time']);
  });
});

describe('reasons', () => {
  it('labels every reason, ending in Other', () => {
    expect(CANCELLATION_REASONS.at(-1)).toBe('other');
    for (const reason of CANCELLATION_REASONS) expect(CANCELLATION_REASON_LABELS[reason]).toBeTruthy();
    expect(Object.keys(CANCELLATION_REASON_LABELS).sort()).toEqual([...CANCELLATION_REASONS].sort());
  });
});

describe('agreedTimeOf', () => {
  const request = { preferredDate: '2026-05-01', preferredTime: '08:00:00' };

  it("is the business's availability when its quote (or a reschedule) gave one", () => {
    expect(agreedTimeOf({ availabilityDate: '2026-05-05', availabilityTime: '10:00:00' }, request)).toEqual({
      date: '2026-05-05',
      time: '10:00:00',
    });
    // A date without a time does not borrow the customer's preferred time.
    expect(agreedTimeOf({ availabilityDate: '2026-05-05', availabilityTime: null }, request)).toEqual({
      date: '2026-05-05',
      time: null,
    });
  });

  it("falls back to the customer's preferred date, and a time only with a date", () => {
    const none = { availabilityDate: null, availabilityTime: null };
    expect(agreedTimeOf(none, request)).toEqual({ date: '2026-05-01', time: '08:00:00' });
    expect(agreedTimeOf(none, { preferredDate: null, preferredTime: '08:00:00' })).toEqual({
      date: null,
      time: null,
    });
    // An availability time alone (no date) names no day: the request's is used.
    expect(agreedTimeOf({ availabilityDate: null, availabilityTime: '10:00:00' }, request)).toEqual({
      date: '2026-05-01',
      time: '08:00:00',
    });
  });
});

describe('sameAgreedTime', () => {
  it("reads '10:00' and '10:00:00' as the same time (the form and the database)", () => {
    expect(
      sameAgreedTime({ date: '2026-05-05', time: '10:00' }, { date: '2026-05-05', time: '10:00:00' }),
    ).toBe(true);
    expect(
      sameAgreedTime({ date: '2026-05-05', time: '10:00:00' }, { date: '2026-05-05', time: '10:00' }),
    ).toBe(true);
    expect(sameAgreedTime({ date: null, time: null }, { date: null, time: null })).toBe(true);
  });

  it('tells apart another minute, another day, or a time against none', () => {
    expect(sameAgreedTime({ date: '2026-05-05', time: '10:00' }, { date: '2026-05-05', time: '10:01' })).toBe(
      false,
    );
    expect(sameAgreedTime({ date: '2026-05-05', time: '10:00' }, { date: '2026-05-06', time: '10:00' })).toBe(
      false,
    );
    expect(sameAgreedTime({ date: '2026-05-05', time: null }, { date: '2026-05-05', time: '00:00' })).toBe(
      false,
    );
    expect(sameAgreedTime({ date: null, time: null }, { date: '2026-05-05', time: null })).toBe(false);
  });
});

describe('isLateCancellation (24 hours before the booked time)', () => {
  it('is the window the issue names, and the profile looks back 12 months', () => {
    expect(LATE_CANCELLATION_WINDOW_MS).toBe(24 * HOUR_MS);
    expect(LATE_CANCELLATION_LOOKBACK_DAYS).toBe(365);
  });

  it('is on time at exactly 24 hours before, late one millisecond after', () => {
    expect(isLateCancellation(booked, before(DAY_MS))).toBe(false);
    expect(isLateCancellation(booked, before(DAY_MS + 1))).toBe(false);
    expect(isLateCancellation(booked, before(DAY_MS - 1))).toBe(true);
    expect(isLateCancellation(booked, before(25 * HOUR_MS))).toBe(false);
    expect(isLateCancellation(booked, before(30 * 24 * HOUR_MS))).toBe(false);
  });

  it('is late inside the window, at the booked time and after it', () => {
    expect(isLateCancellation(booked, before(HOUR_MS))).toBe(true);
    expect(isLateCancellation(booked, bookedAt)).toBe(true);
    expect(isLateCancellation(booked, new Date(bookedAt.getTime() + 3 * DAY_MS))).toBe(true);
  });

  it('reads the stored time with seconds the same as the form’s', () => {
    const stored = { date: '2026-05-05', time: '10:00:00' };
    expect(isLateCancellation(stored, before(DAY_MS))).toBe(false);
    expect(isLateCancellation(stored, before(DAY_MS - 1))).toBe(true);
  });

  it('counts a date without a time from the start of that day', () => {
    const dateOnly = { date: '2026-05-05', time: null };
    const midnight = new Date(2026, 4, 5, 0, 0);
    expect(isLateCancellation(dateOnly, new Date(midnight.getTime() - DAY_MS))).toBe(false);
    expect(isLateCancellation(dateOnly, new Date(midnight.getTime() - DAY_MS + 1))).toBe(true);
    // The evening before a date-only booking is inside the window.
    expect(isLateCancellation(dateOnly, new Date(2026, 4, 4, 20, 0))).toBe(true);
  });

  it('is never late without a booked date', () => {
    expect(isLateCancellation({ date: null, time: null }, bookedAt)).toBe(false);
    expect(isLateCancellation({ date: null, time: '10:00' }, bookedAt)).toBe(false);
  });
});

describe('countsAsLateCancellation', () => {
  it("counts only the business's late cancellations", () => {
    const late = before(HOUR_MS);
    expect(countsAsLateCancellation('business', booked, late)).toBe(true);
    expect(countsAsLateCancellation('customer', booked, late)).toBe(false);
    expect(countsAsLateCancellation('business', booked, before(2 * DAY_MS))).toBe(false);
    expect(countsAsLateCancellation('business', { date: null, time: null }, late)).toBe(false);
  });
});

describe('lateCancellationsLabel', () => {
  it('says how many in 12 months, singular and plural, and nothing for none', () => {
    expect(lateCancellationsLabel(0)).toBeNull();
    expect(lateCancellationsLabel(-1)).toBeNull();
    expect(lateCancellationsLabel(1)).toBe('1 late cancellation in 12 months');
    expect(lateCancellationsLabel(2)).toBe('2 late cancellations in 12 months');
    expect(lateCancellationsLabel(12)).toBe('12 late cancellations in 12 months');
  });
});

const cancellation = (over: Partial<Cancellation> = {}): Cancellation => ({
  cancelledBy: 'business',
  reason: 'schedule_conflict',
  note: 'The van broke down.',
  cancelledAt: '2026-05-04T12:00:00.000Z',
  isLate: true,
  ...over,
});

describe('cancellationSummary', () => {
  it('names who cancelled as the viewer knows them, the reason and the note', () => {
    expect(cancellationSummary(cancellation(), 'customer')).toBe(
      'Cancelled by the business: Cannot make the booked time — The van broke down.',
    );
    expect(cancellationSummary(cancellation(), 'business')).toBe(
      'Cancelled by you: Cannot make the booked time — The van broke down.',
    );
    expect(cancellationSummary(cancellation({ cancelledBy: 'customer', note: null }), 'business')).toBe(
      'Cancelled by the customer: Cannot make the booked time',
    );
  });

  it('is what CancellationSchema carries', () => {
    expect(CancellationSchema.parse(cancellation())).toEqual(cancellation());
    expect(CancellationSchema.safeParse({ ...cancellation(), cancelledBy: 'grip' }).success).toBe(false);
    expect(CancellationSchema.safeParse({ ...cancellation(), reason: 'bored' }).success).toBe(false);
  });
});

describe('cancelConsequences (the confirmation dialog)', () => {
  it('tells a customer the business hears and the request can go out again, never warning of lateness', () => {
    const lines = cancelConsequences('customer', booked, before(HOUR_MS));
    expect(lines).toHaveLength(2);
    expect(lines.join(' ')).toMatch(/business is told/);
    expect(lines.join(' ')).toMatch(/send the request out again/);
    expect(lines).not.toContain(CHANGE_MESSAGES.lateWarning);
  });

  it('tells a business the address goes, and warns inside 24 hours only', () => {
    const early = cancelConsequences('business', booked, before(2 * DAY_MS));
    expect(early).toHaveLength(2);
    expect(early.join(' ')).toMatch(/address is no longer shown/);
    expect(early).not.toContain(CHANGE_MESSAGES.lateWarning);
    const late = cancelConsequences('business', booked, before(DAY_MS - 1));
    expect(late).toEqual([...early, CHANGE_MESSAGES.lateWarning]);
  });
});

describe('canReopenForQuotes', () => {
  const today = '2026-05-05';

  it('is offered when the business cancelled and the booked date is today or ahead', () => {
    expect(canReopenForQuotes(cancellation(), CANCELLED_REQUEST, booked, today)).toBe(true);
    expect(
      canReopenForQuotes(cancellation(), CANCELLED_REQUEST, { date: '2026-06-01', time: null }, today),
    ).toBe(true);
    // No date agreed: nothing has passed.
    expect(canReopenForQuotes(cancellation(), CANCELLED_REQUEST, { date: null, time: null }, today)).toBe(
      true,
    );
  });

  it('is not offered once the date has passed', () => {
    expect(
      canReopenForQuotes(cancellation(), CANCELLED_REQUEST, { date: '2026-05-04', time: '23:00' }, today),
    ).toBe(false);
  });

  it("is not offered for the customer's own cancellation, without one, or once reopened", () => {
    expect(
      canReopenForQuotes(cancellation({ cancelledBy: 'customer' }), CANCELLED_REQUEST, booked, today),
    ).toBe(false);
    expect(canReopenForQuotes(null, CANCELLED_REQUEST, booked, today)).toBe(false);
    expect(canReopenForQuotes(cancellation(), 'open', booked, today)).toBe(false);
    expect(canReopenForQuotes(cancellation(), 'assigned', booked, today)).toBe(false);
  });
});
