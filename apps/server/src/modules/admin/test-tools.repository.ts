import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, profiles, reviews, serviceRequests } from '../../db/schema';
import type { OutboxItem } from '../../jobs/outbox';
import { businessNameSql } from '../profiles/business-name.sql';

/**
 * Adds one delivery and returns its id, so the administrator can find it in Deliveries. The same
 * row `enqueue` (jobs/outbox.ts) writes; enqueue does not hand back ids.
 */
export async function enqueueReturningId(db: Db, item: OutboxItem): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ ...item, payload: item.payload as Record<string, unknown> })
    .returning({ id: outbox.id });
  return row!.id;
}

/** The latest open, unarchived requests (newest first), for the new-request email debugging tool. */
export function latestOpenRequests(db: Db, limit: number) {
  return db
    .select({
      id: serviceRequests.id,
      title: serviceRequests.title,
      areaLabel: serviceRequests.areaLabel,
      isUrgent: serviceRequests.isUrgent,
      createdAt: serviceRequests.createdAt,
    })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.status, 'open'), isNull(serviceRequests.archivedAt)))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
}

export async function findRequest(db: Db, id: string) {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row ?? null;
}

/** `text` as a LIKE pattern that matches it literally anywhere. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Business profiles whose name, owner name, categories, area or address contain the query (any
 * case), best rated first. Ratings are aggregated once, not per row.
 */
export async function searchBusinessDirectory(db: Db, query: string, limit: number) {
  const ratings = db
    .select({
      businessUserId: reviews.businessUserId,
      average: sql<number>`avg(${reviews.rating})::float8`.as('average'),
      count: sql<number>`count(*)::int`.as('count'),
    })
    .from(reviews)
    .groupBy(reviews.businessUserId)
    .as('ratings');
  const pattern = containsPattern(query);
  const contains = (column: unknown) => sql`${column} ilike ${pattern} escape '\\'`;
  return db
    .select({
      userId: profiles.userId,
      businessName: businessNameSql,
      address: profiles.address,
      areaLabel: profiles.areaLabel,
      phone: profiles.phone,
      website: profiles.website,
      serviceCategories: profiles.serviceCategories,
      ratingAverage: ratings.average,
      reviewCount: sql<number>`coalesce(${ratings.count}, 0)`.mapWith(Number),
    })
    .from(profiles)
    .leftJoin(ratings, eq(ratings.businessUserId, profiles.userId))
    .where(
      and(
        eq(profiles.role, 'business_owner'),
        or(
          contains(profiles.businessName),
          contains(profiles.displayName),
          contains(profiles.areaLabel),
          contains(profiles.address),
          contains(sql`array_to_string(${profiles.serviceCategories}, ' ')`),
        ),
      ),
    )
    .orderBy(sql`${ratings.average} desc nulls last`, asc(businessNameSql), profiles.userId)
    .limit(limit);
}
