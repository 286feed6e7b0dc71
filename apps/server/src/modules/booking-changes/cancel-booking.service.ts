import {
  agreedTimeOf,
  ASSIGNED_REQUEST,
  BOOKED_OFFER,
  BOOKING_MESSAGES,
  CANCELLATION_REASON_LABELS,
  type CancelBookingData,
  CHANGE_MESSAGES,
  countsAsLateCancellation,
  JOB_LIFECYCLE,
  OFFER_LIFECYCLE,
  REQUEST_LIFECYCLE,
  sameAgreedTime,
} from '@grip/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses } from '../../db/schema';
import { Conflict, NotFound } from '../../lib/errors';
import { transition } from '../../lib/transition';
import { insertAuditEvent } from '../audit/audit-events.repository';
import { setRequestStatus } from '../requests/request-status.repository';
import { assertId } from '../requests/requests.service';
import { tellOtherParty } from './booking-notices';
import { customerName, lockPartyBooking } from './booking-party.repository';
import { closeOpenProposal } from './reschedule.repository';

/** Someone else's booking, a missing one and a malformed id read the same. */
export const NOT_FOUND = BOOKING_MESSAGES.notFound;

export interface BookingChangeDeps {
  db: Db;
  publicUrl: string;
}

/**
 * Cancels a booking (issue 32), all or nothing: under the response's lock, the job lifecycle decides
 * whether this party may (a booked job not completed yet), the offer and the request follow as Grip's
 * consequences; the booked time must be the one the canceller saw (a move meanwhile changes what a
 * late cancellation is); an open proposal of a new time closes; the other party is told; the audit log
 * records it. A business's late cancellation is decided now and kept, so a later move cannot undo it.
 */
export async function cancelBooking(
  deps: BookingChangeDeps,
  userId: string,
  responseId: string,
  input: CancelBookingData,
  now: Date,
): Promise<void> {
  assertId(responseId, NOT_FOUND);
  await deps.db.transaction(async (tx) => {
    const booking = await lockPartyBooking(tx, userId, responseId);
    if (!booking) throw new NotFound(NOT_FOUND);
    const { response, request, party } = booking;
    const completionStatus = transition(JOB_LIFECYCLE, 'cancel', party, response.completionStatus, {
      isBooked: response.status === BOOKED_OFFER,
    });
    const agreed = agreedTimeOf(response, request);
    if (!sameAgreedTime(agreed, input.seenTime)) throw new Conflict(CHANGE_MESSAGES.timeMovedBeforeCancel);
    const status = transition(OFFER_LIFECYCLE, 'cancel', 'grip', response.status, OFFER_FACTS_UNUSED);
    const requestStatus = transition(REQUEST_LIFECYCLE, 'cancel', 'grip', request.status, {});
    const isLate = countsAsLateCancellation(party, agreed, now);
    const note = input.note ? input.note : null;

    await tx
      .update(businessResponses)
      .set({
        status,
        completionStatus,
        cancelledAt: now,
        cancelledBy: party,
        cancellationReason: input.reason,
        cancellationNote: note,
        isLateCancellation: isLate,
        updatedAt: now,
      })
      .where(eq(businessResponses.id, response.id));
    await setRequestStatus(tx, request.id, requestStatus, now);
    await closeOpenProposal(tx, response.id, now);

    const by = party === 'business' ? booking.businessName : await customerName(tx, request.userId);
    const reason = CANCELLATION_REASON_LABELS[input.reason];
    await tellOtherParty(tx, deps.publicUrl, booking, party, {
      type: 'booking_cancelled',
      title: 'Booking cancelled',
      message: `${by} cancelled the booking for ${request.title}: ${reason}${note ? ` — ${note.slice(0, 200)}` : ''}`,
    });
    await insertAuditEvent(tx, {
      actorId: userId,
      action: 'booking_cancelled',
      details: {
        responseId: response.id,
        requestId: request.id,
        title: request.title,
        by: party,
        reason: input.reason,
        note,
        late: isLate,
        bookedFor: agreed,
      },
      createdAt: now,
    });
  });
}

/**
 * Grip's 'cancel' of an offer has no guards: the facts are not read. The offer lifecycle's facts type
 * asks for them all, so the neutral values stand in.
 */
const OFFER_FACTS_UNUSED = {
  requestStatus: ASSIGNED_REQUEST,
  isRequestArchived: false,
  isOfferArchived: false,
  customerCounterOfferAwaitsBusiness: false,
  businessCounterOfferAwaitsCustomer: false,
  customerCounterOfferIsNewest: false,
} as const;
