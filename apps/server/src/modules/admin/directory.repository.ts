import { ACTIVE_OFFERS } from '@grip/domain';
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, profiles, serviceRequests, users } from '../../db/schema';
import { containsPattern } from '../../lib/sql-like';
import { businessNameSql } from '../profiles/business-name.sql';
import { forgetProfile } from '../profiles/profile-cache';

/** The directory's order: the name a business goes by, case-insensitively, then the id (unique). */
const sortKeySql = sql<string>`lower(${businessNameSql})`;

export interface DirectoryCursor {
  key: string;
  userId: string;
}

export interface DirectoryRow {
  userId: string;
  businessName: string | null;
  displayName: string | null;
  accountEmail: string;
  phone: string | null;
  address: string | null;
  areaLabel: string | null;
  website: string | null;
  description: string | null;
  serviceCategories: string[];
  serviceAreaKm: number | null;
  notificationEmail: string | null;
  createdAt: Date;
  sortKey: string;
}

const columns = {
  userId: profiles.userId,
  businessName: profiles.businessName,
  displayName: profiles.displayName,
  accountEmail: users.email,
  phone: profiles.phone,
  address: profiles.address,
  areaLabel: profiles.areaLabel,
  website: profiles.website,
  description: profiles.description,
  serviceCategories: profiles.serviceCategories,
  serviceAreaKm: profiles.serviceAreaKm,
  notificationEmail: profiles.notificationEmail,
  createdAt: profiles.createdAt,
  sortKey: sortKeySql,
};

/**
 * Business owners by name (keyset on lower(name), user id: a page never repeats or skips a row even
 * while businesses are added). Candidates come from profiles_role_idx; the sort is over business
 * owners only. `q` matches the business name, the contact name or the account email.
 */
export async function listBusinesses(
  db: Db,
  filter: { q?: string; after?: DirectoryCursor },
  limit: number,
): Promise<DirectoryRow[]> {
  const where: (SQL | undefined)[] = [eq(profiles.role, 'business_owner')];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    where.push(
      or(
        sql`${profiles.businessName} ilike ${pattern}`,
        sql`${profiles.displayName} ilike ${pattern}`,
        sql`${users.email} ilike ${pattern}`,
      ),
    );
  }
  if (filter.after) {
    where.push(sql`(${sortKeySql}, ${profiles.userId}) > (${filter.after.key}, ${filter.after.userId})`);
  }
  return db
    .select(columns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(...where))
    .orderBy(asc(sortKeySql), asc(profiles.userId))
    .limit(limit);
}

export async function findBusiness(db: Db, userId: string): Promise<DirectoryRow | null> {
  const [row] = await db
    .select(columns)
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.userId, userId), eq(profiles.role, 'business_owner')))
    .limit(1);
  return row ?? null;
}

/**
 * Active requests per business, for one page of businesses in one grouped statement: requests the
 * business has a response in play on (ACTIVE_OFFERS) that are not archived. A business
 * responds once per request (unique index), so rows are requests. Walks
 * business_responses_business_created_idx for the page's ids, joining requests by primary key.
 */
export async function countActiveRequests(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: businessResponses.businessUserId, count: count() })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .where(
      and(
        inArray(businessResponses.businessUserId, userIds),
        inArray(businessResponses.status, [...ACTIVE_OFFERS]),
        isNull(serviceRequests.archivedAt),
      ),
    )
    .groupBy(businessResponses.businessUserId);
  return new Map(rows.map((r) => [r.userId, Number(r.count)]));
}

export async function updateBusiness(
  db: Db,
  userId: string,
  changes: Partial<typeof profiles.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(profiles.userId, userId), eq(profiles.role, 'business_owner')))
    .returning({ userId: profiles.userId });
  forgetProfile(userId);
  return rows.length > 0;
}
