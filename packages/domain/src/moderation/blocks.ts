/**
 * Blocking (issue 32): either party of a dealing may block the other. From then on neither can
 * message the other, quote, counter, request or book between them — whoever blocked — while bookings
 * already made go on. The refusals say what the person did themselves ("You blocked this account")
 * or only what they can no longer do ("You can't message this account"), never who blocked whom.
 */
import { z } from 'zod';
import { MODERATION_MESSAGES } from './moderation-messages';

export const BLOCKED_ACCOUNTS_PAGE_SIZE = 20;
export const BLOCKED_ACCOUNTS_PAGE_MAX = 50;

/**
 * An account id in a path. Any shape is let through to the server, which answers a malformed id as
 * it does an unknown one (404): the answer never tells which ids exist.
 */
export const AccountParamsSchema = z.object({ userId: z.string().max(200) });

/** Which of two accounts blocked the other, seen from one of them; both may have. */
export interface BlockBetween {
  byMe: boolean;
  byThem: boolean;
}

/** How a block is seen from one side: the viewer's own block first (what they did themselves). */
export type BlockSide = 'by_me' | 'by_them';

export function blockSideOf(between: BlockBetween): BlockSide | null {
  if (between.byMe) return 'by_me';
  if (between.byThem) return 'by_them';
  return null;
}

/** What a block stops, each with the words the other side reads. */
export const BLOCKED_ACTIONS = ['message', 'quote', 'request', 'counter_offer', 'book'] as const;
export type BlockedAction = (typeof BLOCKED_ACTIONS)[number];

const CANNOT: Record<BlockedAction, string> = {
  message: MODERATION_MESSAGES.cannotMessage,
  quote: MODERATION_MESSAGES.cannotQuote,
  request: MODERATION_MESSAGES.cannotRequest,
  counter_offer: MODERATION_MESSAGES.cannotCounterOffer,
  book: MODERATION_MESSAGES.cannotBook,
};

/** The refusal of `action` between two accounts a block stands between. */
export function blockRefusal(side: BlockSide, action: BlockedAction): string {
  return side === 'by_me' ? MODERATION_MESSAGES.youBlocked : CANNOT[action];
}

/**
 * Who may block whom: only an account the blocker has dealt with — a customer and a business with a
 * quote between them (every conversation and booking starts from one). Anything else, like an id that
 * does not exist, is 'unknown': blocking arbitrary ids would tell anyone which ids exist.
 */
export function blockProblem(
  actorId: string,
  target: { userId: string; hasDealtWith: boolean } | null,
): 'self' | 'unknown' | null {
  if (target?.userId === actorId) return 'self';
  if (!target?.hasDealtWith) return 'unknown';
  return null;
}

/** GET /api/blocks: the accounts I blocked, newest first. */
export const BlockedAccountsQuerySchema = z.object({
  cursor: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .max(600, MODERATION_MESSAGES.badCursor)
      .regex(/^[A-Za-z0-9_-]+$/, MODERATION_MESSAGES.badCursor)
      .optional(),
  ),
  limit: z.coerce.number().int().min(1).max(BLOCKED_ACCOUNTS_PAGE_MAX).default(BLOCKED_ACCOUNTS_PAGE_SIZE),
});

export const BlockedAccountSchema = z.object({
  userId: z.string(),
  /** The name they go by: a business's name, else their display name. */
  name: z.string(),
  blockedAt: z.string(),
});
export type BlockedAccount = z.infer<typeof BlockedAccountSchema>;

export const BlockedAccountPageSchema = z.object({
  items: z.array(BlockedAccountSchema),
  nextCursor: z.string().nullable(),
});
export type BlockedAccountPage = z.infer<typeof BlockedAccountPageSchema>;

/**
 * GET /api/blocks/conversations/:responseId: the other party of a conversation, and whether a block
 * stands between them. `blockedByMe` is the viewer's own doing; `canContact` false with it unset
 * means only that the viewer can no longer reach them.
 */
export const ConversationBlockSchema = z.object({
  otherPartyId: z.string(),
  otherPartyName: z.string(),
  blockedByMe: z.boolean(),
  canContact: z.boolean(),
});
export type ConversationBlock = z.infer<typeof ConversationBlockSchema>;

export function conversationBlockOf(
  other: { userId: string; name: string },
  between: BlockBetween,
): ConversationBlock {
  return {
    otherPartyId: other.userId,
    otherPartyName: other.name,
    blockedByMe: between.byMe,
    canContact: blockSideOf(between) === null,
  };
}

/** The line shown instead of the send box while a block stands, or null when the viewer may write. */
export function blockedComposerText(block: ConversationBlock): string | null {
  if (block.blockedByMe) return MODERATION_MESSAGES.youBlocked;
  return block.canContact ? null : MODERATION_MESSAGES.cannotMessage;
}
