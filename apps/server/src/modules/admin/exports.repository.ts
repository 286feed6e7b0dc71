import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';

export interface BusinessExportRow {
  userId: string;
  email: string;
  businessName: string | null;
  displayName: string | null;
  phone: string | null;
  address: string | null;
  areaLabel: string | null;
  website: string | null;
  googleReviewsUrl: string | null;
  description: string | null;
  serviceCategories: string[];
  serviceAreaKm: number | null;
  notificationPreferences: string[];
  notificationEmail: string | null;
  createdAt: Date;
}

export interface UserExportRow {
  id: string;
  email: string;
  name: string;
  role: string | null;
  emailVerified: boolean;
  createdAt: Date;
}

/**
 * One page of business profiles (role business_owner) after `afterUserId`, by user id: keyset paging
 * on the primary key, so each page is one short indexed query and no cursor or transaction is held
 * open while the export streams (PGlite has one connection; other requests run between pages).
 */
export async function listBusinessesForExport(
  db: Db,
  afterUserId: string | null,
  limit: number,
): Promise<BusinessExportRow[]> {
  return db
    .select({
      userId: profiles.userId,
      email: users.email,
      businessName: profiles.businessName,
      displayName: profiles.displayName,
      phone: profiles.phone,
      address: profiles.address,
      areaLabel: profiles.areaLabel,
      website: profiles.website,
      googleReviewsUrl: profiles.googleReviewsUrl,
      description: profiles.description,
      serviceCategories: profiles.serviceCategories,
      serviceAreaKm: profiles.serviceAreaKm,
      notificationPreferences: profiles.notificationPreferences,
      notificationEmail: profiles.notificationEmail,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(
      and(
        eq(profiles.role, 'business_owner'),
        afterUserId === null ? undefined : gt(profiles.userId, afterUserId),
      ),
    )
    .orderBy(asc(profiles.userId))
    .limit(limit);
}

/** One page of accounts after `afterId`, by id, with the role from the profile (see above). */
export async function listUsersForExport(
  db: Db,
  afterId: string | null,
  limit: number,
): Promise<UserExportRow[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: profiles.role,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(afterId === null ? undefined : gt(users.id, afterId))
    .orderBy(asc(users.id))
    .limit(limit);
}
