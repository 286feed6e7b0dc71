import { and, asc, between, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { containsPattern } from '../../lib/sql-like';
import { businessNameSql } from '../profiles/business-name.sql';
import { greatCircleKmSql, pointValues } from '../privacy/location-privacy';
import { businessRatings } from '../reviews/ratings.sql';

/** Kilometres per degree of latitude at its shortest (the equator): a box drawn with it never cuts the circle. */
const MIN_KM_PER_DEGREE_LATITUDE = 110.574;
/** Kilometres per degree of longitude at the equator; multiplied by cos(latitude) elsewhere. */
const KM_PER_DEGREE_LONGITUDE_AT_EQUATOR = 111.32;
/** A little slack so rounding never drops a business right on the circle. */
const BOX_MARGIN = 1.01;

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  /** Longitude ranges (two when the box crosses the antimeridian); null when every longitude is in. */
  longitudes: [number, number][] | null;
}

/**
 * A latitude/longitude box that holds every point within `radiusKm` of the centre: a cheap range
 * test that runs before the great-circle distance. Longitude degrees shrink towards the poles, so
 * the box is as wide as the circle is at its latitude farthest from the equator; near a pole every
 * longitude is in.
 */
export function boundingBox(latitude: number, longitude: number, radiusKm: number): BoundingBox {
  const latitudeDelta = (radiusKm / MIN_KM_PER_DEGREE_LATITUDE) * BOX_MARGIN;
  const minLatitude = Math.max(-90, latitude - latitudeDelta);
  const maxLatitude = Math.min(90, latitude + latitudeDelta);
  const farthest = Math.max(Math.abs(latitude - latitudeDelta), Math.abs(latitude + latitudeDelta));
  if (farthest >= 89.9) return { minLatitude, maxLatitude, longitudes: null };
  const longitudeDelta =
    (radiusKm / (KM_PER_DEGREE_LONGITUDE_AT_EQUATOR * Math.cos((farthest * Math.PI) / 180))) * BOX_MARGIN;
  if (longitudeDelta >= 180) return { minLatitude, maxLatitude, longitudes: null };
  const west = longitude - longitudeDelta;
  const east = longitude + longitudeDelta;
  const longitudes: [number, number][] =
    west < -180
      ? [
          [west + 360, 180],
          [-180, east],
        ]
      : east > 180
        ? [
            [west, 180],
            [-180, east - 360],
          ]
        : [[west, east]];
  return { minLatitude, maxLatitude, longitudes };
}

/** Name, contact name, categories, area or address contain the keyword, any case, literally. */
function matchesKeyword(query: string): SQL {
  const pattern = containsPattern(query);
  const contains = (column: unknown) => sql`${column} ilike ${pattern} escape '\\'`;
  return or(
    contains(profiles.businessName),
    contains(profiles.displayName),
    contains(profiles.areaLabel),
    contains(profiles.address),
    contains(sql`array_to_string(${profiles.serviceCategories}, ' ')`),
  )!;
}

function resultColumns(ratings: ReturnType<typeof businessRatings>) {
  return {
    userId: profiles.userId,
    businessName: businessNameSql,
    address: profiles.address,
    areaLabel: profiles.areaLabel,
    phone: profiles.phone,
    website: profiles.website,
    serviceCategories: profiles.serviceCategories,
    serviceAreaKm: profiles.serviceAreaKm,
    ratingAverage: ratings.average,
    reviewCount: sql<number>`coalesce(${ratings.count}, 0)`.mapWith(Number),
  };
}

export type BusinessSearchRow = Awaited<ReturnType<typeof searchBusinessDirectory>>[number];

/**
 * Business profiles whose name, owner name, categories, area or address contain the query (any
 * case), best rated first. Ratings are aggregated once, not per row. The places-search demo and the
 * administrators' text search.
 */
export async function searchBusinessDirectory(db: Db, query: string, limit: number) {
  const ratings = businessRatings(db);
  return db
    .select(resultColumns(ratings))
    .from(profiles)
    .leftJoin(ratings, eq(ratings.businessUserId, profiles.userId))
    .where(and(eq(profiles.role, 'business_owner'), matchesKeyword(query)))
    .orderBy(sql`${ratings.average} desc nulls last`, asc(businessNameSql), profiles.userId)
    .limit(limit);
}

/**
 * Businesses matching the keyword whose point lies within `radiusKm` of the given point, nearest
 * first, with the great-circle distance. The bounding box narrows the rows before the distance is
 * computed; businesses without a point are not near anywhere.
 */
export async function searchBusinessesNearby(
  db: Db,
  query: string,
  point: { latitude: number; longitude: number },
  radiusKm: number,
  limit: number,
) {
  const ratings = businessRatings(db);
  const box = boundingBox(point.latitude, point.longitude, radiusKm);
  // Administrators run the platform and see exact points (decision 018): no public point here.
  const distance = greatCircleKmSql(pointValues(point), {
    latitude: sql`${profiles.latitude}`,
    longitude: sql`${profiles.longitude}`,
  });
  const inLongitudes = box.longitudes
    ? or(...box.longitudes.map(([west, east]) => between(profiles.longitude, west, east)))
    : sql`${profiles.longitude} is not null`;
  return db
    .select({ ...resultColumns(ratings), distanceKm: sql<number>`${distance}`.mapWith(Number) })
    .from(profiles)
    .leftJoin(ratings, eq(ratings.businessUserId, profiles.userId))
    .where(
      and(
        eq(profiles.role, 'business_owner'),
        between(profiles.latitude, box.minLatitude, box.maxLatitude),
        inLongitudes,
        sql`${distance} <= ${radiusKm}::float8`,
        matchesKeyword(query),
      ),
    )
    .orderBy(asc(distance), asc(businessNameSql), profiles.userId)
    .limit(limit);
}
