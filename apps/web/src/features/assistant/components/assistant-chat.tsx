import { assistantOptionLabel, type CreatedRequest } from '@grip/domain';
import { SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { Chip } from '../conversation';
import { useAssistant } from '../hooks/use-assistant';
import { usePrefersReducedMotion } from '../hooks/use-rotation';
import { CategoryCarousel } from './category-carousel';
import { ChatMessageBubble, TypingIndicator } from './chat-message';
import { ExamplePrompts } from './example-prompts';

export interface AssistantChatProps {
  variant: 'customer' | 'guest';
  /** The 'categories' hand-off: a category was picked, open the form with it. */
  onOpenForm?: (prefill: { serviceType?: string; serviceSubtype?: string | null }) => void;
  /** Called 1.5 s after 'Request submitted!' with what the server created. */
  onSubmitted?: (created: CreatedRequest) => void;
}

const optionLabel = assistantOptionLabel;

/**
 * The request assistant (spec 2 §4): describe a need, see the counted local market, answer a few
 * questions, confirm, and the request is really sent (a guest signs in first). Used on the customer
 * home and, as a guest, on the landing page.
 */
export function AssistantChat({ variant, onOpenForm, onSubmitted }: AssistantChatProps) {
  const { messages, state, isTyping, canSend, send, choose } = useAssistant({ variant, onSubmitted });
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const inputId = useId();
  const headingId = useId();

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, isTyping]);

  const submit = (value: string) => {
    if (send(value)) {
      setText('');
      inputRef.current?.focus();
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(text);
  };

  const pickCategory = (category: string) => {
    if (onOpenForm) onOpenForm({ serviceType: category, serviceSubtype: null });
    else submit(category);
  };

  const last = messages[messages.length - 1];
  const activeId = last?.role === 'assistant' && !isTyping ? last.id : null;
  const providerCount = state.analysis?.providerCount ?? null;
  const showPrompts = state.stage === 'describe' || state.stage === 'done';

  const renderChips = (chips: Chip[]) => (
    <ul className="flex flex-wrap gap-2" aria-label="Suggested replies">
      {chips.map((chip) => (
        <li key={chip.label}>
          <button
            type="button"
            className={buttonClasses({
              variant: 'outline',
              size: 'sm',
              className: 'h-auto min-h-8 max-w-full py-1 text-left whitespace-normal',
            })}
            onClick={() => submit(chip.value)}
          >
            {chip.label}
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-lg border border-border bg-background p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-base font-semibold">
        Request assistant
      </h2>
      <div
        ref={logRef}
        className="grid max-h-[28rem] min-h-40 content-start gap-3 overflow-y-auto overscroll-contain pr-1"
      >
        <div
          role="log"
          aria-live="polite"
          aria-label="Conversation with the assistant"
          className="grid gap-3"
        >
          {messages.map((message) => (
            <ChatMessageBubble key={message.id} message={message}>
              {message.id === activeId && message.options && state.stage === 'options' ? (
                <div className="flex flex-wrap gap-2">
                  {message.options.map((option, index) => (
                    <Button
                      key={option}
                      size="sm"
                      variant={index === 0 ? 'primary' : 'outline'}
                      onClick={() => {
                        choose(option, optionLabel(option, providerCount));
                        inputRef.current?.focus();
                      }}
                    >
                      {optionLabel(option, providerCount)}
                    </Button>
                  ))}
                </div>
              ) : null}
              {message.id === activeId && message.chips && message.chips.length > 0
                ? renderChips(message.chips)
                : null}
            </ChatMessageBubble>
          ))}
        </div>
        {isTyping ? <TypingIndicator /> : null}
      </div>

      <form onSubmit={onFormSubmit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Message the assistant
        </label>
        <Input
          id={inputId}
          ref={inputRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Describe what you need…"
          autoComplete="off"
          maxLength={2000}
        />
        <Button type="submit" aria-disabled={!canSend || !text.trim() || undefined} className="shrink-0">
          <SendHorizontal aria-hidden="true" className="size-4" />
          Send
        </Button>
      </form>

      {showPrompts ? <ExamplePrompts onPick={submit} isPaused={reducedMotion || text.length > 0} /> : null}
      <CategoryCarousel onPick={pickCategory} />
    </section>
  );
}
