import {
  ConversationListSchema,
  ConversationMessageSchema,
  ConversationSchema,
  MESSAGE_PAGE_SIZE,
  MessagePageSchema,
  type ConversationMessage,
  type SendMessageInput,
} from '@grip/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const CONVERSATIONS_PAGE_SIZE = 20;

/*
 * Live updates arrive later with server-sent events; until then the open conversation and the list
 * poll. The intervals live here so the SSE work finds them in one place. Nothing polls before a
 * first successful load (a missing conversation is not asked for again every 10 s).
 */
export const CONVERSATION_POLL_MS = 10_000;
export const CONVERSATION_LIST_POLL_MS = 30_000;

const conversationPath = (responseId: string) => `/api/conversations/${encodeURIComponent(responseId)}`;

/** GET /api/conversations: the user's conversations, latest activity first, a page at a time. */
export function conversationListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: queryKeys.conversationList,
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      ConversationListSchema.parse(
        await api.get<unknown>(
          `/api/conversations${queryString({ cursor: pageParam, limit: CONVERSATIONS_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) => (query.state.data ? CONVERSATION_LIST_POLL_MS : false),
  });
}

/** GET /api/conversations/:responseId: the header and whether the viewer may write. */
export function conversationQueryOptions(responseId: string) {
  return queryOptions({
    queryKey: queryKeys.conversation(responseId),
    queryFn: async ({ signal }) =>
      ConversationSchema.parse(await api.get<unknown>(conversationPath(responseId), { signal })),
    refetchInterval: (query) => (query.state.data ? CONVERSATION_POLL_MS : false),
  });
}

/**
 * GET /api/conversations/:responseId/messages: the newest page first; each next "page" of the
 * infinite query is the one before it (olderCursor). Items are oldest first within a page.
 */
export function messagesQueryOptions(responseId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.conversationMessages(responseId),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      MessagePageSchema.parse(
        await api.get<unknown>(
          `${conversationPath(responseId)}/messages${queryString({ before: pageParam, limit: MESSAGE_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.olderCursor,
    refetchInterval: (query) => (query.state.data ? CONVERSATION_POLL_MS : false),
  });
}

/** POST /api/conversations/:responseId/read: the other party's unread messages become read. */
export function markConversationRead(responseId: string): Promise<unknown> {
  return api.post<unknown>(`${conversationPath(responseId)}/read`);
}

/** POST /api/conversations/:responseId/messages: 201 with the stored message. */
export async function sendMessage(responseId: string, input: SendMessageInput): Promise<ConversationMessage> {
  return ConversationMessageSchema.parse(
    await api.post<unknown>(`${conversationPath(responseId)}/messages`, input),
  );
}
