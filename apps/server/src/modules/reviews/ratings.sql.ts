import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviews } from '../../db/schema';

/**
 * Every reviewed business's average rating and number of reviews, as a subquery to left-join on
 * `businessUserId`: lists aggregate once for all their rows, never a query per row.
 */
export function businessRatings(db: Db) {
  return db
    .select({
      businessUserId: reviews.businessUserId,
      average: sql<number>`avg(${reviews.rating})::float8`.as('average'),
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(reviews)
    .groupBy(reviews.businessUserId)
    .as('ratings');
}
