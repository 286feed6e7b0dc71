import { formatDateTime, QUEUED_MESSAGE_TEXTS, type ConversationMessage } from '@grip/domain';
import { CloudOff } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { PendingMessage } from '../hooks/use-send-message';
import {
  enqueueMessage,
  markQueuedMessage,
  queuedMessages,
  removeQueuedMessage,
} from '../queue/queued-messages';
import { messageTime } from '../thread';

const TYPE_LABEL: Record<string, string> = { counter_offer: 'Counter offer', completion: 'Completion' };

interface MessageItemProps {
  message: ConversationMessage | PendingMessage;
  /** A day separator above the message ('Today', 'Mar 3, 2026'), when it starts a new day. */
  day: string | null;
  /** An attachment finished loading: the thread may need to scroll to stay at the bottom. */
  onMediaLoad?: () => void;
}

const isPending = (message: ConversationMessage | PendingMessage): message is PendingMessage =>
  'clientId' in message;

/** One message: sender, time, text with its line breaks, and images that open in a new tab. */
export function MessageItem({ message, day, onMediaLoad }: MessageItemProps) {
  const pending = isPending(message);
  const mine = pending || message.fromMe;
  const sender = mine ? 'You' : message.senderName;
  const type = pending ? undefined : TYPE_LABEL[message.messageType];
  return (
    <li className="grid gap-2" data-pending={pending || undefined}>
      {day ? (
        <p className="flex items-center gap-2 text-xs font-medium text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
          {day}
        </p>
      ) : null}
      <div
        className={cn(
          'grid max-w-[85%] gap-1 rounded-lg px-3 py-2 text-sm',
          mine ? 'justify-self-end bg-primary/10' : 'justify-self-start bg-muted',
          pending && 'border border-dashed border-primary/40',
        )}
      >
        <p className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">{sender}</span>
          {type ? ` · ${type}` : ''} ·{' '}
          <time dateTime={message.createdAt} title={formatDateTime(new Date(message.createdAt))}>
            {messageTime(message.createdAt)}
          </time>
        </p>
        {message.message ? <p className="break-words whitespace-pre-wrap">{message.message}</p> : null}
        {message.attachments.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {message.attachments.map((url, index) => (
              <a
                key={`${index}-${url}`}
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open image ${index + 1} from ${sender} in a new tab`}
                className="block overflow-hidden rounded-md border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <img
                  src={url}
                  alt=""
                  loading="lazy"
                  width={96}
                  height={96}
                  onLoad={onMediaLoad}
                  className="size-24 object-cover"
                />
              </a>
            ))}
          </div>
        ) : null}
        {pending ? <PendingState message={message} /> : null}
      </div>
    </li>
  );
}

/** Under a message not sent yet: sending, waiting for a connection, or refused with the reason. */
function PendingState({ message }: { message: PendingMessage }) {
  if (!message.queued) return <p className="text-xs text-muted-foreground">Sending…</p>;
  if (!message.refusal) {
    return (
      <p className="flex items-center gap-1 text-xs text-muted-foreground">
        <CloudOff aria-hidden="true" className="size-3.5 shrink-0" />
        {QUEUED_MESSAGE_TEXTS.waiting}
      </p>
    );
  }
  const remove = () => {
    const kept = queuedMessages().find((m) => m.clientId === message.clientId);
    removeQueuedMessage(message.clientId);
    if (kept) toast('Message removed', { action: { label: 'Undo', onClick: () => enqueueMessage(kept) } });
  };
  return (
    <div className="grid gap-1 text-xs">
      <p className="text-destructive">
        {QUEUED_MESSAGE_TEXTS.refused}: {message.refusal}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={() => markQueuedMessage(message.clientId, undefined)}>
          {QUEUED_MESSAGE_TEXTS.retry}
        </Button>
        <Button size="sm" variant="ghost" onClick={remove}>
          {QUEUED_MESSAGE_TEXTS.remove}
        </Button>
      </div>
    </div>
  );
}
