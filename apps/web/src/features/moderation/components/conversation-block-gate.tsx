import { blockedComposerText, MODERATION_MESSAGES } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { conversationBlockQueryOptions, useUnblockAccount } from '../api/blocks-api';

/**
 * The send box, or — while a block stands between the two — the words instead (issue 32): "You
 * blocked this account." with Unblock for the one who did, "You can't message this account." for the
 * other. Until the state is known the send box shows; the server refuses a blocked send either way.
 */
export function ConversationBlockGate({ responseId, children }: { responseId: string; children: ReactNode }) {
  const block = useQuery(conversationBlockQueryOptions(responseId));
  const unblock = useUnblockAccount();
  const text = block.data ? blockedComposerText(block.data) : null;
  if (!block.data || !text) return children;
  return (
    <div
      role="status"
      data-testid="blocked-composer"
      className="flex flex-wrap items-center justify-between gap-2 border-t border-border p-3 text-sm text-muted-foreground"
    >
      <span className="flex items-center gap-2">
        <Ban aria-hidden="true" className="size-4 shrink-0" />
        {text}
      </span>
      {block.data.blockedByMe ? (
        <Button
          variant="outline"
          size="sm"
          isLoading={unblock.isPending}
          onClick={() => unblock.mutate(block.data.otherPartyId)}
        >
          {MODERATION_MESSAGES.unblock}
        </Button>
      ) : null}
    </div>
  );
}
