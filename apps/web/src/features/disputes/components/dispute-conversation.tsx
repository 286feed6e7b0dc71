import { DISPUTE_CASE_MESSAGE_LIMIT, DISPUTE_MESSAGES, type DisputeCaseMessage } from '@grip/domain';
import { cn } from '@/lib/utils';
import { formatDisputeTime } from '../dispute-display';

const KIND_WORDS: Record<DisputeCaseMessage['messageType'], string | null> = {
  text: null,
  counter_offer: 'Counter offer',
  completion: 'Completion',
};

/** The job's conversation as the parties wrote it, read-only (an administrator reads, never writes). */
export function DisputeConversation({
  messages,
  isTruncated,
}: {
  messages: readonly DisputeCaseMessage[];
  isTruncated: boolean;
}) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">Messages ({messages.length})</h3>
      {isTruncated ? (
        <p className="text-xs text-muted-foreground">
          {DISPUTE_MESSAGES.messagesTruncated(DISPUTE_CASE_MESSAGE_LIMIT)}
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{DISPUTE_MESSAGES.noMessages}</p>
      ) : (
        <ol
          className="grid max-h-[28rem] gap-2 overflow-y-auto rounded-md border border-border p-2"
          aria-label="Messages"
        >
          {messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                'grid max-w-[85%] gap-1 rounded-lg px-3 py-2 text-sm',
                m.from === 'business' ? 'justify-self-end bg-info-surface' : 'justify-self-start bg-muted',
              )}
              data-testid="dispute-message"
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">
                  {m.senderName}
                  {m.from ? ` (${m.from})` : ''}
                </span>
                {KIND_WORDS[m.messageType] ? <span>{KIND_WORDS[m.messageType]}</span> : null}
                <time dateTime={m.createdAt}>{formatDisputeTime(m.createdAt)}</time>
              </p>
              <p className="break-words whitespace-pre-line">{m.message}</p>
              {m.attachments.length > 0 ? (
                <ul className="flex flex-wrap gap-1" aria-label="Attachments">
                  {m.attachments.map((url, i) => (
                    <li key={url}>
                      <a href={url} target="_blank" rel="noreferrer">
                        <img
                          src={url}
                          alt={`Attachment ${i + 1}`}
                          loading="lazy"
                          className="size-16 rounded border border-border object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
