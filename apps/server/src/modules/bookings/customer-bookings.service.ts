import {
  BOOKING_MESSAGES,
  type BookingSection,
  CANCELLED_OFFER,
  isReviewWindowOpen,
  canContest,
  COMPLETED_JOB,
  type ContestInput,
  type CustomerBooking,
  type CustomerBookingPage,
  disputeViewOf,
  JOB_LIFECYCLE,
  type JobHistorySummary,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { Invalid, NotFound } from '../../lib/errors';
import { transition } from '../../lib/transition';
import { bookingChangesView } from '../booking-changes/booking-changes.view';
import { openDispute } from '../disputes/disputes.service';
import { insertNotifications } from '../notifications/notifications.repository';
import { assertId } from '../requests/requests.service';
import {
  administratorIds,
  deleteReview,
  findBooking,
  historySummary,
  listBookings,
  markContested,
  type BookingRow,
} from './customer-bookings.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const oneDecimal = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

function toBooking(row: BookingRow, now: Date): CustomerBooking {
  const { response, request } = row;
  const completed = response.completionStatus === COMPLETED_JOB;
  const cancelled = response.status === CANCELLED_OFFER;
  return {
    responseId: response.id,
    requestId: request.id,
    request: {
      title: request.title,
      serviceType: request.serviceType,
      serviceSubtype: request.serviceSubtype,
      description: request.description,
      locationAddress: request.locationAddress,
      preferredDate: request.preferredDate,
      preferredTime: request.preferredTime,
      images: request.images,
    },
    business: {
      userId: response.businessUserId,
      name: row.businessName,
      ratingAverage: oneDecimal(row.ratingAverage),
      reviewCount: row.reviewCount,
      // The booking is accepted, so the customer may contact the business (PRODUCT-DECISIONS); a
      // cancelled booking ends that, as it hides the customer's address from the business.
      email: cancelled ? null : (row.businessEmail ?? null),
      phone: cancelled ? null : (row.businessPhone ?? null),
    },
    quotedPrice: response.quotedPrice,
    priceType: response.priceType,
    estimatedDuration: response.estimatedDuration,
    availabilityDate: response.availabilityDate,
    availabilityTime: response.availabilityTime,
    message: response.message,
    termsConditions: response.termsConditions,
    proofImages: response.proofImages,
    completionStatus: response.completionStatus,
    completionDate: iso(response.completionDate),
    contestDeadline: iso(response.contestDeadline),
    contestReason: response.contestReason,
    acceptedAt: (response.acceptedAt ?? response.updatedAt).toISOString(),
    myRating: row.myRating,
    canContest: canContest(response.completionStatus, response.contestDeadline, now),
    // Reviews close 14 days after completion (double-blind, issue 32).
    canReview:
      completed &&
      response.completionDate !== null &&
      isReviewWindowOpen(response.completionDate, now) &&
      row.myRating === null,
    changes: bookingChangesView(response, request, row.openProposal, 'customer', now),
    dispute: row.dispute ? disputeViewOf(row.dispute, 'customer', now) : null,
  };
}

export async function listCustomerBookings(
  db: Db,
  userId: string,
  query: { section: BookingSection; cursor?: string; limit: number },
  now: Date,
): Promise<CustomerBookingPage> {
  if (query.cursor !== undefined && !UUID.test(query.cursor)) {
    throw new Invalid('That page link is no longer valid. Please reload the list.');
  }
  const rows = await listBookings(db, userId, query.section, query.limit + 1, query.cursor);
  const items = rows.slice(0, query.limit);
  return {
    items: items.map((r) => toBooking(r, now)),
    nextCursor: rows.length > query.limit ? (items.at(-1)?.response.id ?? null) : null,
  };
}

export async function getCustomerBooking(
  db: Db,
  userId: string,
  responseId: string,
  now: Date,
): Promise<CustomerBooking> {
  assertId(responseId, BOOKING_MESSAGES.notFound);
  const row = await findBooking(db, userId, responseId);
  if (!row) throw new NotFound(BOOKING_MESSAGES.notFound);
  return toBooking(row, now);
}

export async function getHistorySummary(db: Db, userId: string): Promise<JobHistorySummary> {
  const s = await historySummary(db, userId);
  return { ...s, averageRatingGiven: oneDecimal(s.averageRatingGiven) };
}

/**
 * Contest (PRODUCT-DECISIONS, issue 32): strictly before the deadline (completion + 24 h) the customer
 * gives a reason; the job becomes contested and its dispute opens, waiting for the business's answer
 * (disputes module); a review the customer already left is withdrawn (it leaves the business's rating,
 * and the customer reviews the job again once the dispute ends); the business and every administrator
 * are told — all in one transaction. After the deadline, before completion, or a second time, it is
 * refused with the reason.
 */
export async function contestCompletion(
  db: Db,
  userId: string,
  responseId: string,
  input: Required<ContestInput>,
  now: Date,
): Promise<CustomerBooking> {
  assertId(responseId, BOOKING_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const row = await findBooking(tx, userId, responseId, { lock: true });
    if (!row) throw new NotFound(BOOKING_MESSAGES.notFound);
    const { response, request } = row;
    // Bookings are booked offers only (findBooking), so the job lifecycle's guard reads the window.
    const completionStatus = transition(JOB_LIFECYCLE, 'contest', 'customer', response.completionStatus, {
      isBooked: true,
      contestDeadline: response.contestDeadline,
      now,
    });
    await markContested(tx, response.id, completionStatus, input.reason, now);
    await openDispute(tx, response.id, input.reason, now);
    const withdrawn = await deleteReview(tx, request.id, userId);
    const admins = await administratorIds(tx);
    await insertNotifications(tx, [
      {
        userId: response.businessUserId,
        type: 'job_contested',
        title: 'Completion contested',
        message: `The customer contested the completion of ${request.title}${withdrawn ? ' and withdrew their review' : ''}: ${input.reason.slice(0, 200)} — Answer in the job: offer to fix it, or explain.`,
        relatedId: response.id,
      },
      ...admins.map((adminId) => ({
        userId: adminId,
        type: 'job_contested',
        title: 'A job was contested',
        message: `${request.title} (${row.businessName}) was contested by its customer. It comes to Grip only if it is escalated.`,
        relatedId: response.id,
      })),
    ]);
    const updated = await findBooking(tx, userId, responseId);
    return toBooking(updated!, now);
  });
}
