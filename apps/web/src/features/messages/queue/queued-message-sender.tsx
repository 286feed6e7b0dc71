import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { queuedMessages, subscribeQueuedMessages } from './queued-messages';
import { sendQueuedMessages } from './send-queued-messages';

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
      void sendQueuedMessages(queryClient, userId).then((sent) => {
        if (sent > 0)
          toast.success(sent === 1 ? 'Your waiting message was sent' : `${sent} waiting messages were sent`);
      });
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
