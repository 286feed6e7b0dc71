import {
  DECISION_SIDES,
  DISPUTE_DECISIONS,
  DISPUTE_MESSAGES,
  DISPUTE_TEXT_MAX_LENGTH,
  DisputeDecisionInputSchema,
  type DisputeDecision,
  type DisputeDecisionInput,
  type DisputeView,
} from '@grip/domain';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { formSchema, useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useDecideDispute } from '../api/disputes-api';

const SIDE_LABELS: Record<DisputeDecision, string> = {
  for_customer: 'For the customer',
  for_business: 'For the business',
};

/**
 * An administrator's decision: for which side, and a note both sides see (the server's schema and
 * words). Deciding ends the dispute for good, so it is confirmed first.
 */
export function DecideDisputeForm({ dispute }: { dispute: DisputeView }) {
  const schema = formSchema(
    (v: { outcome: string; note: string }) => ({
      seenStatus: dispute.status,
      outcome: v.outcome || undefined,
      note: v.note,
    }),
    DisputeDecisionInputSchema,
  );
  const form = useZodForm(schema, { defaultValues: { outcome: '', note: '' } });
  const { errors } = form.formState;
  const [outcome, note] = useWatch({ control: form.control, name: ['outcome', 'note'] });
  const [confirming, setConfirming] = useState<DisputeDecisionInput | null>(null);
  const decide = useDecideDispute(dispute.id, () => setConfirming(null));
  const groupId = useId();
  // Deciding ends the dispute for good: a valid form asks to confirm first.
  const onSubmit = form.submit((data) => setConfirming(data));

  return (
    <form className="grid gap-3 rounded-lg border border-border p-4" onSubmit={onSubmit} noValidate>
      <h3 className="text-base font-semibold">{DISPUTE_MESSAGES.decideTitle}</h3>
      <p className="text-sm text-muted-foreground">{DISPUTE_MESSAGES.decideHint}</p>
      <fieldset className="grid gap-2" aria-describedby={errors.outcome ? `${groupId}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Decision</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {DISPUTE_DECISIONS.map((side) => (
            <label
              key={side}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border border-input bg-background p-3 text-sm font-medium',
                outcome === side && 'border-primary ring-1 ring-primary',
              )}
            >
              <input
                type="radio"
                value={side}
                aria-invalid={errors.outcome ? true : undefined}
                className="accent-primary"
                {...form.register('outcome')}
              />
              {SIDE_LABELS[side]}
            </label>
          ))}
        </div>
        {errors.outcome ? (
          <p id={`${groupId}-error`} className="text-sm font-medium text-destructive">
            {errors.outcome.message}
          </p>
        ) : null}
      </fieldset>
      <Field
        label={DISPUTE_MESSAGES.noteLabel}
        hint={`${note.length}/${DISPUTE_TEXT_MAX_LENGTH}`}
        error={errors.note?.message}
      >
        <Textarea rows={4} maxLength={DISPUTE_TEXT_MAX_LENGTH} {...form.register('note')} />
      </Field>
      <Button type="submit" className="justify-self-start">
        {DISPUTE_MESSAGES.decideButton}
      </Button>
      <Dialog open={confirming !== null} onOpenChange={(open) => (open ? undefined : setConfirming(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{DISPUTE_MESSAGES.decideTitle}</DialogTitle>
            <DialogDescription>
              {confirming ? DISPUTE_MESSAGES.confirmDecision(DECISION_SIDES[confirming.outcome]) : null}
            </DialogDescription>
          </DialogHeader>
          {confirming ? (
            <blockquote className="border-l-2 border-border pl-3 text-sm break-words whitespace-pre-line">
              {confirming.note}
            </blockquote>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={decide.isPending}>
              Back
            </Button>
            <Button isLoading={decide.isPending} onClick={() => confirming && decide.mutate(confirming)}>
              {confirming
                ? `Decide ${SIDE_LABELS[confirming.outcome].toLowerCase()}`
                : DISPUTE_MESSAGES.decideButton}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
