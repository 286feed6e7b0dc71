import type { Role } from '@grip/domain';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, pushSubscriptions, sessions, users } from '../../db/schema';
import { containsPattern } from '../../lib/sql-like';
import { forgetProfile } from '../profiles/profile-cache';

export interface UserCursor {
  createdAt: string;
  userId: string;
}

export interface UserRow {
  userId: string;
  email: string;
  name: string;
  role: Role;
  suspendedAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
  /** The exact created_at as text (microseconds survive; a JS Date would round them off the cursor). */
  createdAtKey: string;
}

const columns = {
  userId: users.id,
  email: users.email,
  // Business name for a business, then the display name, then the account name.
  name: sql<string>`coalesce(
    case when ${profiles.role} = 'business_owner' then nullif(${profiles.businessName}, '') end,
    nullif(${profiles.displayName}, ''),
    nullif(${users.name}, ''),
    ${users.email})`,
  role: sql<Role>`coalesce(${profiles.role}, 'user')`,
  suspendedAt: profiles.suspendedAt,
  deletedAt: profiles.deletedAt,
  createdAt: users.createdAt,
  createdAtKey: sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
};

/**
 * Every account, newest first (keyset on users.created_at, id — users_created_at_idx — so a page
 * never repeats or skips a row while people sign up). `q` matches the email or any of the names;
 * `role` keeps one role (an account whose profile is missing counts as a customer).
 */
export async function listUsers(
  db: Db,
  filter: { q?: string; role?: Role; after?: UserCursor },
  limit: number,
): Promise<UserRow[]> {
  const where: (SQL | undefined)[] = [];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    const contains = (column: unknown) => sql`${column} ilike ${pattern} escape '\\'`;
    where.push(
      or(
        contains(users.email),
        contains(users.name),
        contains(profiles.displayName),
        contains(profiles.businessName),
      ),
    );
  }
  if (filter.role) where.push(sql`coalesce(${profiles.role}, 'user') = ${filter.role}`);
  if (filter.after) {
    where.push(
      sql`(${users.createdAt}, ${users.id}) < (${filter.after.createdAt}::timestamp at time zone 'UTC', ${filter.after.userId})`,
    );
  }
  return db
    .select(columns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

export async function findUser(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Suspends an account: marks the profile first (so a sign-in racing this is refused by the auth
 * hook), then ends every session (the live stream notices within its re-check) and forgets its push
 * devices, all in one transaction. Suspending again keeps the first date. Reinstating only clears
 * the mark.
 */
export async function setSuspended(db: Db, userId: string, suspended: boolean, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        suspendedAt: suspended
          ? sql`coalesce(${profiles.suspendedAt}, ${now.toISOString()}::timestamptz)`
          : null,
        updatedAt: now,
      })
      .where(eq(profiles.userId, userId));
    if (!suspended) return;
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  });
  forgetProfile(userId);
}
