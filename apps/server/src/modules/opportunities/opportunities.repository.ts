import { ARCHIVED_JOB, BOOKED_OFFER, COMPLETED_JOB, OFFERS_IN_PLAY, type RequestStatus } from '@grip/domain';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { businessResponses, messages, serviceRequests } from '../../db/schema';
import { pointValues, requestPublicPoint, shownDistanceSql } from '../privacy/location-privacy';
import type { RequestRow } from '../requests/requests.repository';
import type { BusinessScope } from '../responses/responses.repository';

export type ResponseRow = typeof businessResponses.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export interface OpportunityRow {
  response: ResponseRow;
  request: RequestRow;
  distanceKm: number | null;
  lastMessageAt: Date | null;
}

// Correlated subqueries name the outer table in full: Drizzle leaves columns unqualified there.
const lastMessageAt = sql`(select max(m.created_at) from ${messages} m where m.response_id = "business_responses"."id")`;
// Read as epoch milliseconds: drivers differ in how they hand back a bare timestamptz expression.
const lastMessageMs = sql<number | null>`(extract(epoch from ${lastMessageAt}) * 1000)::float8`;

/**
 * Spec 3 §4 "opportunities shown": pending, in_progress (OFFERS_IN_PLAY), or accepted and not completed
 * — never what the business archived (archived_at, or the older ARCHIVED_JOB status) nor a response to
 * an archived request (domain isListedOpportunity).
 */
const listed: SQL | undefined = and(
  or(
    inArray(businessResponses.status, [...OFFERS_IN_PLAY]),
    and(eq(businessResponses.status, BOOKED_OFFER), ne(businessResponses.completionStatus, COMPLETED_JOB)),
  ),
  isNull(businessResponses.archivedAt),
  ne(businessResponses.completionStatus, ARCHIVED_JOB),
  isNull(serviceRequests.archivedAt),
);

/**
 * The business's listed responses with their requests, newest activity first, in one query. `limit`
 * caps the list (the caller asks one more than it shows to know whether it was cut).
 */
export async function listOpportunityRows(
  db: Db,
  scope: BusinessScope,
  limit: number,
): Promise<OpportunityRow[]> {
  const distance: SQL<number | null> = scope.point
    ? shownDistanceSql(requestPublicPoint, pointValues(scope.point))
    : sql<number | null>`null::int`;
  const rows = await db
    .select({
      response: businessResponses,
      request: serviceRequests,
      distanceKm: distance.mapWith((v: unknown) => (v === null ? null : Number(v))),
      lastMessageAt: lastMessageMs.mapWith((v: unknown) => (v === null ? null : new Date(Number(v)))),
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .where(and(eq(businessResponses.businessUserId, scope.userId), listed))
    .orderBy(
      desc(
        sql`greatest(${businessResponses.createdAt}, ${businessResponses.updatedAt}, coalesce(${lastMessageAt}, ${businessResponses.createdAt}))`,
      ),
      desc(businessResponses.id),
    )
    .limit(limit);
  return rows;
}

/** Every message of the given responses, oldest first: one query for the whole list. */
export async function messagesOf(db: Db | Tx, responseIds: readonly string[]): Promise<MessageRow[]> {
  if (responseIds.length === 0) return [];
  return db
    .select()
    .from(messages)
    .where(inArray(messages.responseId, [...responseIds]))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export interface LockedResponse {
  response: ResponseRow;
  /** The request as it is now (not locked: a customer's edit meanwhile leaves the version read stale). */
  request: RequestRow;
  customerId: string;
  requestTitle: string;
  /** Whether the request is still open to negotiation: its status and archive time. */
  requestStatus: RequestStatus;
  requestArchivedAt: Date | null;
}

/**
 * One response of this business with its request's owner, locked for the rest of the transaction
 * so two actions on the same offer run one after the other.
 */
export async function lockOwnResponse(
  tx: Tx,
  businessUserId: string,
  responseId: string,
): Promise<LockedResponse | null> {
  const [row] = await tx
    .select({
      response: businessResponses,
      request: serviceRequests,
      customerId: serviceRequests.userId,
      requestTitle: serviceRequests.title,
      requestStatus: serviceRequests.status,
      requestArchivedAt: serviceRequests.archivedAt,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .where(and(eq(businessResponses.id, responseId), eq(businessResponses.businessUserId, businessUserId)))
    .for('update', { of: businessResponses });
  return row ?? null;
}

export async function updateResponse(
  tx: Tx,
  responseId: string,
  values: Partial<
    Pick<
      ResponseRow,
      | 'quotedPrice'
      | 'availabilityDate'
      | 'availabilityTime'
      | 'message'
      | 'status'
      | 'updatedAt'
      | 'agreedRequestVersion'
    >
  >,
): Promise<void> {
  await tx.update(businessResponses).set(values).where(eq(businessResponses.id, responseId));
}

export async function insertMessage(tx: Tx, values: typeof messages.$inferInsert): Promise<void> {
  await tx.insert(messages).values(values);
}
