import { describe, expect, it } from 'vitest';
import { CANCELLED_JOB } from '../lifecycles/job';
import { BOOKED_OFFER, CANCELLED_OFFER } from '../lifecycles/offer';
import { CANCELLED_REQUEST } from '../lifecycles/request';
import { ASSIGNED_REQUEST } from '../lifecycles/named-states';
import type { BookingParty } from '../shared/statuses';
import { bookingChangesOf, BookingChangesSchema, type BookingChangeFacts } from './booking-changes-view';

const now = new Date('2026-05-05T12:00:00.000Z');
const cancelledAt = new Date('2026-05-05T11:00:00.000Z');
const proposedAt = new Date('2026-05-05T09:00:00.000Z');

/** A booked job still to do, with its time, no cancellation and no proposal. */
function booked(over: Partial<BookingChangeFacts> = {}): BookingChangeFacts {
  return {
    status: BOOKED_OFFER,
    completionStatus: 'pending',
    requestStatus: ASSIGNED_REQUEST,
    agreedTime: { date: '2026-05-10', time: '10:00:00' },
    cancelledAt: null,
    cancelledBy: null,
    cancellationReason: null,
    cancellationNote: null,
    isLateCancellation: false,
    proposal: null,
    ...over,
  };
}

function cancelledBy(by: BookingParty, over: Partial<BookingChangeFacts> = {}): BookingChangeFacts {
  return booked({
    status: CANCELLED_OFFER,
    completionStatus: CANCELLED_JOB,
    requestStatus: CANCELLED_REQUEST,
    cancelledAt,
    cancelledBy: by,
    cancellationReason: 'schedule_conflict',
    cancellationNote: 'Double-booked.',
    isLateCancellation: by === 'business',
    ...over,
  });
}

const proposal = (proposedBy: string) => ({
  id: 'proposal-1',
  proposedBy,
  proposedDate: '2026-05-12',
  proposedTime: '14:30:00',
  note: 'Could we do Tuesday?',
  createdAt: proposedAt,
});

const VIEWERS = ['customer', 'business'] as const;

/** Every answer is what the API's schema carries. */
function view(facts: BookingChangeFacts, viewer: BookingParty) {
  const changes = bookingChangesOf(facts, viewer, now);
  expect(BookingChangesSchema.parse(changes)).toEqual(changes);
  return changes;
}

describe('bookingChangesOf: a booked job still to do', () => {
  it.each(['pending', 'in_progress'])(
    'offers both parties Cancel and Propose New Time (%s)',
    (completionStatus) => {
      for (const viewer of VIEWERS) {
        expect(view(booked({ completionStatus }), viewer), viewer).toEqual({
          agreedTime: { date: '2026-05-10', time: '10:00:00' },
          cancellation: null,
          openProposal: null,
          canCancel: true,
          canReschedule: true,
          canReopen: false,
        });
      }
    },
  );

  it('passes on a booking with no date as it is', () => {
    const changes = view(booked({ agreedTime: { date: null, time: null } }), 'customer');
    expect(changes.agreedTime).toEqual({ date: null, time: null });
    expect(changes.canReschedule).toBe(true);
  });
});

describe('bookingChangesOf: an open proposal', () => {
  it('shows the other party accept and decline, the proposer withdraw, and no second proposal', () => {
    const facts = booked({ proposal: proposal('customer') });
    const other = view(facts, 'business');
    expect(other.openProposal).toEqual({
      id: 'proposal-1',
      proposedBy: 'customer',
      date: '2026-05-12',
      time: '14:30:00',
      note: 'Could we do Tuesday?',
      createdAt: proposedAt.toISOString(),
      actions: ['accept', 'decline'],
    });
    expect(other.canReschedule).toBe(false);
    expect(other.canCancel).toBe(true);
    // Until it is accepted, the booking keeps its time.
    expect(other.agreedTime).toEqual({ date: '2026-05-10', time: '10:00:00' });

    const proposer = view(facts, 'customer');
    expect(proposer.openProposal?.actions).toEqual(['withdraw']);
    expect(proposer.canReschedule).toBe(false);
    expect(proposer.canCancel).toBe(true);
  });

  it('works the same way round for a business proposal', () => {
    const facts = booked({ proposal: proposal('business') });
    expect(view(facts, 'customer').openProposal?.actions).toEqual(['accept', 'decline']);
    expect(view(facts, 'business').openProposal?.actions).toEqual(['withdraw']);
  });

  it('hides a proposal of a party it does not know rather than guessing who may answer', () => {
    const changes = view(booked({ proposal: proposal('grip') }), 'customer');
    expect(changes.openProposal).toBeNull();
    expect(changes.canReschedule).toBe(true);
  });
});

