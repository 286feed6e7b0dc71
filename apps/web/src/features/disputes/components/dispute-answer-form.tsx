import {
  DISPUTE_ANSWER_KINDS,
  DISPUTE_MESSAGES,
  DISPUTE_TEXT_MAX_LENGTH,
  DisputeAnswerInputSchema,
  type DisputeAnswerKind,
  type DisputeView,
} from '@grip/domain';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { useAnswerDispute } from '../api/disputes-api';

/**
 * The business's answer to a contest: "Offer to fix it" or "Explain", and its own words (the same
 * schema, limits and messages as the server). It names the status the business saw.
 */
export function DisputeAnswerForm({ dispute }: { dispute: DisputeView }) {
  const [kind, setKind] = useState<DisputeAnswerKind | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ kind?: string; text?: string }>({});
  const answer = useAnswerDispute(dispute.id);
  const groupId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (answer.isPending) return;
    const parsed = DisputeAnswerInputSchema.safeParse({
      seenStatus: dispute.status,
      kind: kind ?? undefined,
      text,
    });
    if (!parsed.success) {
      const byField: { kind?: string; text?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'kind' ? 'kind' : 'text';
        byField[field] ??= issue.message;
      }
      setErrors(byField);
      return;
    }
    answer.mutate(parsed.data);
  };

  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <fieldset className="grid gap-2" aria-describedby={errors.kind ? `${groupId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">How do you answer?</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {DISPUTE_ANSWER_KINDS.map((k) => (
            <label
              key={k}
              className={cn(
                'flex cursor-pointer items-start gap-2 rounded-md border border-input bg-background p-3 text-sm',
                kind === k && 'border-primary ring-1 ring-primary',
              )}
            >
              <input
                type="radio"
                name={`${groupId}-kind`}
                value={k}
                checked={kind === k}
                disabled={answer.isPending}
                className="mt-0.5 accent-primary"
                onChange={() => {
                  setKind(k);
                  setErrors((e) => ({ ...e, kind: undefined }));
                }}
              />
              <span className="grid gap-0.5">
                <span className="font-medium">{DISPUTE_MESSAGES.answerKindLabels[k]}</span>
                <span className="text-muted-foreground">{DISPUTE_MESSAGES.answerHints[k]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.kind ? (
          <p id={`${groupId}-error`} className="text-sm font-medium text-destructive">
            {errors.kind}
          </p>
        ) : null}
      </fieldset>
      <Field
        label={DISPUTE_MESSAGES.answerLabel}
        hint={`${text.length}/${DISPUTE_TEXT_MAX_LENGTH}`}
        error={errors.text}
      >
        <Textarea
          value={text}
          rows={4}
          maxLength={DISPUTE_TEXT_MAX_LENGTH}
          disabled={answer.isPending}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (errors.text) setErrors((e) => ({ ...e, text: undefined }));
          }}
        />
      </Field>
      <Button type="submit" className="justify-self-start" isLoading={answer.isPending}>
        {DISPUTE_MESSAGES.answerButton}
      </Button>
    </form>
  );
}
