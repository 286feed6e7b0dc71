import { publicPoint, PUBLIC_EARTH_RADIUS_KM, type GeoPoint } from '@grip/domain';
import { sql, type SQL } from 'drizzle-orm';
import { profiles, serviceRequests } from '../../db/schema';
import type { ProfileRow } from '../profiles/profiles.repository';

/**
 * The location privacy model (docs/decisions/018), enforced here and nowhere else. Between parties —
 * a business and a request it is not accepted for, a customer or visitor and a business — every
 * distance, every "within N km" and every count is worked out from public points only: the request's
 * and the business's generated public_latitude/public_longitude columns, and, for a point a caller
 * sends, its public point worked out here. Exact coordinates stay with their owner (and, for a
 * request, the accepted business, which gets the address) and with administrators.
 *
 * Two guards keep it the one place (decision 018): ESLint refuses `serviceRequests.latitude` and
 * `profiles.latitude` (and longitude) and imports of greatCircleKmSql outside the owner's and the
 * administrators' files, and a domain test fails on any coordinate in an answer about someone else.
 */

/** A public point as SQL values or columns. */
export interface PointSql {
  latitude: SQL;
  longitude: SQL;
}

/** A request's public point (generated columns). */
export const requestPublicPoint: PointSql = {
  latitude: sql`${serviceRequests.publicLatitude}`,
  longitude: sql`${serviceRequests.publicLongitude}`,
};

/** A business's (any profile's) public point (generated columns). */
export const profilePublicPoint: PointSql = {
  latitude: sql`${profiles.publicLatitude}`,
  longitude: sql`${profiles.publicLongitude}`,
};

/**
 * The public point of a point given as values — a visitor's query, a request being written — or
 * null when it lacks a coordinate. The domain's publicPoint is the definition the generated columns
 * follow, so a value and a stored row of the same place land in the same cell.
 */
export function publicPointOf(latitude: number | null | undefined, longitude: number | null | undefined) {
  if (latitude == null || longitude == null) return null;
  return publicPoint({ latitude, longitude });
}

/** A stored row's public point (a profile's or a request's generated columns), or null. */
export function storedPublicPoint(row: {
  publicLatitude: number | null;
  publicLongitude: number | null;
}): GeoPoint | null {
  const { publicLatitude: latitude, publicLongitude: longitude } = row;
  return latitude === null || longitude === null ? null : { latitude, longitude };
}

/** A public point as SQL parameters. */
export function pointValues(point: GeoPoint): PointSql {
  return { latitude: sql`${point.latitude}::float8`, longitude: sql`${point.longitude}::float8` };
}

/** Haversine on the sphere the domain's greatCircleKm uses; inputs never null here. */
export function greatCircleKmSql(a: PointSql, b: PointSql): SQL<number> {
  return sql<number>`(${PUBLIC_EARTH_RADIUS_KM}::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(${b.latitude} - ${a.latitude}) / 2), 2)
    + cos(radians(${a.latitude})) * cos(radians(${b.latitude})) * power(sin(radians(${b.longitude} - ${a.longitude}) / 2), 2)))))`;
}

/**
 * The distance shown between two public points (domain shownDistanceKm): whole km, null when either
 * side has no point. Every distance a party reads of another is this figure. Rounded as Math.round
 * does, in float8 (a cast to numeric keeps 15 digits and would round 26.49999999999999 up).
 */
export function shownDistanceSql(a: PointSql, b: PointSql): SQL<number | null> {
  return sql<number | null>`(case when ${a.latitude} is null or ${a.longitude} is null
    or ${b.latitude} is null or ${b.longitude} is null then null
    else floor(${greatCircleKmSql(a, b)} + 0.5)::int end)`;
}

/** One side of the reach rule: a public point (null: none) and a radius in km (null: none set). */
export interface ReachSide {
  point: PointSql;
  areaKm: SQL;
}

/**
 * The reach part of the matching rule (domain isWithinReach) as SQL: when both sides have a point,
 * the shown distance is within the request's radius and the business's service area; without a
 * point on either side, categories alone decide (PRODUCT-DECISIONS "when both have a location").
 */
export function reachesSql(request: ReachSide, business: ReachSide): SQL {
  const a = request.point;
  const b = business.point;
  // round(d) <= r is d < r + 0.5 for whole-km radii: the same rule without a numeric per row.
  return sql`(${a.latitude} is null or ${a.longitude} is null or ${b.latitude} is null or ${b.longitude} is null
    or ${greatCircleKmSql(a, b)} < least(${request.areaKm}::float8,
      coalesce(${business.areaKm}::float8, ${request.areaKm}::float8)) + 0.5)`;
}

/** A request row in scope as the request's side of the reach rule. */
export const requestReachSide: ReachSide = {
  point: requestPublicPoint,
  areaKm: sql`${serviceRequests.serviceAreaKm}`,
};

/** A profile row in scope as the business's side of the reach rule. */
export const profileReachSide: ReachSide = {
  point: profilePublicPoint,
  areaKm: sql`${profiles.serviceAreaKm}`,
};

/** Null point as SQL (a side without a location). */
export const NO_POINT: PointSql = { latitude: sql`null::float8`, longitude: sql`null::float8` };

/** A point given as values (already public) as one side of the reach rule. */
export function valueReachSide(point: GeoPoint | null, areaKm: SQL | number | null): ReachSide {
  return {
    point: point ? pointValues(point) : NO_POINT,
    areaKm: typeof areaKm === 'number' ? sql`${areaKm}` : (areaKm ?? sql`null`),
  };
}

/**
 * The reach rule between the request in scope and a business at a public point with a service area
 * (values), or undefined when the business has no point: categories alone decide.
 */
export function businessReach(point: GeoPoint | null, serviceAreaKm: number | null): SQL | undefined {
  return point ? reachesSql(requestReachSide, valueReachSide(point, serviceAreaKm)) : undefined;
}

/** businessReach for a business given by its profile row. */
export function businessReachOf(
  profile: Pick<ProfileRow, 'publicLatitude' | 'publicLongitude' | 'serviceAreaKm'>,
): SQL | undefined {
  return businessReach(storedPublicPoint(profile), profile.serviceAreaKm);
}
