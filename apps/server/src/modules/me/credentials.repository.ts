import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

/** Whether the account signs in with a password (an identity-provider-only account has none). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)),
    )
    .limit(1);
  return Boolean(row);
}
