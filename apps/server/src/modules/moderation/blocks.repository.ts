import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, profiles, users } from '../../db/schema';
import { accountNameSql, haveDealtSql } from './account-name.sql';

/** An account as someone who may block or report it sees it: its name and whether they have dealt. */
export interface AccountToAct {
  userId: string;
  name: string;
  hasDealtWith: boolean;
}

/** The account `userId` seen from `actorId`, or null when no such account exists. */
export async function findAccountToAct(
  db: Db,
  actorId: string,
  userId: string,
): Promise<AccountToAct | null> {
  const [row] = await db
    .select({
      userId: users.id,
      name: accountNameSql(profiles, users),
      hasDealtWith: haveDealtSql(sql`${actorId}`, sql`${users.id}`).mapWith(Boolean),
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Blocks `blockedId`; blocking again keeps the first date. */
export async function insertBlock(db: Db, blockerId: string, blockedId: string, now: Date): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export interface BlockedRow {
  userId: string;
  name: string;
  blockedAt: Date;
  /** The exact created_at as UTC text with microseconds, for the page cursor. */
  blockedAtKey: string;
}

/** The accounts `blockerId` blocked, newest first, after the cursor's row (created_at, blocked id). */
export async function listBlocked(
  db: Db,
  blockerId: string,
  limit: number,
  after?: { blockedAt: string; userId: string },
): Promise<BlockedRow[]> {
  return db
    .select({
      userId: blocks.blockedId,
      name: accountNameSql(profiles, users),
      blockedAt: blocks.createdAt,
      blockedAtKey: sql<string>`to_char(${blocks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .leftJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        after
          ? sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${after.blockedAt}::timestamp at time zone 'UTC', ${after.userId})`
          : undefined,
      ),
    )
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(limit);
}
