import { CONVERSATION_MESSAGES, QUEUED_MESSAGE_TEXTS } from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { useSession } from '@/features/auth/api/get-me';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { sendMessage } from '../api/conversations-api';
import { enqueueMessage } from '../queue/queued-messages';
import { newClientId, withSentMessage, type MessagePages } from '../thread';

/** What the composer hands over: trimmed text and the uploaded images' URLs. */
export interface MessageDraft {
  message: string;
  attachments: string[];
}

/**
 * A message on its way: shown at the end of the thread with 'Sending…' until the server answers, or
 * as waiting while it is queued for when the connection is back (with the server's refusal, if any).
 */
export interface PendingMessage extends MessageDraft {
  clientId: string;
  createdAt: string;
  queued?: boolean;
  refusal?: string;
}

const ERROR_TOAST_MS = 8000;

/** No answer at all: the device is offline or the server cannot be reached. */
const isUnanswered = (error: unknown) => isApiError(error) && error.status === 0;

const sameDraft = (a: MessageDraft, b: MessageDraft) =>
  a.message === b.message &&
  a.attachments.length === b.attachments.length &&
  a.attachments.every((url, i) => url === b.attachments[i]);

/**
 * Sending with an optimistic bubble. Each message carries a clientId; when a send fails and the same
 * draft is sent again, the same clientId goes with it, so a message the server did store before the
 * connection dropped is not stored twice. Offline (or when the send gets no answer) the message is
 * queued instead, shown as waiting, and sent by QueuedMessageSender when the connection is back.
 */
export function useSendMessage(responseId: string) {
  const queryClient = useQueryClient();
  const userId = useSession().me?.user.id;
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const lastFailed = useRef<PendingMessage | null>(null);

  const mutation = useMutation({
    mutationFn: (message: PendingMessage) =>
      sendMessage(responseId, {
        message: message.message,
        attachments: message.attachments,
        clientId: message.clientId,
      }),
    onMutate: (message) => setPending((list) => [...list, message]),
    onSuccess: (stored, sent) => {
      if (lastFailed.current?.clientId === sent.clientId) lastFailed.current = null;
      queryClient.setQueryData<MessagePages>(queryKeys.conversationMessages(responseId), (data) =>
        withSentMessage(data, stored),
      );
    },
    onError: (error, sent) => {
      if (userId && isUnanswered(error)) {
        enqueueMessage({ ...sent, userId, responseId });
        toast.info(QUEUED_MESSAGE_TEXTS.queuedToast);
        return;
      }
      lastFailed.current = sent;
      console.warn('Could not send the message', error);
      // A refusal (locked conversation, bad input, too many sends) says why; anything else gets the spec's words.
      const description =
        isApiError(error) && error.status >= 400 && error.status < 500
          ? error.message
          : CONVERSATION_MESSAGES.sendFailed;
      toast.error('Error', { description, duration: ERROR_TOAST_MS });
      // 409: messaging closed meanwhile; the header refetch swaps the composer for the locked text.
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.conversation(responseId) });
      }
    },
    onSettled: (_data, _error, sent) => {
      setPending((list) => list.filter((m) => m.clientId !== sent.clientId));
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversationList });
      void queryClient.invalidateQueries({ queryKey: queryKeys.badges });
    },
  });

  const { mutate } = mutation;
  const send = useCallback(
    (draft: MessageDraft, onFailed: (draft: MessageDraft) => void) => {
      const retry = lastFailed.current;
      const clientId = retry && sameDraft(retry, draft) ? retry.clientId : newClientId();
      const message = { ...draft, clientId, createdAt: new Date().toISOString() };
      if (userId && !navigator.onLine) {
        enqueueMessage({ ...message, userId, responseId });
        return;
      }
      mutate(message, {
        onError: (error, sent) => {
          if (userId && isUnanswered(error)) return; // queued, not lost: see onError above
          onFailed({ message: sent.message, attachments: sent.attachments });
        },
      });
    },
    [mutate, userId, responseId],
  );

  return { send, pending, isSending: mutation.isPending };
}
