import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { businessResponses, profiles, serviceRequests, users } from '../../db/schema';
import { businessNameSql } from '../profiles/business-name.sql';
import type { GeoPoint, ResponseStatus } from '@grip/domain';
import {
  businessReach,
  pointValues,
  requestPublicPoint,
  shownDistanceSql,
} from '../privacy/location-privacy';
import { requestMatchesCategories } from '../requests/matching.sql';
import type { RequestRow } from '../requests/requests.repository';

/** The business asking: what decides which requests it may see. */
export interface BusinessScope {
  userId: string;
  serviceCategories: readonly string[];
  /** The business's public point (location-privacy.ts), null without a location. */
  point: GeoPoint | null;
  serviceAreaKm: number | null;
}

export interface RequestForBusiness {
  request: RequestRow;
  /** Whole km between the public points of the business and the request, null when either has none. */
  distanceKm: number | null;
  /** Categories match and, when both have a point, the request is within both radii. */
  isMatch: boolean;
  myResponseId: string | null;
  myResponseStatus: ResponseStatus | null;
}

/**
 * One request as one business may judge it, in one query: the row, its distance from the business,
 * whether it matches the business, and the business's own response. `lock` locks the request (not
 * the response) so a confirmation cannot slip between the checks and the insert. The lock is
 * exclusive among quotes too: two quotes written at once would each refresh the request's last
 * activity (drizzle/0016) without seeing the other, and the later one could be lost from it.
 */
export async function findRequestForBusiness(
  db: Db | Tx,
  scope: BusinessScope,
  requestId: string,
  options: { lock?: boolean } = {},
): Promise<RequestForBusiness | null> {
  const point = scope.point ? pointValues(scope.point) : null;
  const distance: SQL<number | null> = point
    ? shownDistanceSql(requestPublicPoint, point)
    : sql<number | null>`null::int`;
  // Within both radii when both have a point; a missing point on either side leaves categories alone.
  const reaches: SQL = businessReach(scope.point, scope.serviceAreaKm) ?? sql`true`;
  const query = db
    .select({
      request: serviceRequests,
      distanceKm: distance.mapWith((v: unknown) => (v === null ? null : Number(v))),
      isMatch: sql<boolean>`(${requestMatchesCategories(scope.serviceCategories)} and ${reaches})`.mapWith(
        Boolean,
      ),
      myResponseId: businessResponses.id,
      myResponseStatus: businessResponses.status,
    })
    .from(serviceRequests)
    .leftJoin(
      businessResponses,
      and(
        eq(businessResponses.requestId, serviceRequests.id),
        eq(businessResponses.businessUserId, scope.userId),
      ),
    )
    .where(eq(serviceRequests.id, requestId));
  const [row] = options.lock ? await query.for('no key update', { of: serviceRequests }) : await query;
  return row ?? null;
}

type NewResponse = typeof businessResponses.$inferInsert;

/**
 * Inserts the response unless this business already answered the request; null then. The unique
 * index decides under concurrency, so twenty simultaneous submits store exactly one.
 */
export async function insertResponseOnce(
  tx: Tx,
  values: NewResponse,
): Promise<{ id: string; status: ResponseStatus } | null> {
  const [row] = await tx
    .insert(businessResponses)
    .values(values)
    .onConflictDoNothing({ target: [businessResponses.requestId, businessResponses.businessUserId] })
    .returning({ id: businessResponses.id, status: businessResponses.status });
  return row ?? null;
}

/** The request's owner as the new-response notice needs them. */
export async function customerContact(
  db: Db | Tx,
  userId: string,
): Promise<{ email: string; wantsEmail: boolean } | null> {
  const [row] = await db
    .select({
      email: users.email,
      // A customer without a profile row has the default preferences, which include email.
      wantsEmail: sql<boolean>`coalesce('email' = any(${profiles.notificationPreferences}), true)`.mapWith(
        Boolean,
      ),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The name the customer sees for a business. */
export async function businessName(db: Db | Tx, userId: string): Promise<string> {
  const [row] = await db.select({ name: businessNameSql }).from(profiles).where(eq(profiles.userId, userId));
  return row?.name ?? 'A business';
}
