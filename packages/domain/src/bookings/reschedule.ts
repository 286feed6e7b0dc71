import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { defineLifecycle, decide, type Actor } from '../lifecycles/lifecycle';
import { BOOKING_PARTIES, type BookingParty } from '../shared/statuses';
import { formatDate } from '../shared/format';
import { earliestPossibleToday } from '../shared/time-windows';
import { CHANGE_MESSAGES } from './booking-change-messages';
import { AgreedTimeSchema, sameAgreedTime, type AgreedTime } from './cancellation';
import { RESCHEDULE_STATUSES, type RescheduleStatus } from './reschedule-vocabulary';

export { RESCHEDULE_STATUSES, type RescheduleStatus };

/**
 * Moving a booking (issue 32): either party proposes a new date and time, the other accepts or
 * declines, the proposer may withdraw. One open proposal per booking (a unique index holds it against
 * races); accepting writes the booking's agreed time. The booking must still be to do — the job
 * lifecycle's 'reschedule' row says so — and each proposal has its own small lifecycle here.
 */

/** POST …/reschedule/:proposalId/{accept,decline,withdraw}: the proposal the party is answering. */
export const RESCHEDULE_ANSWERS = ['accept', 'decline', 'withdraw'] as const;
export type RescheduleAnswer = (typeof RESCHEDULE_ANSWERS)[number];

export interface ProposalFacts {
  /** The party acting made the proposal. */
  isProposer: boolean;
}

export type ProposalAction = RescheduleAnswer | 'close';

const otherParty = { refusal: CHANGE_MESSAGES.ownProposal, holds: (f: ProposalFacts) => !f.isProposer };

export const PROPOSAL_LIFECYCLE = defineLifecycle<RescheduleStatus, ProposalAction, ProposalFacts>({
  name: 'reschedule proposal',
  states: RESCHEDULE_STATUSES,
  initial: 'pending',
  transitions: [
    {
      action: 'accept',
      who: ['customer', 'business'],
      from: ['pending'],
      to: 'accepted',
      refusedFrom: CHANGE_MESSAGES.noOpenProposal,
      guards: [otherParty],
    },
    {
      action: 'decline',
      who: ['customer', 'business'],
      from: ['pending'],
      to: 'declined',
      refusedFrom: CHANGE_MESSAGES.noOpenProposal,
      guards: [otherParty],
    },
    {
      action: 'withdraw',
      who: ['customer', 'business'],
      from: ['pending'],
      to: 'withdrawn',
      refusedFrom: CHANGE_MESSAGES.noOpenProposal,
      guards: [{ refusal: CHANGE_MESSAGES.notYourProposal, holds: (f) => f.isProposer }],
    },
    // The booking was cancelled or completed with a proposal still open: it closes unanswered.
    {
      action: 'close',
      who: ['grip'],
      from: ['pending'],
      to: 'closed',
      refusedFrom: CHANGE_MESSAGES.noOpenProposal,
    },
  ],
});

export const OPEN_PROPOSAL: RescheduleStatus = PROPOSAL_LIFECYCLE.initial;

/** The answers `party` may give to an open proposal: what the booking's buttons show. */
export function proposalActionsFor(party: BookingParty, proposedBy: BookingParty): RescheduleAnswer[] {
  const facts = { isProposer: party === proposedBy };
  return RESCHEDULE_ANSWERS.filter(
    (a) => decide(PROPOSAL_LIFECYCLE, a, party satisfies Actor, OPEN_PROPOSAL, facts).allowed,
  );
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const clockTime = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A calendar date that exists (2026-02-31 does not). */
function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const RESCHEDULE_NOTE_MAX_LENGTH = 500;

/** POST …/reschedule: the new time, and the booked time the proposer saw (refused if it moved). */
export const ProposeRescheduleInputSchema = z.object({
  date: z
    .string({ error: CHANGE_MESSAGES.dateRequired })
    .regex(isoDate, CHANGE_MESSAGES.dateRequired)
    .refine(isRealDate, CHANGE_MESSAGES.dateRequired),
  time: z
    .string()
    .regex(clockTime, 'Please choose a valid time')
    .nullish()
    .transform((v) => v ?? null),
  note: z
    .string()
    .trim()
    .max(RESCHEDULE_NOTE_MAX_LENGTH, `Please keep it under ${RESCHEDULE_NOTE_MAX_LENGTH} characters`)
    .pipe(safeText({ multiline: true }))
    .default(''),
  seenTime: AgreedTimeSchema,
});
export type ProposeRescheduleInput = z.input<typeof ProposeRescheduleInputSchema>;
export type ProposeRescheduleData = z.output<typeof ProposeRescheduleInputSchema>;

/**
 * Why a proposed time is refused before anything is stored, or null: a date before any time zone's
 * today (UTC−12's), or the time already booked.
 */
export function proposedTimeRefusal(proposed: AgreedTime, current: AgreedTime, now: Date): string | null {
  if (!proposed.date) return CHANGE_MESSAGES.dateRequired;
  if (proposed.date < earliestPossibleToday(now)) return CHANGE_MESSAGES.dateInPast;
  if (sameAgreedTime(proposed, current)) return CHANGE_MESSAGES.sameTime;
  return null;
}

/** An open proposal as both parties see it on the booking. */
export const RescheduleProposalSchema = z.object({
  id: z.string(),
  proposedBy: z.enum(BOOKING_PARTIES),
  date: z.string(),
  time: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** What the viewer may answer: accept and decline for the other party, withdraw for the proposer. */
  actions: z.array(z.enum(RESCHEDULE_ANSWERS)),
});
export type RescheduleProposal = z.infer<typeof RescheduleProposalSchema>;

/** 'May 5, 2026 at 09:30', the date alone, or 'No date agreed': the booked or proposed time in words. */
export function agreedTimeLabel(t: AgreedTime): string {
  if (!t.date) return 'No date agreed';
  const day = new Date(`${t.date.slice(0, 10)}T00:00:00Z`);
  const date = Number.isNaN(day.getTime()) ? t.date : formatDate(day, { utc: true });
  return t.time ? `${date} at ${t.time.slice(0, 5)}` : date;
}
