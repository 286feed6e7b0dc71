import { describe, expect, it } from 'vitest';
import { UNSUPPORTED_CHARACTERS } from '../accounts/auth';
import { allowedActions, decide, NOT_YOURS } from '../lifecycles/lifecycle';
import { earliestPossibleToday } from '../shared/time-windows';
import { CHANGE_MESSAGES } from './booking-change-messages';
import {
  agreedTimeLabel,
  OPEN_PROPOSAL,
  PROPOSAL_LIFECYCLE,
  proposalActionsFor,
  proposedTimeRefusal,
  ProposeRescheduleInputSchema,
  RESCHEDULE_ANSWERS,
  RESCHEDULE_NOTE_MAX_LENGTH,
  RESCHEDULE_STATUSES,
  RescheduleProposalSchema,
} from './reschedule';

const seenTime = { date: '2026-05-05', time: '10:00:00' };
const errorsOf = (input: unknown) => {
  const parsed = ProposeRescheduleInputSchema.safeParse(input);
  if (parsed.success) return null;
  // A malformed date fails both its pattern and the calendar check, in the same words: listed once.
  const seen = new Set(
    parsed.error.issues.map((i) => JSON.stringify({ path: i.path.join('.'), message: i.message })),
  );
  return [...seen].map((s) => JSON.parse(s) as { path: string; message: string });
};

describe('the proposal lifecycle', () => {
  const asProposer = { isProposer: true };
  const asOther = { isProposer: false };

  it('starts open (pending)', () => {
    expect(OPEN_PROPOSAL).toBe('pending');
    expect(PROPOSAL_LIFECYCLE.initial).toBe(OPEN_PROPOSAL);
  });

  it('lets the other party accept or decline, either side', () => {
    for (const party of ['customer', 'business'] as const) {
      expect(decide(PROPOSAL_LIFECYCLE, 'accept', party, 'pending', asOther)).toEqual({
        allowed: true,
        to: 'accepted',
      });
      expect(decide(PROPOSAL_LIFECYCLE, 'decline', party, 'pending', asOther)).toEqual({
        allowed: true,
        to: 'declined',
      });
    }
  });

  it('refuses the proposer answering its own proposal', () => {
    for (const answer of ['accept', 'decline'] as const) {
      expect(decide(PROPOSAL_LIFECYCLE, answer, 'customer', 'pending', asProposer)).toEqual({
        allowed: false,
        reason: 'guard',
        refusal: CHANGE_MESSAGES.ownProposal,
      });
    }
  });

  it('lets only the proposer withdraw', () => {
    expect(decide(PROPOSAL_LIFECYCLE, 'withdraw', 'business', 'pending', asProposer)).toEqual({
      allowed: true,
      to: 'withdrawn',
    });
    expect(decide(PROPOSAL_LIFECYCLE, 'withdraw', 'business', 'pending', asOther)).toEqual({
      allowed: false,
      reason: 'guard',
      refusal: CHANGE_MESSAGES.notYourProposal,
    });
  });

  it('refuses every answer once the proposal is no longer open, whoever asks', () => {
    for (const state of RESCHEDULE_STATUSES.filter((s) => s !== 'pending')) {
      for (const answer of RESCHEDULE_ANSWERS) {
        for (const facts of [asProposer, asOther]) {
          expect(
            decide(PROPOSAL_LIFECYCLE, answer, 'customer', state, facts),
            `${answer} from ${state}`,
          ).toEqual({
            allowed: false,
            reason: 'state',
            refusal: CHANGE_MESSAGES.noOpenProposal,
          });
        }
      }
    }
  });

  it('is closed by Grip alone when the booking ends with a proposal open', () => {
    expect(decide(PROPOSAL_LIFECYCLE, 'close', 'grip', 'pending', asOther)).toEqual({
      allowed: true,
      to: 'closed',
    });
    expect(decide(PROPOSAL_LIFECYCLE, 'close', 'customer', 'pending', asProposer).allowed).toBe(false);
    expect(decide(PROPOSAL_LIFECYCLE, 'close', 'grip', 'accepted', asOther).allowed).toBe(false);
    // Grip answers nobody's proposal.
    expect(decide(PROPOSAL_LIFECYCLE, 'accept', 'grip', 'pending', asOther)).toEqual({
      allowed: false,
      reason: 'who',
      refusal: NOT_YOURS,
    });
  });

  it('offers each party exactly its own answers (the buttons)', () => {
    expect(proposalActionsFor('business', 'customer')).toEqual(['accept', 'decline']);
    expect(proposalActionsFor('customer', 'business')).toEqual(['accept', 'decline']);
    expect(proposalActionsFor('customer', 'customer')).toEqual(['withdraw']);
    expect(proposalActionsFor('business', 'business')).toEqual(['withdraw']);
    expect(allowedActions(PROPOSAL_LIFECYCLE, 'grip', 'pending', asOther)).toEqual(['close']);
  });
});

