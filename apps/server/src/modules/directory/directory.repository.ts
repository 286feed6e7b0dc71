import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { businessNameSql } from '../profiles/business-name.sql';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { distanceKm } from '../requests/matching.sql';
import { businessRatings } from '../reviews/ratings.sql';

/**
 * Businesses for the home's Discover grid: nearest first when a point is known (those without a
 * location after), then best rated, then most reviewed. Ratings are aggregated once, not per row.
 */
export async function discoverBusinesses(
  db: Db,
  point: { latitude: number; longitude: number } | null,
  limit: number,
) {
  const ratings = businessRatings(db);
  const distance = point
    ? sql<number | null>`case when ${profiles.latitude} is null or ${profiles.longitude} is null then null
        else ${distanceKm(point.latitude, point.longitude, sql`${profiles.latitude}`, sql`${profiles.longitude}`)} end`
    : sql<number | null>`null::float8`;
  return db
    .select({
      userId: profiles.userId,
      businessName: businessNameSql,
      avatarUrl: profiles.avatarUrl,
      serviceCategories: profiles.serviceCategories,
      areaLabel: profiles.areaLabel,
      distanceKm: distance.mapWith(Number),
      ratingAverage: ratings.average,
      reviewCount: sql<number>`coalesce(${ratings.count}, 0)`.mapWith(Number),
    })
    .from(profiles)
    .leftJoin(ratings, eq(ratings.businessUserId, profiles.userId))
    .where(and(eq(profiles.role, 'business_owner'), isNull(profiles.suspendedAt)))
    .orderBy(
      sql`${distance} asc nulls last`,
      sql`${ratings.average} desc nulls last`,
      desc(sql`coalesce(${ratings.count}, 0)`),
      profiles.userId,
    )
    .limit(limit);
}
