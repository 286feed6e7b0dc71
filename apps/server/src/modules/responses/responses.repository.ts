import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { isBlockedBetween } from '../blocks/blocks.sql';
import { businessResponses, profiles, serviceRequests, users } from '../../db/schema';
import { businessNameSql } from '../profiles/business-name.sql';
import { emailSwitchOn } from '../notifications/system-switches';
import type { GeoPoint, ResponseStatus } from '@grip/domain';
import {
  businessReach,
  pointValues,
  reachesSql,
  requestPublicPoint,
  requestReachSide,
  shownDistanceSql,
} from '../privacy/location-privacy';
import { matchTerms, requestMatchesCategories, requestMatchesTermArray } from '../requests/matching.sql';
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

/** What decides whether the business matches a request: its distance and the match itself. */
function judgedFields(scope: BusinessScope) {
  const point = scope.point ? pointValues(scope.point) : null;
  const distance: SQL<number | null> = point
    ? shownDistanceSql(requestPublicPoint, point)
    : sql<number | null>`null::int`;
  // Within both radii when both have a point; a missing point on either side leaves categories alone.
  const reaches: SQL = businessReach(scope.point, scope.serviceAreaKm) ?? sql`true`;
  return {
    request: serviceRequests,
    distanceKm: distance.mapWith((v: unknown) => (v === null ? null : Number(v))),
    isMatch: sql<boolean>`(${requestMatchesCategories(scope.serviceCategories)} and ${reaches})`.mapWith(
      Boolean,
    ),
    myResponseId: businessResponses.id,
    myResponseStatus: businessResponses.status,
  };
}

/** The request with this business's own response beside it, if any. */
const withMyResponse = (scope: BusinessScope) =>
  and(
    eq(businessResponses.requestId, serviceRequests.id),
    eq(businessResponses.businessUserId, scope.userId),
  );

/**
 * One request as one business may judge it, in one query: the row, its distance from the business,
 * whether it matches the business, and the business's own response. `lock` locks the request (not
 * the response) so a confirmation cannot slip between the checks and the insert.
 */
export async function findRequestForBusiness(
  db: Db | Tx,
  scope: BusinessScope,
  requestId: string,
  options: { lock?: boolean } = {},
): Promise<RequestForBusiness | null> {
  const query = db
    .select(judgedFields(scope))
    .from(serviceRequests)
    .leftJoin(businessResponses, withMyResponse(scope))
    .where(eq(serviceRequests.id, requestId));
  const [row] = options.lock ? await query.for('no key update', { of: serviceRequests }) : await query;
  return row ?? null;
}

/** A request as a business judges it for a quote, with what the quote's statement needs. */
export interface RequestToQuote extends RequestForBusiness {
  /** The row's version (xmin): the quote is written only while it is unchanged (submit-quote.sql.ts). */
  version: string;
  /** The name the customer sees for the business. */
  businessName: string;
  /** The owner's email when the platform's email switch is on and they want email; null otherwise. */
  emailTo: string | null;
  /** Either of the business and the customer blocks the other (issue 32): read here, no extra round trip. */
  isBlocked: boolean;
}

// A customer without a profile row has the default preferences, which include email.
const customerProfiles = alias(profiles, 'customer_profiles');
const param = sql.placeholder;

/**
 * findRequestForBusiness for a quote, as ONE statement prepared once per database: the business's
 * side of the matching rule comes in as values (its terms, point and area; an empty term list and a
 * missing point mean what they mean in judgedFields), with the request's version, the business's name
 * and the owner's email beside it. Planned once, not on every quote (docs/performance.md).
 */
function quoteReadStatement(db: Db) {
  const point = {
    latitude: sql`${param('latitude')}::float8`,
    longitude: sql`${param('longitude')}::float8`,
  };
  const terms = sql`${param('terms')}::text[]`;
  const reaches = reachesSql(requestReachSide, { point, areaKm: sql`${param('serviceAreaKm')}::float8` });
  return db
    .select({
      request: serviceRequests,
      distanceKm: shownDistanceSql(requestPublicPoint, point).mapWith((v: unknown) =>
        v === null ? null : Number(v),
      ),
      isMatch:
        sql<boolean>`((cardinality(${terms}) = 0 or ${requestMatchesTermArray(terms)}) and ${reaches})`.mapWith(
          Boolean,
        ),
      myResponseId: businessResponses.id,
      myResponseStatus: businessResponses.status,
      version: sql<string>`${serviceRequests}.xmin::text`,
      businessName: sql<string>`coalesce((select ${businessNameSql} from ${profiles} where ${profiles.userId} = ${param('userId')}), 'A business')`,
      emailTo: sql<
        string | null
      >`case when coalesce('email' = any(${customerProfiles.notificationPreferences}), true)
        and ${emailSwitchOn} then ${users.email} end`,
      isBlocked: isBlockedBetween(sql`${serviceRequests.userId}`, sql`${param('userId')}`).mapWith(Boolean),
    })
    .from(serviceRequests)
    .leftJoin(
      businessResponses,
      and(
        eq(businessResponses.requestId, serviceRequests.id),
        eq(businessResponses.businessUserId, sql`${param('userId')}`),
      ),
    )
    .leftJoin(users, eq(users.id, serviceRequests.userId))
    .leftJoin(customerProfiles, eq(customerProfiles.userId, serviceRequests.userId))
    .where(eq(serviceRequests.id, sql`${param('requestId')}`))
    .prepare('grip_quote_read');
}

const quoteReads = new WeakMap<Db, ReturnType<typeof quoteReadStatement>>();

/** findRequestForBusiness without a lock, and with the business's name and the owner's email, in one query. */
export async function findRequestToQuote(
  db: Db,
  scope: BusinessScope,
  requestId: string,
): Promise<RequestToQuote | null> {
  let statement = quoteReads.get(db);
  if (!statement) quoteReads.set(db, (statement = quoteReadStatement(db)));
  const [row] = await statement.execute({
    requestId,
    userId: scope.userId,
    terms: matchTerms(scope.serviceCategories),
    latitude: scope.point?.latitude ?? null,
    longitude: scope.point?.longitude ?? null,
    serviceAreaKm: scope.serviceAreaKm,
  });
  return row ?? null;
}

/** The name the customer sees for a business. */
export async function businessName(db: Db | Tx, userId: string): Promise<string> {
  const [row] = await db.select({ name: businessNameSql }).from(profiles).where(eq(profiles.userId, userId));
  return row?.name ?? 'A business';
}
