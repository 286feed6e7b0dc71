import {
  BOOKED_OFFER,
  DELETED_ACCOUNT_NAME,
  JOBS_TO_DO,
  OPEN_REQUEST,
  PENDING_OFFER,
  PRODUCT_NAME,
  deletedAccountEmail,
  type NotificationType,
} from '@grip/domain';
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  accounts,
  businessResponses,
  notifications,
  outbox,
  profiles,
  pushSubscriptions,
  serviceRequests,
  sessions,
  twoFactors,
  users,
} from '../../db/schema';
import { settledPayloadSql } from '../../jobs/outbox';
import { insertNotifications, type NewNotification } from '../notifications/notifications.repository';
import { businessNameSql } from '../profiles/business-name.sql';
import { forgetProfile } from '../profiles/profile-cache';

/**
 * Deletes an account by anonymising it in one transaction (see domain account-deletion):
 * - the person: name, email (to a unique address that cannot receive mail), picture, profile details
 *   and business details removed; the role drops to customer so no business list or match finds it;
 * - the ways in: sign-in methods (with the two-factor secret), sessions and push devices deleted;
 *   own notifications deleted, and deliveries still waiting to reach them failed;
 * - what nobody relies on yet: their open, unbooked requests are archived without the exact
 *   address, and their quotes not yet accepted are withdrawn (deleted with their messages).
 * Booked and completed jobs, their messages and reviews stay, shown under DELETED_ACCOUNT_NAME; the
 * other party of each open booking is told (noticeOpenBookings), in the same transaction.
 */
export async function anonymiseAccount(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Before the names go: the other parties are told who left, by the name they knew.
    const names = await namesOf(tx, userId);
    await tx
      .update(users)
      .set({
        name: DELETED_ACCOUNT_NAME,
        email: deletedAccountEmail(userId),
        emailVerified: false,
        image: null,
        twoFactorEnabled: false,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx
      .update(profiles)
      .set({
        role: 'user',
        displayName: DELETED_ACCOUNT_NAME,
        businessName: null,
        avatarUrl: null,
        phone: null,
        address: null,
        areaLabel: null,
        latitude: null,
        longitude: null,
        website: null,
        googleReviewsUrl: null,
        description: null,
        serviceCategories: [],
        notificationEmail: null,
        notificationPreferences: [],
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(profiles.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    // Nothing more goes out to someone who left: deliveries still waiting are failed with the reason
    // (administrators see it in Deliveries). The pending filter keeps this on outbox_pending_idx rows.
    await tx
      .update(outbox)
      .set({
        status: 'failed',
        lastError: 'The account was deleted before this was sent.',
        payload: settledPayloadSql,
      })
      .where(and(eq(outbox.status, 'pending'), eq(outbox.userId, userId)));
    await tx
      .update(serviceRequests)
      .set({ archivedAt: now, locationAddress: null, updatedAt: now })
      .where(
        and(
          eq(serviceRequests.userId, userId),
          eq(serviceRequests.status, OPEN_REQUEST),
          isNull(serviceRequests.archivedAt),
        ),
      );
    await tx
      .delete(businessResponses)
      .where(and(eq(businessResponses.businessUserId, userId), eq(businessResponses.status, PENDING_OFFER)));
    // Last, so a quote the customer accepted while this ran (the withdrawal waited for it) is told too.
    await noticeOpenBookings(tx, userId, names);
  });
  forgetProfile(userId);
}

interface PartyNames {
  /** As a business's Confirmed Bookings names its customer (jobs.repository). */
  asCustomer: string;
  /** As a customer's Confirmed Requests names the business (businessNameSql). */
  asBusiness: string;
}

async function namesOf(tx: Tx, userId: string): Promise<PartyNames> {
  const [row] = await tx
    .select({
      asCustomer: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name}, 'Customer')`,
      asBusiness: businessNameSql,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? { asCustomer: 'Customer', asBusiness: 'Business' };
}

/**
 * An open booking: a quote the customer accepted whose work is still to do — the customer's Confirmed
 * Requests (JOBS_TO_DO; isCompletable says the same). A job marked complete,
 * contested or not, goes untold. Either side's archiving only tidies a list, so it is ignored.
 */
function isOpenBooking(): SQL {
  return and(
    eq(businessResponses.status, BOOKED_OFFER),
    inArray(businessResponses.completionStatus, [...JOBS_TO_DO]),
  )!;
}

/**
 * The person's open bookings on one side, each with the other party — never the person, nor an
 * account already deleted. Locked, so a completion racing the deletion either waits for the notice or
 * is seen and left untold.
 */
async function openBookingsOf(tx: Tx, userId: string, side: 'customer' | 'business') {
  const [self, other] =
    side === 'customer'
      ? [serviceRequests.userId, businessResponses.businessUserId]
      : [businessResponses.businessUserId, serviceRequests.userId];
  return tx
    .select({ responseId: businessResponses.id, recipientId: other, title: serviceRequests.title })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .innerJoin(profiles, eq(profiles.userId, other))
    .where(and(eq(self, userId), isOpenBooking(), ne(other, userId), isNull(profiles.deletedAt)))
    .for('update', { of: businessResponses });
}

/**
 * One notification (with its push and SMS, through insertNotifications) per open booking, to the
 * other party: the business when the person was its customer, the customer when the person was the
 * business. The booking stays as it is, under DELETED_ACCOUNT_NAME; the link opens the recipient's
 * booking list (domain notificationAction).
 */
async function noticeOpenBookings(tx: Tx, userId: string, names: PartyNames): Promise<void> {
  const notices: NewNotification[] = [];
  for (const side of ['customer', 'business'] as const) {
    const name = side === 'customer' ? names.asCustomer : names.asBusiness;
    for (const booking of await openBookingsOf(tx, userId, side)) {
      notices.push({
        userId: booking.recipientId,
        type: 'booking_party_left' satisfies NotificationType,
        title: 'Booking update',
        message: partyLeftMessage(name, booking.title),
        relatedId: booking.responseId,
      });
    }
  }
  await insertNotifications(tx, notices);
}

/**
 * The chat of a booking stays open on the recipient's side, but nobody will read it any more, so the
 * notice says they cannot be reached rather than that messaging stopped.
 */
function partyLeftMessage(name: string, requestTitle: string): string {
  return `${name} has deleted their ${PRODUCT_NAME} account. Your booking for ${requestTitle} stays in your records, but they can no longer be reached on ${PRODUCT_NAME}.`;
}
