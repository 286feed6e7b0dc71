import {
  BLOCKED_ACCOUNTS_PAGE_SIZE,
  BlockedAccountPageSchema,
  ConversationBlockSchema,
  MODERATION_MESSAGES,
} from '@grip/domain';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';

const ERROR_TOAST_MS = 8000;

export const moderationKeys = {
  /** The accounts I blocked (Settings). */
  blocked: ['moderation', 'blocked'] as const,
  /**
   * A conversation's block state, under the conversation's own key: whatever refreshes the
   * conversation (a send refused because of a block, a live change) reads the block again too.
   */
  conversationBlock: (responseId: string) => [...queryKeys.conversation(responseId), 'block'] as const,
};

const blockPath = (userId: string) => `/api/blocks/${encodeURIComponent(userId)}`;

/** GET /api/blocks: the accounts I blocked, newest first, a page at a time. */
export function blockedAccountsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: moderationKeys.blocked,
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      BlockedAccountPageSchema.parse(
        await api.get<unknown>(
          `/api/blocks${queryString({ cursor: pageParam, limit: BLOCKED_ACCOUNTS_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** GET /api/blocks/conversations/:responseId: the other party and whether a block stands between us. */
export function conversationBlockQueryOptions(responseId: string) {
  return queryOptions({
    queryKey: moderationKeys.conversationBlock(responseId),
    queryFn: async ({ signal }) =>
      ConversationBlockSchema.parse(
        await api.get<unknown>(`/api/blocks/conversations/${encodeURIComponent(responseId)}`, { signal }),
      ),
  });
}

/**
 * After a block or an unblock every view it changes reads again: the block list, the conversations
 * (their send boxes), the business's feed and the customer's offers.
 */
function useRefreshAfterBlock() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      moderationKeys.blocked,
      queryKeys.conversations,
      queryKeys.business,
      queryKeys.requests,
    ])
      void queryClient.invalidateQueries({ queryKey });
  };
}

function useBlockChange(send: (userId: string) => Promise<void>, done: string, failed: string) {
  const refresh = useRefreshAfterBlock();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      toast.success(done);
      refresh();
    },
    onError: (error) => {
      const isRefusal = isApiError(error) && error.status >= 400 && error.status < 500;
      toast.error(failed, { description: isRefusal ? error.message : undefined, duration: ERROR_TOAST_MS });
    },
  });
}

/** POST /api/blocks/:userId */
export function useBlockAccount() {
  return useBlockChange(
    (userId) => api.post(blockPath(userId)),
    MODERATION_MESSAGES.blocked,
    MODERATION_MESSAGES.blockFailed,
  );
}

/** DELETE /api/blocks/:userId */
export function useUnblockAccount() {
  return useBlockChange(
    (userId) => api.delete(blockPath(userId)),
    MODERATION_MESSAGES.unblocked,
    MODERATION_MESSAGES.unblockFailed,
  );
}
