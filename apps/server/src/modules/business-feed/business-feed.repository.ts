import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, serviceRequests } from '../../db/schema';
import { OPEN_REQUEST, type GeoPoint, type ResponseStatus } from '@grip/domain';
import {
  pointValues,
  reachesSql,
  requestPublicPoint,
  requestReachSide,
  shownDistanceSql,
  type PointSql,
} from '../privacy/location-privacy';
import { notBlockedBetween } from '../blocks/blocks.sql';
import { matchTerms, requestMatchesCategories, requestMatchesTermArray } from '../requests/matching.sql';
import { businessViewColumns, type BusinessViewRow } from '../requests/business-view';

/** What the feed needs to know about the business asking (from its profile). */
export interface FeedBusiness {
  userId: string;
  categories: readonly string[];
  /** The business's public point (location-privacy.ts), null without a location. */
  point: GeoPoint | null;
  serviceAreaKm: number | null;
}

/** Created-at bounds of a group: after (exclusive) and until (inclusive); null is unbounded. */
export interface CreatedWindow {
  after: Date | null;
  until: Date | null;
}

export interface FeedRow {
  request: BusinessViewRow;
  /** Whole km between the public points, null when either has none. */
  distanceKm: number | null;
  myResponseId: string | null;
  myResponseStatus: ResponseStatus | null;
}

/**
 * The business's side of the matching rule as SQL: its values written into the statement (the
 * counts), or placeholders for them (the feed's prepared statement). One rule, two ways of filling it.
 */
interface BusinessSql {
  userId: SQL;
  /** Null when the business has no point: then only categories decide. */
  point: (PointSql & { serviceAreaKm: SQL }) | null;
  /** Undefined when the business lists no categories: then every category matches. */
  categories: SQL | undefined;
}

function valuesOf(b: FeedBusiness): BusinessSql {
  return {
    userId: sql`${b.userId}`,
    point: b.point ? { ...pointValues(b.point), serviceAreaKm: sql`${b.serviceAreaKm}::float8` } : null,
    categories: matchTerms(b.categories).length > 0 ? requestMatchesCategories(b.categories) : undefined,
  };
}

const param = sql.placeholder;

function placeholdersFor(shape: FeedShape): BusinessSql {
  return {
    userId: sql`${param('userId')}`,
    point: shape.point
      ? {
          latitude: sql`${param('latitude')}::float8`,
          longitude: sql`${param('longitude')}::float8`,
          serviceAreaKm: sql`${param('serviceAreaKm')}::float8`,
        }
      : null,
    categories: shape.terms ? requestMatchesTermArray(sql`${param('terms')}`) : undefined,
  };
}

/** The distance the business is shown (whole km between public points), or null. */
function distanceFrom(b: BusinessSql): SQL<number | null> {
  if (!b.point) return sql<number | null>`null::int`;
  return shownDistanceSql(b.point, requestPublicPoint);
}

/**
 * The matching rule seen from the business (the mirror of businessReaches): categories, and when both
 * have a point, within the customer's radius and the business's service area. Open, unarchived and not
 * the business's own requests, as the New Requests badge counts them; and (issue 32) not of a customer
 * either of them blocked.
 */
function matches(b: BusinessSql): SQL | undefined {
  const reach = b.point
    ? reachesSql(requestReachSide, { point: b.point, areaKm: b.point.serviceAreaKm })
    : undefined;
  return and(
    eq(serviceRequests.status, OPEN_REQUEST),
    isNull(serviceRequests.archivedAt),
    ne(serviceRequests.userId, b.userId),
    // Issue 32: a business never sees the requests of a customer either of them blocked (the feed
    // and its counts both read this).
    notBlockedBetween(sql`${serviceRequests.userId}`, b.userId),
    b.categories,
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

/**
 * The feed's statement for one shape, every value a parameter: the business, its point, area and
 * category terms, the group's window, the cursor and the page size.
 */
function feedStatement(db: Db, shape: FeedShape, name: string) {
  const business = placeholdersFor(shape);
  return db
    .select({
      request: businessViewColumns,
      distanceKm: distanceFrom(business).mapWith((v: unknown) => (v === null ? null : Number(v))),
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
 * Each database's feed statements, built once per shape (at most 64). Building the query with Drizzle
 * and having PostgreSQL parse and plan it on every request was about a third of the feed's cost
 * (docs/performance.md); prepared, each request sends only its values.
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
    point: business.point !== null,
    terms: terms.length > 0,
    after: window.after !== null,
    until: window.until !== null,
    includeResponded,
    cursor: afterId !== undefined,
  });
  return statement.execute({
    userId: business.userId,
    latitude: business.point?.latitude,
    longitude: business.point?.longitude,
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
    .where(matches(valuesOf(business)));
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
