import type { ConversationMessage } from '@grip/domain';
import { RotateCcw } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import type { PendingMessage } from '../hooks/use-send-message';
import { dayKey, dayLabel } from '../thread';
import { MessageItem } from './message-item';

interface MessageThreadProps {
  status: 'pending' | 'error' | 'success';
  /** Oldest first. */
  messages: readonly ConversationMessage[];
  pending: readonly PendingMessage[];
  emptyText: string;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => Promise<unknown>;
  onRetry: () => void;
  className?: string;
}

/** Within this many pixels of the end counts as "reading the latest": new messages keep it in view. */
const NEAR_BOTTOM_PX = 80;

/**
 * The scrolling message history. It opens at the newest message and follows new ones (always for
 * the user's own, for others' only while the user is at the end, so reading older messages is not
 * interrupted). Loading older messages keeps the message in view where it was.
 */
export function MessageThread({
  status,
  messages,
  pending,
  emptyText,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
  onRetry,
  className,
}: MessageThreadProps) {
  const now = useNow();
  const scroller = useRef<HTMLElement>(null);
  const atBottom = useRef(true);
  // Distance from the end before older messages were added above, to restore afterwards.
  const olderAnchor = useRef<number | null>(null);

  const firstId = messages[0]?.id;
  const last = messages.at(-1);
  const lastKey = pending.at(-1)?.clientId ?? last?.id;
  const lastIsMine = pending.length > 0 || last?.fromMe === true;
  const latestIncoming = messages.findLast((m) => !m.fromMe);

  const scrollToEnd = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && olderAnchor.current !== null) {
      el.scrollTop = el.scrollHeight - olderAnchor.current;
      olderAnchor.current = null;
    }
  }, [firstId]);

  useLayoutEffect(() => {
    if (lastKey && (atBottom.current || lastIsMine)) scrollToEnd();
  }, [lastKey, lastIsMine]);

  const loadOlder = () => {
    const el = scroller.current;
    if (el) olderAnchor.current = el.scrollHeight - el.scrollTop;
    void onLoadOlder();
  };

  const items = [...messages, ...pending].map((message, index, all) => {
    const previous = all[index - 1];
    const startsDay = !previous || dayKey(previous.createdAt) !== dayKey(message.createdAt);
    return {
      message,
      separator: startsDay ? dayLabel(message.createdAt, now) : null,
      key: 'clientId' in message ? message.clientId : message.id,
    };
  });

  return (
    <section
      ref={scroller}
      aria-label="Message history"
      // Focusable so the history scrolls from the keyboard.
      tabIndex={0}
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
      }}
      className={cn(
        'grid content-start gap-3 overflow-y-auto overscroll-contain p-3 focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      {status === 'pending' ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading messages</span>
          <Skeleton className="h-12 w-3/5" />
          <Skeleton className="h-12 w-1/2 justify-self-end" />
          <Skeleton className="h-12 w-2/3" />
        </div>
      ) : status === 'error' ? (
        <div role="alert" className="grid justify-items-center gap-2 py-6 text-center text-sm">
          <p>Failed to load messages.</p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Retry
          </Button>
        </div>
      ) : (
        <>
          {hasOlder ? (
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-center"
              disabled={isLoadingOlder}
              onClick={loadOlder}
            >
              {isLoadingOlder ? <Spinner className="size-4" /> : null}
              Load older messages
            </Button>
          ) : null}
          {items.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">{emptyText}</p>
          ) : (
            <ol aria-label="Messages" className="grid gap-3">
              {items.map(({ message, separator, key }) => (
                <MessageItem
                  key={key}
                  message={message}
                  day={separator}
                  onMediaLoad={() => {
                    if (atBottom.current) scrollToEnd();
                  }}
                />
              ))}
            </ol>
          )}
        </>
      )}
      {/* The latest message from the other party, read out politely when a new one arrives. */}
      <p className="sr-only" aria-live="polite">
        {latestIncoming
          ? `Latest message from ${latestIncoming.senderName}: ${latestIncoming.message || 'an image'}`
          : ''}
      </p>
    </section>
  );
}
