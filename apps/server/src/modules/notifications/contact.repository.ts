import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { profiles, users } from '../../db/schema';

/**
 * Where an account's emails go and whether it wants them: its notification email, else its sign-in
 * address; no profile row means the default preferences, which include email.
 */
export async function accountContact(
  db: Db | Tx,
  userId: string,
): Promise<{ email: string; wantsEmail: boolean } | null> {
  const [row] = await db
    .select({
      email: sql<string>`coalesce(nullif(${profiles.notificationEmail}, ''), ${users.email})`,
      wantsEmail: sql<boolean>`coalesce('email' = any(${profiles.notificationPreferences}), true)`.mapWith(
        Boolean,
      ),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}
