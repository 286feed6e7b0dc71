import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { businessNameSql } from '../profiles/business-name.sql';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import {
  pointValues,
  profilePublicPoint,
  publicPointOf,
  shownDistanceSql,
} from '../privacy/location-privacy';
import { businessLateCancellations, businessRatings } from '../reviews/ratings.sql';

/**
 * Businesses for the home's Discover grid: nearest first when a point is known (those without a
 * location after), then best rated, then most reviewed, then by name. Ratings and the late
 * cancellations of the 12 months before `now` are aggregated once, in the same statement.
 */
export async function discoverBusinesses(
  db: Db,
  point: { latitude: number; longitude: number } | null,
  limit: number,
  now: Date,
) {
  const ratings = businessRatings(db);
  const late = businessLateCancellations(db, now);
  // Between public points (decision 018): a caller choosing points learns a business's cell, no finer.
  const from = point ? publicPointOf(point.latitude, point.longitude) : null;
  const distance = from
    ? shownDistanceSql(pointValues(from), profilePublicPoint)
    : sql<number | null>`null::int`;
  return db
    .select({
      userId: profiles.userId,
      businessName: businessNameSql,
      avatarUrl: profiles.avatarUrl,
      serviceCategories: profiles.serviceCategories,
      areaLabel: profiles.areaLabel,
      distanceKm: distance.mapWith((v: unknown) => (v === null ? null : Number(v))),
      ratingAverage: ratings.average,
      reviewCount: sql<number>`coalesce(${ratings.count}, 0)`.mapWith(Number),
      lateCancellations: sql<number>`coalesce(${late.count}, 0)`.mapWith(Number),
    })
    .from(profiles)
    .leftJoin(ratings, eq(ratings.businessUserId, profiles.userId))
    .leftJoin(late, eq(late.businessUserId, profiles.userId))
    .where(and(eq(profiles.role, 'business_owner'), isNull(profiles.suspendedAt)))
    .orderBy(
      sql`${distance} asc nulls last`,
      sql`${ratings.average} desc nulls last`,
      desc(sql`coalesce(${ratings.count}, 0)`),
      // Ties in name order, so the list is the same for everyone asking (the id only breaks the rest).
      asc(businessNameSql),
      profiles.userId,
    )
    .limit(limit);
}
