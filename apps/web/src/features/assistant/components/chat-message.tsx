import { Bot } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { ChatMessage } from '../hooks/use-assistant';

/** One message of the chat: the assistant's on the left, the customer's on the right. */
export function ChatMessageBubble({ message, children }: { message: ChatMessage; children?: ReactNode }) {
  const isAssistant = message.role === 'assistant';
  return (
    <div className={cn('flex gap-2', isAssistant ? 'justify-start' : 'justify-end')}>
      {isAssistant ? (
        <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Bot aria-hidden="true" className="size-4" />
        </span>
      ) : null}
      <div
        className={cn('grid max-w-[85%] gap-2', isAssistant ? 'justify-items-start' : 'justify-items-end')}
      >
        <p
          data-role={message.role}
          className={cn(
            'rounded-lg px-3 py-2 text-sm whitespace-pre-line',
            isAssistant
              ? 'rounded-tl-sm bg-muted text-foreground'
              : 'rounded-tr-sm bg-primary text-primary-foreground',
            message.tone === 'error' &&
              'border border-destructive/40 bg-danger-surface text-danger-foreground',
          )}
        >
          <span className="sr-only">{isAssistant ? 'Assistant: ' : 'You: '}</span>
          {message.text}
        </p>
        {children}
      </div>
    </div>
  );
}

export function TypingIndicator() {
  return (
    <div className="flex items-center gap-2" role="status" data-testid="assistant-typing">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Bot aria-hidden="true" className="size-4" />
      </span>
      <span className="flex gap-1 rounded-lg rounded-tl-sm bg-muted px-3 py-3" aria-hidden="true">
        <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground motion-reduce:animate-none" />
        <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:150ms] motion-reduce:animate-none" />
        <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:300ms] motion-reduce:animate-none" />
      </span>
      <span className="sr-only">The assistant is typing…</span>
    </div>
  );
}
