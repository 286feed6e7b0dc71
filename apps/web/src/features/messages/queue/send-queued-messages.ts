import { isTemporarySendFailure } from '@grip/domain';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { sendMessage } from '../api/conversations-api';
import { withSentMessage, type MessagePages } from '../thread';
import { markQueuedMessage, queuedMessages, removeQueuedMessage } from './queued-messages';

let running: Promise<number> | null = null;

/**
 * Sends the signed-in person's queued messages, oldest first; answers how many went. Stops at the
 * first temporary failure (still offline: the rest would fail the same way and must keep their
 * order); a refusal is marked on its message and the others carry on. One run at a time per tab:
 * a call while one runs answers 0 at once (the running one sends what is there).
 */
export function sendQueuedMessages(queryClient: QueryClient, userId: string): Promise<number> {
  if (running) return Promise.resolve(0);
  running = run(queryClient, userId).finally(() => {
    running = null;
  });
  return running;
}

async function run(queryClient: QueryClient, userId: string): Promise<number> {
  let sent = 0;
  const mine = queuedMessages().filter((m) => m.userId === userId && !m.refusal);
  for (const queued of mine) {
    try {
      const stored = await sendMessage(queued.responseId, {
        message: queued.message,
        attachments: queued.attachments,
        clientId: queued.clientId,
      });
      removeQueuedMessage(queued.clientId);
      sent += 1;
      queryClient.setQueryData<MessagePages>(queryKeys.conversationMessages(queued.responseId), (data) =>
        withSentMessage(data, stored),
      );
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      if (isTemporarySendFailure(status)) break;
      markQueuedMessage(queued.clientId, isApiError(error) ? error.message : String(error));
    }
  }
  if (sent > 0) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversationList });
    void queryClient.invalidateQueries({ queryKey: queryKeys.badges });
  }
  return sent;
}
