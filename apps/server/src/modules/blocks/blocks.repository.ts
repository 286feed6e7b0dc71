import { blockRefusal, blockSideOf, type BlockBetween, type BlockedAction } from '@grip/domain';
import { and, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { blocks } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * A block stands between the caller and the account they act towards (issue 32): 409 with its own
 * code, as a locked conversation is, so a screen knows to read the block again (the send box gives
 * way to the words).
 */
export class Blocked extends AppError {
  constructor(message: string) {
    super(409, 'blocked', message);
  }
}

/** Which of the two blocked the other, seen from `me`: both directions in one query (blocks_pkey). */
export async function blockBetween(db: Db | Tx, me: string, other: string): Promise<BlockBetween> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, me), eq(blocks.blockedId, other)),
        and(eq(blocks.blockerId, other), eq(blocks.blockedId, me)),
      ),
    );
  return { byMe: rows.some((r) => r.blockerId === me), byThem: rows.some((r) => r.blockerId === other) };
}

/**
 * Refuses `action` from `actorId` towards `otherId` while either blocks the other, in the words of
 * the side the actor is on. Called inside the action's transaction, after its row locks.
 */
export async function refuseIfBlocked(
  db: Db | Tx,
  actorId: string,
  otherId: string,
  action: BlockedAction,
): Promise<void> {
  if (actorId === otherId) return;
  const side = blockSideOf(await blockBetween(db, actorId, otherId));
  if (side) throw new Blocked(blockRefusal(side, action));
}
