import { CONVERSATION_MESSAGES, parseConversationParam } from '@grip/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageSquare, MessagesSquare } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useMediaQuery } from '@/lib/use-media-query';
import { conversationListQueryOptions } from '../api/conversations-api';
import { ConversationList } from './conversation-list';
import { ConversationPanel } from './conversation-panel';

/** Spec 1: under 768 px the messages screen is a single pane. */
export const TWO_COLUMNS_QUERY = '(min-width: 768px)';

/** The chat pane's height: the screen below the top bar and heading, above the bottom navigation. */
const PANE_HEIGHT = 'h-[calc(100dvh-15rem)] min-h-[26rem] lg:h-[calc(100dvh-11rem)]';

/**
 * /messages: the conversation list and the chat pane side by side from 768 px; below, the list or,
 * once one is chosen, the chat with a back button. `?conversation={requestId}-{responseId}` is the
 * selection, so it survives a reload and the browser's Back returns to the list.
 */
export function MessagesView() {
  const [params] = useSearchParams();
  const selected = parseConversationParam(params.get('conversation'));
  const twoColumns = useMediaQuery(TWO_COLUMNS_QUERY);
  const list = useInfiniteQuery(conversationListQueryOptions());
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  useEffect(() => {
    if (list.error) console.warn(CONVERSATION_MESSAGES.listLoadFailed, list.error);
  }, [list.error]);

  if (list.data && items.length === 0 && !selected) {
    return (
      <EmptyState
        icon={MessageSquare}
        title={CONVERSATION_MESSAGES.listEmptyTitle}
        description={CONVERSATION_MESSAGES.listEmpty}
      />
    );
  }

  const conversationList = (
    <ConversationList
      status={list.data ? 'success' : list.status}
      items={items}
      selectedResponseId={selected?.responseId ?? null}
      hasMore={list.hasNextPage}
      isLoadingMore={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      onRetry={() => void list.refetch()}
    />
  );
  const panel = selected ? (
    <ConversationPanel key={selected.responseId} responseId={selected.responseId} className={PANE_HEIGHT} />
  ) : null;

  if (!twoColumns) {
    if (!panel) return conversationList;
    return (
      <div className="grid gap-3">
        <Link
          to="/messages"
          className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'justify-self-start' })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to conversations
        </Link>
        {panel}
      </div>
    );
  }

  return (
    // On a tablet the list takes 18 rem (the chat keeps the rest); from 1024 px it is wide enough for a
    // name, the request, two lines of preview, time and count.
    <div className="grid grid-cols-[minmax(0,18rem)_minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,21rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,22.5rem)_minmax(0,1fr)]">
      <div className={`overflow-y-auto ${PANE_HEIGHT}`} data-testid="conversation-list-pane">
        {conversationList}
      </div>
      {panel ?? (
        <EmptyState
          icon={MessagesSquare}
          title={CONVERSATION_MESSAGES.selectPrompt}
          className={`justify-center ${PANE_HEIGHT}`}
        />
      )}
    </div>
  );
}
