import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { profiles } from '../../db/schema';

export type ProfileRow = typeof profiles.$inferSelect;

export async function findProfile(db: Db | Tx, userId: string): Promise<ProfileRow | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
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
}

/** Serialises administrator grants across transactions (and processes on PostgreSQL). */
export async function lockAdministratorGrants(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7245114)`);
}
