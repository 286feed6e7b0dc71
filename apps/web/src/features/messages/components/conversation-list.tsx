import {
  CONVERSATION_MESSAGES,
  conversationParam,
  formatRelativeTime,
  type ConversationSummary,
} from '@grip/domain';
import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { CountBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { lastMessagePreview } from '../thread';

interface ConversationListProps {
  status: 'pending' | 'error' | 'success';
  items: readonly ConversationSummary[];
  selectedResponseId: string | null;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
}

/** The conversation list: other party, request, last message, when, and the unread count. */
export function ConversationList({
  status,
  items,
  selectedResponseId,
  hasMore,
  isLoadingMore,
  onLoadMore,
  onRetry,
}: ConversationListProps) {
  const now = useNow();
  if (status === 'pending') return <ListSkeleton rows={4} label="Loading conversations" />;
  if (status === 'error') {
    return (
      <div
        role="alert"
        className="grid justify-items-center gap-3 rounded-lg border border-border p-6 text-center"
      >
        <p>{CONVERSATION_MESSAGES.listLoadFailed}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Retry
        </Button>
      </div>
    );
  }
  return (
    // minmax(0, 1fr) columns all the way down: a long name or preview is clipped inside its row
    // instead of widening the row past the list (which hid the time and the unread count).
    <div className="grid grid-cols-1 content-start gap-3">
      <ul aria-label="Conversations" className="grid grid-cols-1 gap-2">
        {items.map((item) => (
          <li key={item.responseId}>
            <ConversationRow item={item} selected={item.responseId === selectedResponseId} now={now} />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={isLoadingMore}
          onClick={onLoadMore}
        >
          {isLoadingMore ? <Spinner className="size-4" /> : null}
          Load more
        </Button>
      ) : null}
    </div>
  );
}

function ConversationRow({
  item,
  selected,
  now,
}: {
  item: ConversationSummary;
  selected: boolean;
  now: Date;
}) {
  const unread = item.unreadCount > 0;
  return (
    <Link
      to={`/messages?conversation=${conversationParam(item.requestId, item.responseId)}`}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'grid grid-cols-1 gap-0.5 rounded-lg border border-border bg-background p-3 transition-colors hover:bg-muted',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        'aria-[current=true]:border-primary aria-[current=true]:bg-accent',
      )}
    >
      <span className="flex items-center justify-between gap-2">
        <span
          className={cn('truncate', unread ? 'font-semibold' : 'font-medium')}
          title={item.otherPartyName}
        >
          {item.otherPartyName}
        </span>
        <time className="shrink-0 text-xs text-muted-foreground" dateTime={item.lastActivityAt}>
          {formatRelativeTime(new Date(item.lastActivityAt), now)}
        </time>
      </span>
      <span className="truncate text-xs text-muted-foreground" title={item.requestTitle}>
        {item.requestTitle}
      </span>
      <span className="flex items-center justify-between gap-2 lg:items-end">
        {/* Phones: one line. From 1024 px: two lines, wrapped at words, the rest an ellipsis. */}
        <span
          data-testid="conversation-preview"
          className={cn(
            'truncate text-sm lg:line-clamp-2 lg:whitespace-normal lg:break-words',
            unread ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          {lastMessagePreview(item.lastMessage)}
        </span>
        {unread ? (
          <>
            <CountBadge
              count={item.unreadCount}
              aria-hidden="true"
              className="shrink-0"
              data-testid="conversation-unread"
            />
            <span className="sr-only">
              , {item.unreadCount} unread {item.unreadCount === 1 ? 'message' : 'messages'}
            </span>
          </>
        ) : null}
      </span>
    </Link>
  );
}
