import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '@/lib/toast';
import { queuedMessages, subscribeQueuedMessages } from './queued-messages';

// The sending code (the API client's schemas among it) loads only when a message waits: most sessions
// never queue one, and this component is in the shell every signed-in screen loads.
const loadSender = () => import('./send-queued-messages');

/** While messages wait and the browser says it is online, try again this often (it can be wrong). */
const RETRY_MS = 15_000;

/**
 * Mounted once in the signed-in shell: sends the queued messages when the connection comes back, on
 * any screen, and says so. Also tries at start (a reload after going back online) and every 15 s while
 * some wait, since 'online' only means a network, not that the server answers.
 */
export function QueuedMessageSender({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const hasWaiting = useSyncExternalStore(subscribeQueuedMessages, queuedMessages, queuedMessages).some(
    (m) => m.userId === userId && !m.refusal,
  );

  useEffect(() => {
    if (!hasWaiting) return;
    const attempt = () => {
      if (!navigator.onLine) return;
      void loadSender()
        .then(({ sendQueuedMessages }) => sendQueuedMessages(queryClient, userId))
        .then((sent) => {
          if (sent > 0)
            toast.success(
              sent === 1 ? 'Your waiting message was sent' : `${sent} waiting messages were sent`,
            );
        })
        // The code could not load (offline before it was cached): the next attempt tries again.
        .catch(() => undefined);
    };
    attempt();
    window.addEventListener('online', attempt);
    const timer = window.setInterval(attempt, RETRY_MS);
    return () => {
      window.removeEventListener('online', attempt);
      window.clearInterval(timer);
    };
  }, [queryClient, userId, hasWaiting]);

  return null;
}
