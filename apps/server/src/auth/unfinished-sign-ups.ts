import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts, users } from '../db/schema';

/**
 * A sign-up writes the account, its profile and its password (or provider link) in separate
 * statements: Better Auth's adapter runs without a transaction here, because its hooks read through
 * the shared connection, which on the embedded database would wait on the transaction for ever. A
 * server killed between them leaves an account no one can sign in to, holding its email
 * (docs/reliability.md). When that email signs up again, the unfinished account is removed first.
 *
 * Sign-ups still in progress are left alone: the statements of one follow within milliseconds, so an
 * account without a way in that is older than this is one whose sign-up was cut off.
 */
export const UNFINISHED_AFTER_MS = 2_000;

/** Removes the account of this email if its sign-up never finished. Returns whether it did. */
export async function removeUnfinishedSignUp(db: Db, email: string, now: Date): Promise<boolean> {
  const removed = await db
    .delete(users)
    .where(
      and(
        eq(users.email, email.trim().toLowerCase()),
        lt(users.createdAt, new Date(now.getTime() - UNFINISHED_AFTER_MS)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(accounts)
            .where(eq(accounts.userId, users.id)),
        ),
      ),
    )
    .returning({ id: users.id });
  return removed.length > 0;
}
