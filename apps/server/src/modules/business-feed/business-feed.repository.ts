import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, serviceRequests } from '../../db/schema';
import {
  distanceKm,
  matchTerms,
  requestMatchesCategories,
  requestMatchesTermArray,
} from '../requests/matching.sql';
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

/** What changes the text of the feed's statement; everything else is a parameter of it. */
interface FeedShape {
  point: boolean;
  terms: boolean;
  after: boolean;
  until: boolean;
  includeResponded: boolean;
  cursor: boolean;
}

const param = sql.placeholder;

/**
 * The feed's statement for one shape, with every value a parameter: the business, its point, area
 * and category terms, the group's window, the cursor and the page size. The same matching rule as
 * matches() and distanceFrom(), written once more with parameters in place of values (the tests
 * compare the feed with the counts and the badge, which use those).
 */
function feedStatement(db: Db, shape: FeedShape, name: string) {
  const latitude = sql`${param('latitude')}::float8`;
  const longitude = sql`${param('longitude')}::float8`;
  const distance = shape.point
    ? sql<number | null>`case when ${serviceRequests.latitude} is null or ${serviceRequests.longitude} is null
        then null else ${distanceKm(latitude, longitude, sql`${serviceRequests.latitude}`, sql`${serviceRequests.longitude}`)} end`
    : sql<number | null>`null::float8`;
  const reach = shape.point
    ? sql`(${serviceRequests.latitude} is null or ${serviceRequests.longitude} is null
        or ${distance} <= least(${serviceRequests.serviceAreaKm}::float8,
          coalesce(${param('serviceAreaKm')}::float8, ${serviceRequests.serviceAreaKm}::float8)))`
    : undefined;
  return db
    .select({
      request: serviceRequests,
      distanceKm: distance.mapWith(Number),
      myResponseId: businessResponses.id,
      myResponseStatus: businessResponses.status,
    })
    .from(serviceRequests)
    .leftJoin(
      businessResponses,
      and(
        eq(businessResponses.requestId, serviceRequests.id),
        eq(businessResponses.businessUserId, param('userId')),
      ),
    )
    .where(
      and(
        eq(serviceRequests.status, 'open'),
        isNull(serviceRequests.archivedAt),
        ne(serviceRequests.userId, param('userId')),
        shape.terms ? requestMatchesTermArray(sql`${param('terms')}`) : undefined,
        reach,
        shape.after ? sql`${serviceRequests.createdAt} > ${param('after')}::timestamptz` : undefined,
        shape.until ? sql`${serviceRequests.createdAt} <= ${param('until')}::timestamptz` : undefined,
        shape.includeResponded ? undefined : isNull(businessResponses.id),
        shape.cursor
          ? sql`(${serviceRequests.createdAt}, ${serviceRequests.id}) < (select r.created_at, r.id from ${serviceRequests} r where r.id = ${param('afterId')})`
          : undefined,
      ),
    )
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(param('limit'))
    .prepare(name);
}

type FeedStatement = ReturnType<typeof feedStatement>;

/**
 * Each database's feed statements, built once per shape (at most 64). Building the query and
 * sending its 5 KB of text for PostgreSQL to parse was most of the feed's cost (docs/performance.md);
 * prepared, each request sends only its values.
 */
const feedStatements = new WeakMap<Db, Map<string, FeedStatement>>();

function preparedFeed(db: Db, shape: FeedShape): FeedStatement {
  let statements = feedStatements.get(db);
  if (!statements) feedStatements.set(db, (statements = new Map()));
  const key = Object.entries(shape)
    .map(([k, on]) => (on ? k[0] : '-'))
    .join('');
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = feedStatement(db, shape, `grip_feed_${key}`)));
  return statement;
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
  const terms = matchTerms(business.categories);
  const statement = preparedFeed(db, {
    point: hasPoint(business),
    terms: terms.length > 0,
    after: window.after !== null,
    until: window.until !== null,
    includeResponded,
    cursor: afterId !== undefined,
  });
  return statement.execute({
    userId: business.userId,
    latitude: business.latitude,
    longitude: business.longitude,
    serviceAreaKm: business.serviceAreaKm,
    terms,
    after: window.after?.toISOString(),
    until: window.until?.toISOString(),
    afterId,
    limit,
  });
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
