import type { ConversationList } from '@grip/domain';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { markConversationRead } from './conversations-api';

/**
 * POST …/read. The list shows the conversation as read at once (optimistic); afterwards the list and
 * the navigation badges are refetched. A failure is only logged: the next open tries again.
 */
export function useMarkConversationRead(responseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(responseId),
    onMutate: () => {
      queryClient.setQueryData<InfiniteData<ConversationList, string | null>>(
        queryKeys.conversationList,
        (cached) =>
          cached
            ? {
                ...cached,
                pages: cached.pages.map((page) => ({
                  ...page,
                  items: page.items.map((item) =>
                    item.responseId === responseId ? { ...item, unreadCount: 0 } : item,
                  ),
                })),
              }
            : cached,
      );
    },
    onError: (error) => console.warn('Could not mark the conversation read', error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.conversationList }),
        queryClient.invalidateQueries({ queryKey: queryKeys.badges }),
      ]),
  });
}
