import {
  accountReportLabel,
  MODERATION_MESSAGES,
  messageReportLabel,
  type ConversationMessage,
} from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { Ban, EllipsisVertical, Flag, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { conversationBlockQueryOptions, useUnblockAccount } from '../api/blocks-api';
import { BlockDialog } from './block-dialog';
import { preloadReportForm, ReportDialog, type ReportTargetOption } from './report-dialog';

/** How many of the other party's latest messages the report list offers. */
const REPORTABLE_MESSAGES = 10;

interface ConversationSafetyMenuProps {
  responseId: string;
  /** The thread as shown: the other party's messages among them can be reported. */
  messages: readonly Pick<ConversationMessage, 'id' | 'fromMe' | 'senderId' | 'message' | 'attachments'>[];
}

/**
 * The conversation's overflow menu (issue 32), for both parties: Report — the other party's account
 * or one of their latest messages — and Block (confirmed first) or Unblock.
 */
export function ConversationSafetyMenu({ responseId, messages }: ConversationSafetyMenuProps) {
  const block = useQuery(conversationBlockQueryOptions(responseId));
  const unblock = useUnblockAccount();
  const [dialog, setDialog] = useState<'report' | 'block' | null>(null);
  const other = block.data;

  const targets = useMemo<ReportTargetOption[]>(() => {
    if (!other) return [];
    const theirs = messages
      .filter((m) => !m.fromMe && m.senderId !== null)
      .slice(-REPORTABLE_MESSAGES)
      .reverse()
      .map((m) => ({
        kind: 'message' as const,
        id: m.id,
        label: messageReportLabel(m.message, m.attachments.length),
      }));
    return [
      { kind: 'user', id: other.otherPartyId, label: accountReportLabel(other.otherPartyName) },
      ...theirs,
    ];
  }, [messages, other]);

  // Nothing to offer until the other party is known (a failed read leaves the menu out, not broken).
  if (!other) return null;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={MODERATION_MESSAGES.moreOptions}
          className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'size-8' })}
        >
          <EllipsisVertical aria-hidden="true" className="size-5" />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onFocus={preloadReportForm} onSelect={() => setDialog('report')}>
            <Flag aria-hidden="true" />
            {MODERATION_MESSAGES.report}
          </DropdownMenuItem>
          {other.blockedByMe ? (
            <DropdownMenuItem
              disabled={unblock.isPending}
              onSelect={() => unblock.mutate(other.otherPartyId)}
            >
              <ShieldCheck aria-hidden="true" />
              {MODERATION_MESSAGES.unblock}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem className="text-destructive" onSelect={() => setDialog('block')}>
              <Ban aria-hidden="true" />
              {MODERATION_MESSAGES.block}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportDialog
        open={dialog === 'report'}
        onOpenChange={(open) => setDialog(open ? 'report' : null)}
        title={`Report ${other.otherPartyName}`}
        targets={targets}
      />
      <BlockDialog
        open={dialog === 'block'}
        onOpenChange={(open) => setDialog(open ? 'block' : null)}
        userId={other.otherPartyId}
        name={other.otherPartyName}
      />
    </>
  );
}
