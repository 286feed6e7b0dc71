import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, serviceRequests } from '../../db/schema';
import { distanceKm, requestMatchesCategories } from '../requests/matching.sql';
import type { RequestRow } from '../requests/requests.repository';

/** What the feed needs to know about the business asking (from its profile). */
export interface FeedBusiness {
  userId: string;
  categories: readonly string[];
  latitude: number | null;
  longitude: number | null;
  serviceAreaKm: number | null;
}

/** Created-at bounds of a group: after (exclusive) and until (inclusive); null is unbounded. */
export interface CreatedWindow {
  after: Date | null;
  until: Date | null;
}

export interface FeedRow {
  request: RequestRow;
  distanceKm: number | null;
  myResponseId: string | null;
  myResponseStatus: string | null;
}

function hasPoint(b: FeedBusiness): b is FeedBusiness & { latitude: number; longitude: number } {
  return b.latitude !== null && b.longitude !== null;
}

/** Distance from the business's point to the request's, or null when either has none. */
function distanceFrom(b: FeedBusiness): SQL<number | null> {
  if (!hasPoint(b)) return sql<number | null>`null::float8`;
  return sql<
    number | null
  >`case when ${serviceRequests.latitude} is null or ${serviceRequests.longitude} is null
    then null else ${distanceKm(b.latitude, b.longitude, sql`${serviceRequests.latitude}`, sql`${serviceRequests.longitude}`)} end`;
}

/**
 * The matching rule seen from the business (the mirror of businessReaches): categories, and when both
 * have a point, within the customer's radius and the business's service area. Open, unarchived and not
 * the business's own requests, as the New Requests badge counts them.
 */
function matches(b: FeedBusiness): SQL | undefined {
  const reach = hasPoint(b)
    ? sql`(${serviceRequests.latitude} is null or ${serviceRequests.longitude} is null
        or ${distanceFrom(b)} <= least(${serviceRequests.serviceAreaKm}::float8,
          coalesce(${b.serviceAreaKm}::float8, ${serviceRequests.serviceAreaKm}::float8)))`
    : undefined;
  return and(
    eq(serviceRequests.status, 'open'),
    isNull(serviceRequests.archivedAt),
    ne(serviceRequests.userId, b.userId),
    requestMatchesCategories(b.categories),
    reach,
  );
}

function within(window: CreatedWindow): SQL | undefined {
  return and(
    window.after ? sql`${serviceRequests.createdAt} > ${window.after.toISOString()}::timestamptz` : undefined,
    window.until
      ? sql`${serviceRequests.createdAt} <= ${window.until.toISOString()}::timestamptz`
      : undefined,
  );
}

/**
 * One page of a feed group, newest first, with this business's own response (unique per request and
 * business, so the join never repeats a row) and the distance. `afterId` is the previous page's last
 * item, compared in SQL so microsecond timestamps never round-trip through JavaScript.
 */
export async function listFeed(
  db: Db,
  business: FeedBusiness,
  window: CreatedWindow,
  includeResponded: boolean,
  limit: number,
  afterId?: string,
): Promise<FeedRow[]> {
  const page = afterId
    ? sql`(${serviceRequests.createdAt}, ${serviceRequests.id}) < (select r.created_at, r.id from ${serviceRequests} r where r.id = ${afterId})`
    : undefined;
  return db
    .select({
      request: serviceRequests,
      distanceKm: distanceFrom(business).mapWith(Number),
      myResponseId: businessResponses.id,
      myResponseStatus: businessResponses.status,
    })
    .from(serviceRequests)
    .leftJoin(
      businessResponses,
      and(
        eq(businessResponses.requestId, serviceRequests.id),
        eq(businessResponses.businessUserId, business.userId),
      ),
    )
    .where(
      and(
        matches(business),
        within(window),
        includeResponded ? undefined : isNull(businessResponses.id),
        page,
      ),
    )
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
}

/** How many matching requests each group holds, in one query. */
export async function countFeed(
  db: Db,
  business: FeedBusiness,
  windows: { new: CreatedWindow; aboutToExpire: CreatedWindow; expired: CreatedWindow },
): Promise<{ new: number; aboutToExpire: number; expired: number }> {
  const notResponded = sql`${businessResponses.id} is null`;
  const countWhere = (condition: SQL | undefined) =>
    sql<number>`count(*) filter (where ${condition ?? sql`true`})::int`.mapWith(Number);
  const [row] = await db
    .select({
      new: countWhere(and(within(windows.new), notResponded)),
      aboutToExpire: countWhere(and(within(windows.aboutToExpire), notResponded)),
      expired: countWhere(within(windows.expired)),
    })
    .from(serviceRequests)
    .leftJoin(
      businessResponses,
      and(
        eq(businessResponses.requestId, serviceRequests.id),
        eq(businessResponses.businessUserId, business.userId),
      ),
    )
    .where(matches(business));
  return row ?? { new: 0, aboutToExpire: 0, expired: 0 };
}

/** Whether a page cursor still names a request (a deleted one would silently end the list). */
export async function requestExists(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id));
  return rows.length > 0;
}
