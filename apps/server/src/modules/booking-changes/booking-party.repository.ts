import { BOOKED_OFFER, CANCELLED_OFFER, type BookingParty } from '@grip/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businessResponses, profiles, serviceRequests, users } from '../../db/schema';
import { businessNameSql } from '../profiles/business-name.sql';
import type { RequestRow } from '../requests/requests.repository';

export type ResponseRow = typeof businessResponses.$inferSelect;

export interface PartyBooking {
  response: ResponseRow;
  request: RequestRow;
  /** The side the signed-in user is on. */
  party: BookingParty;
  businessName: string;
}

/** A booked (or cancelled) response, as either of its parties may act on it. */
const bookingOfParty = (userId: string, responseId: string) =>
  and(
    eq(businessResponses.id, responseId),
    inArray(businessResponses.status, [BOOKED_OFFER, CANCELLED_OFFER]),
    or(eq(businessResponses.businessUserId, userId), eq(serviceRequests.userId, userId)),
  );

/**
 * The booking `userId` is a party to, locked FOR UPDATE (the response row, as completing and
 * contesting take it, so every change of a booking runs one after another); null for anyone else,
 * whose answer is a 404 (a booking of others does not exist for them).
 */
export async function lockPartyBooking(
  tx: Tx,
  userId: string,
  responseId: string,
): Promise<PartyBooking | null> {
  const [row] = await tx
    .select({
      response: businessResponses,
      request: serviceRequests,
      businessName: businessNameSql,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .where(bookingOfParty(userId, responseId))
    .for('update', { of: businessResponses });
  if (!row) return null;
  return { ...row, party: row.response.businessUserId === userId ? 'business' : 'customer' };
}

/** The customer's name as the business sees it (a deleted profile name falls back to the account's). */
export async function customerName(tx: Tx, userId: string): Promise<string> {
  const [row] = await tx
    .select({
      name: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name}, 'The customer')`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.name ?? 'The customer';
}
