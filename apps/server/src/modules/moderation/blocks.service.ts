import {
  blockProblem,
  CONVERSATION_MESSAGES,
  conversationBlockOf,
  MODERATION_MESSAGES,
  type BlockedAccountPage,
  type ConversationBlock,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { Invalid, NotFound } from '../../lib/errors';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor';
import { blockBetween } from '../blocks/blocks.repository';
import { findConversation } from '../conversations/conversations.repository';
import { assertId } from '../requests/requests.service';
import { deleteBlock, findAccountToAct, insertBlock, listBlocked } from './blocks.repository';

/** The cursor's key is the exact created_at as UTC text with microseconds (blocks.repository). */
const isCreatedAtKey = (key: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/.test(key) &&
  !Number.isNaN(Date.parse(`${key.slice(0, 23)}Z`));

/**
 * Blocks an account the caller has dealt with (issue 32). Any other id — missing, malformed, or an
 * account they never had a quote with — answers the same 404, so blocking cannot probe which ids
 * exist. Blocking again changes nothing.
 */
export async function blockAccount(db: Db, actorId: string, userId: string, now: Date): Promise<void> {
  const target = /^[A-Za-z0-9_-]{1,100}$/.test(userId) ? await findAccountToAct(db, actorId, userId) : null;
  const problem = blockProblem(actorId, target);
  if (problem === 'self') throw new Invalid(MODERATION_MESSAGES.cannotBlockSelf);
  if (problem) throw new NotFound(MODERATION_MESSAGES.accountNotFound);
  await insertBlock(db, actorId, userId, now);
}

/** Unblocks: only the caller's own block goes, and unblocking what is not blocked changes nothing. */
export async function unblockAccount(db: Db, actorId: string, userId: string): Promise<void> {
  await deleteBlock(db, actorId, userId);
}

/** GET /api/blocks: the accounts the caller blocked, newest first. */
export async function listBlockedAccounts(
  db: Db,
  actorId: string,
  query: { cursor?: string; limit: number },
): Promise<BlockedAccountPage> {
  const after = query.cursor
    ? decodePageCursor(query.cursor, MODERATION_MESSAGES.badCursor, isCreatedAtKey)
    : undefined;
  const rows = await listBlocked(
    db,
    actorId,
    query.limit + 1,
    after && { blockedAt: after.key, userId: after.id },
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ userId: r.userId, name: r.name, blockedAt: r.blockedAt.toISOString() })),
    nextCursor: rows.length > query.limit && last ? encodePageCursor(last.blockedAtKey, last.userId) : null,
  };
}

/**
 * The other party of one of the caller's conversations and whether a block stands between them (the
 * conversation's menu and send box). Anyone but a party hears that the conversation does not exist.
 */
export async function getConversationBlock(
  db: Db,
  actorId: string,
  responseId: string,
): Promise<ConversationBlock> {
  assertId(responseId, CONVERSATION_MESSAGES.notFound);
  const row = await findConversation(db, actorId, responseId);
  if (!row) throw new NotFound(CONVERSATION_MESSAGES.notFound);
  const isBusiness = row.response.businessUserId === actorId;
  const other = isBusiness
    ? { userId: row.request.userId, name: row.customerName }
    : { userId: row.response.businessUserId, name: row.businessName };
  return conversationBlockOf(other, await blockBetween(db, actorId, other.userId));
}
