import {
  agreedTimeLabel,
  agreedTimeOf,
  BOOKED_OFFER,
  CHANGE_MESSAGES,
  JOB_LIFECYCLE,
  PROPOSAL_LIFECYCLE,
  proposedTimeRefusal,
  type ProposeRescheduleData,
  type RescheduleAnswer,
  sameAgreedTime,
  storedOfferTime,
} from '@grip/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businessResponses } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { transition } from '../../lib/transition';
import { insertAuditEvent } from '../audit/audit-events.repository';
import { assertId } from '../requests/requests.service';
import { tellOtherParty } from './booking-notices';
import { customerName, lockPartyBooking, type PartyBooking } from './booking-party.repository';
import { NOT_FOUND, type BookingChangeDeps } from './cancel-booking.service';
import { insertProposal, openProposalOf, setProposalStatus } from './reschedule.repository';

/** The booking, locked, once the job lifecycle allows a change of its time by this party. */
async function bookingToMove(tx: Tx, userId: string, responseId: string): Promise<PartyBooking> {
  const booking = await lockPartyBooking(tx, userId, responseId);
  if (!booking) throw new NotFound(NOT_FOUND);
  transition(JOB_LIFECYCLE, 'reschedule', booking.party, booking.response.completionStatus, {
    isBooked: booking.response.status === BOOKED_OFFER,
  });
  return booking;
}

async function nameOf(tx: Tx, booking: PartyBooking): Promise<string> {
  return booking.party === 'business' ? booking.businessName : customerName(tx, booking.request.userId);
}

/** Every change of a booking's time touches the response, so both parties' screens refresh live. */
async function touch(tx: Tx, booking: PartyBooking, now: Date, time?: { date: string; time: string | null }) {
  await tx
    .update(businessResponses)
    .set({
      updatedAt: now,
      ...(time ? { availabilityDate: time.date, availabilityTime: storedOfferTime(time.time) } : {}),
    })
    .where(eq(businessResponses.id, booking.response.id));
}

/**
 * Either party proposes a new time (issue 32). Refused when the booking is not to do any more, when the
 * booked time moved since the proposer looked, when the time is in the past or the same, or when a
 * proposal is already open — including one the other party made a moment ago (the race is refused by
 * the lock, and by the one-open index behind it).
 */
export async function proposeNewTime(
  deps: BookingChangeDeps,
  userId: string,
  responseId: string,
  input: ProposeRescheduleData,
  now: Date,
): Promise<void> {
  assertId(responseId, NOT_FOUND);
  await deps.db.transaction(async (tx) => {
    const booking = await bookingToMove(tx, userId, responseId);
    const agreed = agreedTimeOf(booking.response, booking.request);
    if (!sameAgreedTime(agreed, input.seenTime)) throw new Conflict(CHANGE_MESSAGES.timeMoved);
    const proposed = { date: input.date, time: input.time };
    const refusal = proposedTimeRefusal(proposed, agreed, now);
    if (refusal) throw new Invalid(refusal);
    if (await openProposalOf(tx, booking.response.id)) throw new Conflict(CHANGE_MESSAGES.proposalOpen);
    const stored = await insertProposal(tx, {
      responseId: booking.response.id,
      proposedBy: booking.party,
      proposerUserId: userId,
      proposedDate: proposed.date,
      proposedTime: storedOfferTime(proposed.time),
      previousDate: agreed.date,
      previousTime: storedOfferTime(agreed.time),
      note: input.note ? input.note : null,
      createdAt: now,
    });
    if (!stored) throw new Conflict(CHANGE_MESSAGES.proposalOpen);
    await touch(tx, booking, now);
    const name = await nameOf(tx, booking);
    await tellOtherParty(tx, deps.publicUrl, booking, booking.party, {
      type: 'booking_time_proposed',
      title: 'New time proposed',
      message: `${name} proposed moving ${booking.request.title} from ${agreedTimeLabel(agreed)} to ${agreedTimeLabel(proposed)}. Accept or decline it on the booking.`,
    });
  });
}

const ANSWER_WORDS: Record<RescheduleAnswer, string> = {
  accept: 'accepted',
  decline: 'declined',
  withdraw: 'withdrew',
};

/**
 * Accept, decline or withdraw the open proposal the party saw (`proposalId`): the other party answers,
 * the proposer withdraws. Accepting writes the booking's time and is recorded in the audit log. A
 * cancelled booking, an answered proposal or a newer one are refused in words that say which.
 */
export async function answerProposal(
  deps: BookingChangeDeps,
  userId: string,
  responseId: string,
  proposalId: string,
  answer: RescheduleAnswer,
  now: Date,
): Promise<void> {
  assertId(responseId, NOT_FOUND);
  assertId(proposalId, CHANGE_MESSAGES.noOpenProposal);
  await deps.db.transaction(async (tx) => {
    const booking = await bookingToMove(tx, userId, responseId);
    const open = await openProposalOf(tx, booking.response.id);
    if (!open) throw new Conflict(CHANGE_MESSAGES.noOpenProposal);
    if (open.id !== proposalId) throw new Conflict(CHANGE_MESSAGES.proposalChanged);
    const status = transition(PROPOSAL_LIFECYCLE, answer, booking.party, open.status, {
      isProposer: open.proposedBy === booking.party,
    });
    const proposed = { date: open.proposedDate, time: open.proposedTime };
    const previous = agreedTimeOf(booking.response, booking.request);
    // A proposal left open while its day passed cannot become the booked time now.
    const stale = answer === 'accept' ? proposedTimeRefusal(proposed, previous, now) : null;
    if (stale) throw new Conflict(stale);
    await setProposalStatus(tx, open.id, status, now);
    await touch(tx, booking, now, answer === 'accept' ? proposed : undefined);
    const name = await nameOf(tx, booking);
    await tellOtherParty(tx, deps.publicUrl, booking, booking.party, {
      type: 'booking_time_answered',
      title:
        answer === 'accept'
          ? 'New time accepted'
          : answer === 'decline'
            ? 'New time declined'
            : 'Proposed time withdrawn',
      message:
        answer === 'accept'
          ? `${name} accepted the new time for ${booking.request.title}: ${agreedTimeLabel(proposed)}.`
          : `${name} ${ANSWER_WORDS[answer]} the proposed time for ${booking.request.title} (${agreedTimeLabel(proposed)}). It stays ${agreedTimeLabel(previous)}.`,
    });
    if (answer === 'accept') {
      await insertAuditEvent(tx, {
        actorId: userId,
        action: 'booking_rescheduled',
        details: {
          responseId: booking.response.id,
          requestId: booking.request.id,
          title: booking.request.title,
          proposedBy: open.proposedBy,
          acceptedBy: booking.party,
          from: previous,
          to: proposed,
        },
        createdAt: now,
      });
    }
  });
}
