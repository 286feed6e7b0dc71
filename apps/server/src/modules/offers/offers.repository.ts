import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { BOOKED_OFFER, IGNORED_OFFER, OFFERS_IN_PLAY, REJECTED_OFFER } from '@grip/domain';
import type { Db, Tx } from '../../db/client';
import { accountContact } from '../notifications/contact.repository';
import { businessResponses, profiles, responseViews, serviceRequests, users } from '../../db/schema';
import { businessNameSql } from '../profiles/business-name.sql';
import type { ResponseRow } from '../opportunities/opportunities.repository';
import type { RequestRow } from '../requests/requests.repository';

/** One response to one of the customer's requests, with what the offer screens show of its business. */
export interface OfferRow {
  response: ResponseRow;
  request: RequestRow;
  businessName: string;
  businessEmail: string | null;
  businessPhone: string | null;
  /** The response's updated_at the customer last saw (response_views), null if never viewed. */
  seenVersion: Date | null;
}

/**
 * A response only when `customerId` owns its request and has not ignored it, in one query. Contact
 * details come along but are released by the caller only once the offer is accepted.
 */
export async function findOffer(db: Db, customerId: string, responseId: string): Promise<OfferRow | null> {
  const [row] = await db
    .select({
      response: businessResponses,
      request: serviceRequests,
      businessName: businessNameSql,
      // The address the business asked to be reached at, else its account's; none once it is deleted.
      businessEmail: sql<string | null>`case when ${profiles.deletedAt} is null
        then coalesce(nullif(${profiles.notificationEmail}, ''), ${users.email}) end`,
      businessPhone: profiles.phone,
      seenVersion: responseViews.lastUpdatedAt,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .leftJoin(users, eq(users.id, businessResponses.businessUserId))
    .leftJoin(
      responseViews,
      and(eq(responseViews.responseId, businessResponses.id), eq(responseViews.userId, customerId)),
    )
    .where(
      and(
        eq(businessResponses.id, responseId),
        eq(serviceRequests.userId, customerId),
        ne(businessResponses.status, IGNORED_OFFER),
      ),
    );
  return row ?? null;
}

/**
 * Locks the request a response answers (only when `customerId` owns it), then the response: every
 * customer action takes the request first, so two confirmations of one request — of the same or of
 * different responses — run one after the other, and the second sees the first's outcome. The
 * request is always locked before the response, never the other way round, so customers cannot
 * deadlock each other.
 */
export async function lockOffer(
  tx: Tx,
  customerId: string,
  responseId: string,
): Promise<{ request: RequestRow; response: ResponseRow } | null> {
  // A single-table select leaves columns unqualified: the subquery names its table by alias.
  const [request] = await tx
    .select()
    .from(serviceRequests)
    .where(
      and(
        eq(
          serviceRequests.id,
          sql`(select br.request_id from ${businessResponses} br where br.id = ${responseId})`,
        ),
        eq(serviceRequests.userId, customerId),
      ),
    )
    // Not FOR UPDATE: a business acting on its own quote meanwhile inserts rows that reference the
    // request (its message), whose key check takes FOR KEY SHARE, which FOR UPDATE would block while
    // we wait for that business's response row: a deadlock (reliability/races.test.ts, mixed race).
    .for('no key update');
  if (!request) return null;
  const [response] = await tx
    .select()
    .from(businessResponses)
    .where(eq(businessResponses.id, responseId))
    .for('update');
  if (!response || response.status === IGNORED_OFFER) return null;
  return { request, response };
}

export async function setResponseStatus(
  tx: Tx,
  responseId: string,
  status: ResponseRow['status'],
  now: Date,
): Promise<void> {
  await tx
    .update(businessResponses)
    // An offer the business had archived comes back to its lists once the customer books it.
    .set({
      status,
      updatedAt: now,
      ...(status === BOOKED_OFFER ? { acceptedAt: now, archivedAt: null } : {}),
    })
    .where(eq(businessResponses.id, responseId));
}

/** Brings an offer its business archived back to the business's lists (the customer answered it). */
export async function unarchiveResponse(tx: Tx, responseId: string): Promise<void> {
  await tx
    .update(businessResponses)
    .set({ archivedAt: null })
    .where(and(eq(businessResponses.id, responseId), isNotNull(businessResponses.archivedAt)));
}

/**
 * Every other response still in play on the request becomes rejected (the offer lifecycle's `reject` by
 * Grip, OFFERS_IN_PLAY to REJECTED_OFFER, written for the set at once); returns their businesses.
 * Ignored ones stay ignored: the customer hid them, and rejecting would bring them back to the list.
 *
 * The rejection stamps updated_at (the businesses' lists order by activity), but it is the
 * customer's own doing, not an edit of the business: an offer the customer had seen as it was stays
 * VIEWED (its response_views version moves to the rejection's), one never seen stays NEW, and one the
 * business edited since the customer's last look stays EDITED. The rows are locked first, so no edit
 * of the business can slip in between the comparison and the rejection.
 */
export async function rejectOtherResponses(
  tx: Tx,
  customerId: string,
  requestId: string,
  acceptedId: string,
  now: Date,
): Promise<string[]> {
  const others = await tx
    .select({ id: businessResponses.id })
    .from(businessResponses)
    .where(
      and(
        eq(businessResponses.requestId, requestId),
        ne(businessResponses.id, acceptedId),
        inArray(businessResponses.status, [...OFFERS_IN_PLAY]),
      ),
    )
    .orderBy(businessResponses.id)
    .for('update');
  if (others.length === 0) return [];
  const ids = others.map((r) => r.id);

  // Compared in SQL, so the database's microsecond versions are compared exactly.
  await tx.execute(sql`update ${responseViews} rv set last_updated_at = ${now.toISOString()}::timestamptz
    from ${businessResponses} br
    where br.id = rv.response_id and rv.user_id = ${customerId}
      and br.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      and rv.last_updated_at >= br.updated_at`);
  const rows = await tx
    .update(businessResponses)
    .set({ status: REJECTED_OFFER, updatedAt: now })
    .where(inArray(businessResponses.id, ids))
    .returning({ businessUserId: businessResponses.businessUserId });
  return rows.map((r) => r.businessUserId);
}

/**
 * Records that the customer has seen the response as it is now. The version is copied in SQL, so
 * the database's microsecond timestamp is kept exactly (a JavaScript Date would round it down and
 * the response would look edited for ever).
 */
export async function markViewed(
  db: Db | Tx,
  customerId: string,
  responseId: string,
  now: Date,
): Promise<void> {
  await db.execute(sql`insert into ${responseViews} (user_id, response_id, viewed_at, last_updated_at)
    select ${customerId}, br.id, ${now.toISOString()}::timestamptz, br.updated_at
    from ${businessResponses} br where br.id = ${responseId}
    on conflict (user_id, response_id)
    do update set viewed_at = excluded.viewed_at, last_updated_at = excluded.last_updated_at`);
}

/** The business as the accepted-offer email needs it: where to write and whether it wants email. */
export function businessContact(db: Db | Tx, businessUserId: string) {
  return accountContact(db, businessUserId);
}
