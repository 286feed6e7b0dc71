import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, serviceRequests } from '../../db/schema';
import { type ResponseStatus } from '@grip/domain';
import { requestPublicPoint, shownDistanceSql } from '../privacy/location-privacy';
import {
  businessSideOf,
  businessSidePlaceholders,
  openRequestForBusiness,
  placeholderValuesOf,
  type BusinessSide,
  type MatchBusiness,
} from '../requests/matching.sql';
import { businessViewColumns, type BusinessViewRow } from '../requests/business-view';

/** What the feed needs to know about the business asking (from its profile). */
export type FeedBusiness = MatchBusiness;

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

const param = sql.placeholder;

/** The distance the business is shown (whole km between public points), or null. */
function distanceFrom(b: BusinessSide): SQL<number | null> {
  if (!b.reach) return sql<number | null>`null::int`;
  return shownDistanceSql(b.reach.point, requestPublicPoint);
}

/**
 * The feed's lists and counts and the New Requests badge all select by the one rule of
 * matching.sql.ts (openRequestForBusiness): open, unarchived, not the business's own, no block either
 * way, categories and both radii (issue 33).
 */
const matches = openRequestForBusiness;

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
  const business = businessSidePlaceholders(shape);
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
  const { shape, values } = placeholderValuesOf(business);
  const statement = preparedFeed(db, {
    ...shape,
    after: window.after !== null,
    until: window.until !== null,
    includeResponded,
    cursor: afterId !== undefined,
  });
  return statement.execute({
    ...values,
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
    .where(matches(businessSideOf(business)));
  return row ?? { new: 0, aboutToExpire: 0, expired: 0 };
}

/**
 * How many requests the feed's New group holds (created in `window`, not yet answered by this
 * business): the New Requests badge. The same rule and window as countFeed's `new` and the New list.
 */
export async function countNew(db: Db, business: FeedBusiness, window: CreatedWindow): Promise<number> {
  const side = businessSideOf(business);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(serviceRequests)
    .where(
      and(
        matches(side),
        within(window),
        sql`not exists (select 1 from ${businessResponses} br
          where br.request_id = ${serviceRequests.id} and br.business_user_id = ${side.userId})`,
      ),
    );
  return row?.n ?? 0;
}

/** Whether a page cursor still names a request (a deleted one would silently end the list). */
export async function requestExists(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id));
  return rows.length > 0;
}