describe('ProposeRescheduleInputSchema', () => {
  it('takes a date, an optional time, a note and the time the proposer saw', () => {
    expect(ProposeRescheduleInputSchema.parse({ date: '2026-05-07', time: '14:30', seenTime })).toEqual({
      date: '2026-05-07',
      time: '14:30',
      note: '',
      seenTime,
    });
    for (const time of [undefined, null]) {
      expect(ProposeRescheduleInputSchema.parse({ date: '2026-05-07', time, seenTime }).time).toBeNull();
    }
    expect(
      ProposeRescheduleInputSchema.parse({ date: '2026-05-07', note: '  After lunch?\nThanks  ', seenTime })
        .note,
    ).toBe('After lunch?\nThanks');
  });

  it('refuses a date that is missing, malformed or not on the calendar', () => {
    for (const date of [
      undefined,
      '',
      '2026-5-7',
      '07/05/2026',
      '2026-05-07T10:00',
      '2026-02-31',
      '2027-02-29',
      '2026-13-01',
      '2026-00-10',
    ]) {
      expect(errorsOf({ date, seenTime }), String(date)).toEqual([
        { path: 'date', message: CHANGE_MESSAGES.dateRequired },
      ]);
    }
    // A leap day that exists.
    expect(errorsOf({ date: '2028-02-29', seenTime })).toBeNull();
  });

  it('refuses a time that is not HH:MM on a 24-hour clock', () => {
    for (const time of ['24:00', '9:30', '10:60', '10:00:00', '10am', '']) {
      expect(errorsOf({ date: '2026-05-07', time, seenTime }), time).toEqual([
        { path: 'time', message: 'Please choose a valid time' },
      ]);
    }
    for (const time of ['00:00', '23:59', '09:05'])
      expect(errorsOf({ date: '2026-05-07', time, seenTime })).toBeNull();
  });

  it('refuses a note over the limit or with control characters, and a missing seen time', () => {
    expect(
      errorsOf({ date: '2026-05-07', note: 'x'.repeat(RESCHEDULE_NOTE_MAX_LENGTH + 1), seenTime }),
    ).toEqual([{ path: 'note', message: `Please keep it under ${RESCHEDULE_NOTE_MAX_LENGTH} characters` }]);
    expect(errorsOf({ date: '2026-05-07', note: 'a\u0007b', seenTime })).toEqual([
      { path: 'note', message: UNSUPPORTED_CHARACTERS },
    ]);
    expect(errorsOf({ date: '2026-05-07' })?.map((e) => e.path)).toEqual(['seenTime']);
  });
});

describe('proposedTimeRefusal', () => {
  const now = new Date('2026-05-05T12:00:00.000Z');
  const current = { date: '2026-05-10', time: '10:00:00' };

  it('allows a new day or a new time on the same day', () => {
    expect(proposedTimeRefusal({ date: '2026-05-12', time: '10:00' }, current, now)).toBeNull();
    expect(proposedTimeRefusal({ date: '2026-05-10', time: '11:00' }, current, now)).toBeNull();
    // The day alone is a change from a day with a time.
    expect(proposedTimeRefusal({ date: '2026-05-10', time: null }, current, now)).toBeNull();
    // From a booking with no date at all.
    expect(
      proposedTimeRefusal({ date: '2026-05-10', time: null }, { date: null, time: null }, now),
    ).toBeNull();
  });

  it('refuses the time already booked, however its seconds are written', () => {
    expect(proposedTimeRefusal({ date: '2026-05-10', time: '10:00' }, current, now)).toBe(
      CHANGE_MESSAGES.sameTime,
    );
    expect(
      proposedTimeRefusal({ date: '2026-05-10', time: null }, { date: '2026-05-10', time: null }, now),
    ).toBe(CHANGE_MESSAGES.sameTime);
  });

  it('refuses a date before every time zone’s today (UTC−12 is the furthest behind)', () => {
    const earliest = earliestPossibleToday(now);
    expect(proposedTimeRefusal({ date: '2026-05-03', time: '10:00' }, current, now)).toBe(
      CHANGE_MESSAGES.dateInPast,
    );
    expect(proposedTimeRefusal({ date: '2025-12-31', time: null }, current, now)).toBe(
      CHANGE_MESSAGES.dateInPast,
    );
    // The day before UTC−12's today is refused; that today itself is allowed (the server does not
    // know the proposer's zone).
    const dayBefore = new Date(`${earliest}T00:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    expect(
      proposedTimeRefusal({ date: dayBefore.toISOString().slice(0, 10), time: null }, current, now),
    ).toBe(CHANGE_MESSAGES.dateInPast);
    expect(proposedTimeRefusal({ date: earliest, time: '10:00' }, current, now)).toBeNull();
    expect(proposedTimeRefusal({ date: '2026-05-05', time: '08:00' }, current, now)).toBeNull();
  });

  it('needs a date', () => {
    expect(proposedTimeRefusal({ date: null, time: '10:00' }, current, now)).toBe(
      CHANGE_MESSAGES.dateRequired,
    );
  });
});

describe('agreedTimeLabel', () => {
  it('says the date, with the time to the minute when there is one', () => {
    expect(agreedTimeLabel({ date: '2026-05-05', time: '09:30:00' })).toBe('May 5, 2026 at 09:30');
    expect(agreedTimeLabel({ date: '2026-05-05', time: '09:30' })).toBe('May 5, 2026 at 09:30');
    expect(agreedTimeLabel({ date: '2026-12-31', time: null })).toBe('Dec 31, 2026');
    expect(agreedTimeLabel({ date: null, time: '09:30' })).toBe('No date agreed');
  });

  it('shows a date it cannot read as it is rather than a wrong day', () => {
    expect(agreedTimeLabel({ date: 'soon', time: null })).toBe('soon');
  });
});

describe('RescheduleProposalSchema', () => {
  it('carries the proposal and the answers the viewer may give', () => {
    const proposal = {
      id: 'p1',
      proposedBy: 'customer',
      date: '2026-05-07',
      time: '14:30:00',
      note: null,
      createdAt: '2026-05-05T12:00:00.000Z',
      actions: ['accept', 'decline'],
    };
    expect(RescheduleProposalSchema.parse(proposal)).toEqual(proposal);
    expect(RescheduleProposalSchema.safeParse({ ...proposal, actions: ['close'] }).success).toBe(false);
  });
});
