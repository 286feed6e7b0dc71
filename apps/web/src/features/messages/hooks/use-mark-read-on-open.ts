import { useEffect, useRef } from 'react';
import { useMarkConversationRead } from '../api/use-mark-conversation-read';

/**
 * Opening a conversation marks the other party's messages read (spec 2 §4), once. A message from
 * them that arrives while it stays open (the poll) is marked read as well, so the badge does not
 * count what the user is looking at.
 */
export function useMarkReadOnOpen(responseId: string, ready: boolean, newestIncomingId: string | null) {
  const { mutate } = useMarkConversationRead(responseId);
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const key = `${responseId}:${newestIncomingId ?? ''}`;
    if (marked.current === key) return;
    marked.current = key;
    mutate();
  }, [mutate, newestIncomingId, ready, responseId]);
}
