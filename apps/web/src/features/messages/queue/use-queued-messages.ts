import { useMemo, useSyncExternalStore } from 'react';
import { queuedMessages, subscribeQueuedMessages, type QueuedMessage } from './queued-messages';

/** The person's unsent messages in one conversation, oldest first. */
export function useQueuedMessages(responseId: string, userId: string | undefined): QueuedMessage[] {
  const all = useSyncExternalStore(subscribeQueuedMessages, queuedMessages, queuedMessages);
  return useMemo(
    () => all.filter((m) => m.responseId === responseId && m.userId === userId),
    [all, responseId, userId],
  );
}
