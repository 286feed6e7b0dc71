import { CONVERSATION_MESSAGES } from '@grip/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MessageSquare, RotateCcw } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth/api/get-me';
import { ConversationBlockGate } from '@/features/moderation/components/conversation-block-gate';
import { ConversationSafetyMenu } from '@/features/moderation/components/conversation-safety-menu';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { conversationQueryOptions, messagesQueryOptions } from '../api/conversations-api';
import { useMarkReadOnOpen } from '../hooks/use-mark-read-on-open';
import { useSendMessage, type PendingMessage } from '../hooks/use-send-message';
import { useQueuedMessages } from '../queue/use-queued-messages';
import { threadMessages } from '../thread';
import { ConversationHeader } from './conversation-header';
import { ConversationNotFound } from './conversation-not-found';
import { LiveStatusNotice } from './live-status-notice';
import { MessageComposer } from './message-composer';
import { MessageThread } from './message-thread';

interface ConversationPanelProps {
  responseId: string;
  /**
   * 'page': the conversation page and the /messages chat pane, with the request header; it fills the
   * height its className gives it. 'embedded': a card on the business job detail, where the job is
   * already shown above, with the message count and a thread of fixed height.
   */
  variant?: 'page' | 'embedded';
  className?: string;
}

/**
 * One conversation: header, history (newest page first, older on demand) and the send box when the
 * viewer may write (otherwise the spec's locked text). Opening it marks it read. New messages arrive
 * live, so there is no Refresh button (issue 33 replaces the spec's): a notice says when they can't.
 */
export function ConversationPanel({ responseId, variant = 'page', className }: ConversationPanelProps) {
  const conversation = useQuery(conversationQueryOptions(responseId));
  const history = useInfiniteQuery(messagesQueryOptions(responseId));
  const { send, pending: sending, isSending } = useSendMessage(responseId);
  const queued = useQueuedMessages(responseId, useSession().me?.user.id);
  // A send that got no answer is queued before its 'Sending…' bubble goes: show it once, as queued.
  const pending = useMemo<PendingMessage[]>(() => {
    const queuedIds = new Set(queued.map((m) => m.clientId));
    return [
      ...queued.map((m) => ({ ...m, queued: true })),
      ...sending.filter((m) => !queuedIds.has(m.clientId)),
    ];
  }, [queued, sending]);
  const messages = threadMessages(history.data);
  const newestIncomingId = messages.findLast((m) => !m.fromMe)?.id ?? null;
  useMarkReadOnOpen(
    responseId,
    conversation.data !== undefined && history.data !== undefined,
    newestIncomingId,
  );

  const embedded = variant === 'embedded';
  const frame = (children: ReactNode) =>
    embedded ? (
      <Card className={className}>{children}</Card>
    ) : (
      <div className={cn('flex flex-col rounded-lg border border-border bg-background', className)}>
        {children}
      </div>
    );

  // A failed poll keeps what was shown; only a first load that fails replaces the panel.
  if (!conversation.data) {
    if (!conversation.isError) return frame(<ListSkeleton rows={2} label="Loading conversation" />);
    const missing =
      isApiError(conversation.error) &&
      (conversation.error.status === 404 || conversation.error.status === 403);
    if (missing) return <ConversationNotFound />;
    return frame(
      <div role="alert" className="grid justify-items-center gap-3 p-6 text-center">
        <p>Failed to load conversation.</p>
        <Button variant="outline" size="sm" onClick={() => void conversation.refetch()}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Retry
        </Button>
      </div>,
    );
  }

  const count = `${messages.length}${history.hasNextPage ? '+' : ''}`;

  return frame(
    <>
      <div
        className={cn(
          'flex flex-wrap items-start justify-between gap-2 border-b border-border',
          embedded ? 'p-4 sm:p-5' : 'p-3',
        )}
      >
        {embedded ? (
          <h2 className="text-base font-semibold">
            Conversation{' '}
            <span aria-hidden="true" className="text-sm font-normal text-muted-foreground">
              ({count})
            </span>
            <span className="sr-only">{`${count} ${count === '1' ? 'message' : 'messages'}`}</span>
          </h2>
        ) : (
          <ConversationHeader conversation={conversation.data} />
        )}
        <div className="flex flex-wrap gap-2">
          {embedded ? (
            <Link
              to={`/conversation/${encodeURIComponent(responseId)}`}
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            >
              <MessageSquare aria-hidden="true" className="size-4" />
              Open conversation
            </Link>
          ) : null}
          {/* Issue 32: Report and Block, for both parties. */}
          <ConversationSafetyMenu responseId={responseId} messages={messages} />
        </div>
      </div>
      <LiveStatusNotice />
      <MessageThread
        status={history.data ? 'success' : history.status}
        messages={messages}
        pending={pending}
        emptyText={embedded ? CONVERSATION_MESSAGES.panelEmpty : CONVERSATION_MESSAGES.threadEmpty}
        hasOlder={history.hasNextPage}
        isLoadingOlder={history.isFetchingNextPage}
        onLoadOlder={() => history.fetchNextPage()}
        onRetry={() => void history.refetch()}
        className={embedded ? 'max-h-96 min-h-40' : 'min-h-0 flex-1'}
      />
      {conversation.data.canSend ? (
        // Issue 32: while a block stands, its words instead of the send box.
        <ConversationBlockGate responseId={responseId}>
          <MessageComposer onSend={send} isSending={isSending} />
        </ConversationBlockGate>
      ) : (
        <p className="border-t border-border p-3 text-sm text-muted-foreground">
          {CONVERSATION_MESSAGES.locked}
        </p>
      )}
    </>,
  );
}