describe('bookingChangesOf: a finished job', () => {
  it.each(['completed', 'contested'])(
    'offers no change at all once %s, even with a stale proposal',
    (completionStatus) => {
      for (const viewer of VIEWERS) {
        expect(
          view(booked({ completionStatus, proposal: proposal('customer') }), viewer),
          viewer,
        ).toMatchObject({
          cancellation: null,
          openProposal: null,
          canCancel: false,
          canReschedule: false,
          canReopen: false,
        });
      }
    },
  );

  it('offers nothing for an offer that was never booked', () => {
    for (const viewer of VIEWERS) {
      expect(view(booked({ status: 'pending' }), viewer)).toMatchObject({
        canCancel: false,
        canReschedule: false,
      });
    }
  });

  it('refuses to read a completion status the job lifecycle does not have', () => {
    expect(() => bookingChangesOf(booked({ completionStatus: 'done' }), 'customer', now)).toThrow(
      /not a state/,
    );
  });
});

describe('bookingChangesOf: a cancelled booking', () => {
  it('shows both parties who cancelled, why, when and whether it was late — and nothing to do', () => {
    for (const viewer of VIEWERS) {
      const changes = view(cancelledBy('business', { proposal: proposal('customer') }), viewer);
      expect(changes.cancellation).toEqual({
        cancelledBy: 'business',
        reason: 'schedule_conflict',
        note: 'Double-booked.',
        cancelledAt: cancelledAt.toISOString(),
        isLate: true,
      });
      expect(changes).toMatchObject({ openProposal: null, canCancel: false, canReschedule: false });
    }
  });

  it('offers the customer Reopen for quotes when the business cancelled and the date is ahead', () => {
    expect(view(cancelledBy('business'), 'customer').canReopen).toBe(true);
    // Never to the business: the request is the customer's.
    expect(view(cancelledBy('business'), 'business').canReopen).toBe(false);
    // A booking that never had a date: nothing has passed.
    expect(
      view(cancelledBy('business', { agreedTime: { date: null, time: null } }), 'customer').canReopen,
    ).toBe(true);
  });

  it('keeps offering it up to the last date some time zone still calls today', () => {
    // 'Today' is earliestLocalToday: yesterday in UTC, as the server does not know the customer's zone.
    const yesterday = cancelledBy('business', { agreedTime: { date: '2026-05-04', time: '09:00:00' } });
    expect(view(yesterday, 'customer').canReopen).toBe(true);
    const before = cancelledBy('business', { agreedTime: { date: '2026-05-03', time: '09:00:00' } });
    expect(view(before, 'customer').canReopen).toBe(false);
  });

  it("does not offer it for the customer's own cancellation, or once the request was sent out again", () => {
    expect(view(cancelledBy('customer'), 'customer').canReopen).toBe(false);
    expect(view(cancelledBy('business', { requestStatus: 'open' }), 'customer').canReopen).toBe(false);
  });

  it('leaves out a cancellation whose stored party or reason it cannot read', () => {
    expect(view(cancelledBy('business', { cancelledBy: 'grip' }), 'customer').cancellation).toBeNull();
    expect(
      view(cancelledBy('business', { cancellationReason: 'bored' }), 'customer').cancellation,
    ).toBeNull();
    expect(view(cancelledBy('business', { cancelledAt: null }), 'customer').cancellation).toBeNull();
    // Without a readable cancellation there is nothing to reopen from.
    expect(view(cancelledBy('business', { cancelledBy: null }), 'customer').canReopen).toBe(false);
  });
});
