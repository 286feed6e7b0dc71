import { describe, expect, it } from 'vitest';
import {
  bookingSectionOf,
  canContest,
  canHireAgain,
  contestRefusal,
  CustomerBookingSchema,
  JobHistorySummarySchema,
} from './customer-bookings';
import { BOOKING_MESSAGES } from './booking-messages';
import { contestDeadline, HOUR_MS } from '../shared/time-windows';

const completedAt = new Date('2025-06-15T12:00:00.000Z');
const deadline = contestDeadline(completedAt);
const at = (ms: number) => new Date(deadline.getTime() + ms);

describe('canContest (the one contest-window rule)', () => {
  it('is open from completion until one millisecond before the deadline', () => {
    expect(deadline.getTime() - completedAt.getTime()).toBe(24 * HOUR_MS);
    expect(canContest('completed', deadline, completedAt)).toBe(true);
    expect(canContest('completed', deadline, at(-1))).toBe(true);
  });

  it('is closed at exactly the deadline and after it', () => {
    expect(canContest('completed', deadline, at(0))).toBe(false);
    expect(canContest('completed', deadline, at(1))).toBe(false);
  });

  it('is closed without a completion (no deadline) and for a job that is not completed', () => {
    expect(canContest('completed', null, completedAt)).toBe(false);
    expect(canContest('in_progress', null, completedAt)).toBe(false);
    expect(canContest('pending', deadline, at(-1))).toBe(false);
    expect(canContest('contested', deadline, at(-1))).toBe(false);
  });
});

describe('contestRefusal', () => {
  it('allows a completed job inside the window', () => {
    expect(contestRefusal('completed', deadline, at(-1))).toBeNull();
  });

  it('names the reason: already contested, not completed, window closed', () => {
    expect(contestRefusal('contested', deadline, at(-1))).toBe(BOOKING_MESSAGES.alreadyContested);
    expect(BOOKING_MESSAGES.alreadyContested).toBe('This job is already contested.');
    expect(contestRefusal('in_progress', null, at(-1))).toBe(BOOKING_MESSAGES.contestNotCompleted);
    expect(contestRefusal('pending', null, at(-1))).toBe(BOOKING_MESSAGES.contestNotCompleted);
    expect(contestRefusal('completed', deadline, at(0))).toBe(BOOKING_MESSAGES.contestClosed);
    expect(contestRefusal('completed', null, at(-1))).toBe(BOOKING_MESSAGES.contestClosed);
  });
});

describe('bookingSectionOf', () => {
  it('puts completed and contested jobs in Job History, the rest on Confirmed Requests', () => {
    expect(bookingSectionOf('completed')).toBe('history');
    expect(bookingSectionOf('contested')).toBe('history');
    expect(bookingSectionOf('pending')).toBe('confirmed');
    expect(bookingSectionOf('in_progress')).toBe('confirmed');
    expect(bookingSectionOf('archived')).toBeNull();
  });
});

describe('canHireAgain', () => {
  it('is offered for a completed job only, not one in dispute or unfinished', () => {
    expect(canHireAgain('completed')).toBe(true);
    for (const status of ['contested', 'in_progress', 'pending']) expect(canHireAgain(status)).toBe(false);
  });
});

describe('booking payloads', () => {
  it('carry the request subtype and the number of reviews given', () => {
    const request = CustomerBookingSchema.shape.request;
    expect(request.shape.serviceSubtype.safeParse(null).success).toBe(true);
    expect(request.shape.serviceSubtype.safeParse('pool-maintenance').success).toBe(true);
    expect(
      JobHistorySummarySchema.safeParse({
        completedJobs: 2,
        totalSpent: '10.00',
        averageRatingGiven: 4.5,
        reviewsGiven: 2,
      }).success,
    ).toBe(true);
    expect(
      JobHistorySummarySchema.safeParse({ completedJobs: 2, totalSpent: '10.00', averageRatingGiven: null })
        .success,
    ).toBe(false);
  });
});
