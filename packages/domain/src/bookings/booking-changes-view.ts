import { z } from 'zod';
import { decide, stateOf } from '../lifecycles/lifecycle';
import { JOB_LIFECYCLE } from '../lifecycles/job';
import { BOOKED_OFFER } from '../lifecycles/offer';
import { BOOKING_PARTIES, type BookingParty } from '../shared/statuses';
import { earliestLocalToday } from '../shared/time-windows';
import {
  AgreedTimeSchema,
  canReopenForQuotes,
  CANCELLATION_REASONS,
  CancellationSchema,
  type AgreedTime,
  type Cancellation,
} from './cancellation';
import { proposalActionsFor, RescheduleProposalSchema, type RescheduleProposal } from './reschedule';

/**
 * What both parties' booking screens show of issue 32's changes: the agreed time, the cancellation
 * (who, why, late), the open proposal of a new time with the answers the viewer may give, and which
 * of Cancel Booking / Propose New Time / Reopen for quotes to offer. The server builds it with the
 * lifecycles; the screens only read it.
 */
export const BookingChangesSchema = z.object({
  agreedTime: AgreedTimeSchema,
  cancellation: CancellationSchema.nullable(),
  openProposal: RescheduleProposalSchema.nullable(),
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  /** The customer may send the request out again (the business cancelled, the date is still ahead). */
  canReopen: z.boolean(),
});
export type BookingChanges = z.infer<typeof BookingChangesSchema>;

/** The stored row's facts, as the repositories read them. */
export interface BookingChangeFacts {
  status: string;
  completionStatus: string;
  requestStatus: string;
  agreedTime: AgreedTime;
  cancelledAt: Date | null;
  cancelledBy: string | null;
  cancellationReason: string | null;
  cancellationNote: string | null;
  isLateCancellation: boolean;
  proposal: {
    id: string;
    proposedBy: string;
    proposedDate: string;
    proposedTime: string | null;
    note: string | null;
    createdAt: Date;
  } | null;
}

const isParty = (v: string | null): v is BookingParty =>
  (BOOKING_PARTIES as readonly string[]).includes(v ?? '');
const isReason = (v: string | null): v is Cancellation['reason'] =>
  (CANCELLATION_REASONS as readonly string[]).includes(v ?? '');

export function bookingChangesOf(facts: BookingChangeFacts, viewer: BookingParty, now: Date): BookingChanges {
  const state = stateOf(JOB_LIFECYCLE, facts.completionStatus);
  const jobFacts = { isBooked: facts.status === BOOKED_OFFER };
  const cancellation: Cancellation | null =
    facts.cancelledAt && isParty(facts.cancelledBy) && isReason(facts.cancellationReason)
      ? {
          cancelledBy: facts.cancelledBy,
          reason: facts.cancellationReason,
          note: facts.cancellationNote,
          cancelledAt: facts.cancelledAt.toISOString(),
          isLate: facts.isLateCancellation,
        }
      : null;
  const canReschedule = decide(JOB_LIFECYCLE, 'reschedule', viewer, state, jobFacts).allowed;
  const p = facts.proposal;
  const openProposal: RescheduleProposal | null =
    p && canReschedule && isParty(p.proposedBy)
      ? {
          id: p.id,
          proposedBy: p.proposedBy,
          date: p.proposedDate,
          time: p.proposedTime,
          note: p.note,
          createdAt: p.createdAt.toISOString(),
          actions: proposalActionsFor(viewer, p.proposedBy),
        }
      : null;
  return {
    agreedTime: facts.agreedTime,
    cancellation,
    openProposal,
    canCancel: decide(JOB_LIFECYCLE, 'cancel', viewer, state, jobFacts).allowed,
    canReschedule: canReschedule && openProposal === null,
    canReopen:
      viewer === 'customer' &&
      canReopenForQuotes(cancellation, facts.requestStatus, facts.agreedTime, earliestLocalToday(now)),
  };
}
