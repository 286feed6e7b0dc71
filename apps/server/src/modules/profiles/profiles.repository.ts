import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { shownReview } from '../../db/shown-review';
import { profiles, reviews } from '../../db/schema';
import { forgetProfile } from './profile-cache';

export type ProfileRow = typeof profiles.$inferSelect;

export async function findProfile(db: Db | Tx, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

/** Whether an administrator suspended this account (the auth hook asks before creating any session). */
export async function isSuspended(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ suspendedAt: profiles.suspendedAt })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return Boolean(row?.suspendedAt);
}

export async function administratorExists(db: Db | Tx): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(profiles)
    .where(eq(profiles.role, 'administrator'))
    .limit(1);
  return Boolean(row);
}

export async function insertProfile(db: Db | Tx, values: typeof profiles.$inferInsert): Promise<void> {
  await db.insert(profiles).values(values).onConflictDoNothing({ target: profiles.userId });
}

export async function setRole(db: Db | Tx, userId: string, role: ProfileRow['role']): Promise<void> {
  await db
    .update(profiles)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(profiles.userId, userId));
  forgetProfile(userId);
}

/** Serialises administrator grants across transactions (and processes on PostgreSQL). */
export async function lockAdministratorGrants(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7245114)`);
}

export async function countAdministrators(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(profiles)
    .where(eq(profiles.role, 'administrator'));
  return Number(row?.count ?? 0);
}

export async function updateProfile(
  db: Db | Tx,
  userId: string,
  changes: Partial<typeof profiles.$inferInsert>,
): Promise<ProfileRow> {
  const [row] = await db
    .update(profiles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(profiles.userId, userId))
    .returning();
  forgetProfile(userId);
  if (!row) throw new Error(`profile for ${userId} vanished during update`);
  return row;
}

/** Mean rating and number of shown reviews of one business (reviews_business_idx). */
export async function businessRating(
  db: Db | Tx,
  businessUserId: string,
): Promise<{ average: number | null; count: number }> {
  const [row] = await db
    .select({
      average: sql<number | null>`avg(${reviews.rating})::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.businessUserId, businessUserId), shownReview));
  return {
    average: row?.average === null || row?.average === undefined ? null : Number(row.average),
    count: Number(row?.count ?? 0),
  };
}
