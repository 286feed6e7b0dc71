import { agreedTimeOf, bookingChangesOf, type BookingChanges, type BookingParty } from '@grip/domain';
import type { RequestRow } from '../requests/requests.repository';
import type { ResponseRow } from './booking-party.repository';
import type { ProposalRow } from './reschedule.repository';

/** A booking's changes as `viewer` sees them, from the rows the booking queries read. */
export function bookingChangesView(
  response: ResponseRow,
  request: Pick<RequestRow, 'status' | 'preferredDate' | 'preferredTime'>,
  proposal: ProposalRow | null,
  viewer: BookingParty,
  now: Date,
): BookingChanges {
  return bookingChangesOf(
    {
      status: response.status,
      completionStatus: response.completionStatus,
      requestStatus: request.status,
      agreedTime: agreedTimeOf(response, request),
      cancelledAt: response.cancelledAt,
      cancelledBy: response.cancelledBy,
      cancellationReason: response.cancellationReason,
      cancellationNote: response.cancellationNote,
      isLateCancellation: response.isLateCancellation,
      proposal,
    },
    viewer,
    now,
  );
}
