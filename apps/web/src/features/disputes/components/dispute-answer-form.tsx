import {
  DISPUTE_ANSWER_KINDS,
  DISPUTE_MESSAGES,
  DISPUTE_TEXT_MAX_LENGTH,
  DisputeAnswerInputSchema,
  type DisputeView,
} from '@grip/domain';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { formSchema, useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useAnswerDispute } from '../api/disputes-api';

/**
 * The business's answer to a contest: "Offer to fix it" or "Explain", and its own words (the same
 * schema, limits and messages as the server). It names the status the business saw.
 */
export function DisputeAnswerForm({ dispute }: { dispute: DisputeView }) {
  const schema = formSchema(
    (v: { kind: string; text: string }) => ({
      seenStatus: dispute.status,
      kind: v.kind || undefined,
      text: v.text,
    }),
    DisputeAnswerInputSchema,
  );
  const form = useZodForm(schema, { defaultValues: { kind: '', text: '' } });
  const { errors, isSubmitting } = form.formState;
  const [kind, text] = useWatch({ control: form.control, name: ['kind', 'text'] });
  const answer = useAnswerDispute(dispute.id);
  const isSending = isSubmitting || answer.isPending;
  const groupId = useId();
  // A failure is the mutation's toast.
  const onSubmit = form.submit((data) => answer.mutateAsync(data));

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
                value={k}
                disabled={isSending}
                aria-invalid={errors.kind ? true : undefined}
                className="mt-0.5 accent-primary"
                {...form.register('kind')}
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
            {errors.kind.message}
          </p>
        ) : null}
      </fieldset>
      <Field
        label={DISPUTE_MESSAGES.answerLabel}
        hint={`${text.length}/${DISPUTE_TEXT_MAX_LENGTH}`}
        error={errors.text?.message}
      >
        <Textarea
          rows={4}
          maxLength={DISPUTE_TEXT_MAX_LENGTH}
          disabled={isSending}
          {...form.register('text')}
        />
      </Field>
      <Button type="submit" className="justify-self-start" isLoading={isSending}>
        {DISPUTE_MESSAGES.answerButton}
      </Button>
    </form>
  );
}
