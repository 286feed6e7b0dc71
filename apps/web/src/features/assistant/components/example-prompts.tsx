import {
  ASSISTANT_EXAMPLE_PROMPTS,
  ASSISTANT_PROMPT_ROTATION_MS,
  ASSISTANT_PROMPTS_SHOWN,
  rotatingWindow,
} from '@grip/domain';
import { Lightbulb } from 'lucide-react';
import { useId } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { useRotation } from '../hooks/use-rotation';

const PAGE_COUNT = Math.ceil(ASSISTANT_EXAMPLE_PROMPTS.length / ASSISTANT_PROMPTS_SHOWN);

/**
 * Three sample needs at a time, changing every 7 s (spec 2 §9). Rotation stops while the customer is
 * typing or prefers reduced motion, so nothing moves under their eyes or pointer.
 */
export function ExamplePrompts({
  onPick,
  isPaused,
}: {
  onPick: (prompt: string) => void;
  isPaused: boolean;
}) {
  const [page] = useRotation(PAGE_COUNT, ASSISTANT_PROMPT_ROTATION_MS, !isPaused);
  const prompts = rotatingWindow(ASSISTANT_EXAMPLE_PROMPTS, page, ASSISTANT_PROMPTS_SHOWN);
  const labelId = useId();
  return (
    <div className="grid gap-2" data-testid="example-prompts">
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground" id={labelId}>
        <Lightbulb aria-hidden="true" className="size-4" />
        Try one of these
      </p>
      <ul className="flex flex-wrap gap-2" aria-labelledby={labelId}>
        {prompts.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              className={buttonClasses({
                variant: 'outline',
                size: 'sm',
                className: 'h-auto min-h-8 py-1 text-left whitespace-normal',
              })}
              onClick={() => onPick(prompt)}
            >
              {prompt}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
