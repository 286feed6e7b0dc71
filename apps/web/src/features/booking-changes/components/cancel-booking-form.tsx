import {
  CANCELLATION_NOTE_MAX_LENGTH,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  CancelBookingInputSchema,
  cancelConsequences,
  CHANGE_MESSAGES,
} from '@grip/domain';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useNow } from '@/lib/use-now';
import { formSchema, useZodForm } from '@/lib/use-zod-form';
import { useCancelBooking } from '../api/booking-changes-api';
import { type CancelBookingDialogProps } from './cancel-booking-dialog';

export function CancelForm({
  responseId,
  viewer,
  title,
  agreedTime,
  onClose,
}: CancelBookingDialogProps & { onClose: () => void }) {
  const now = useNow();
  // The server's schema: the same reasons, limits and words.
  const schema = formSchema(
    (v: { reason: string; note: string }) => ({ ...v, seenTime: agreedTime }),
    CancelBookingInputSchema,
  );
  const form = useZodForm(schema, { defaultValues: { reason: '', note: '' } });
  const { errors, isSubmitting } = form.formState;
  const [reason, note] = useWatch({ control: form.control, name: ['reason', 'note'] });
  const cancel = useCancelBooking(responseId, onClose);
  const isSending = isSubmitting || cancel.isPending;
  // A failure is the mutation's toast.
  const onSubmit = form.submit((data) => cancel.mutateAsync(data));

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{CHANGE_MESSAGES.cancelTitle}</DialogTitle>
        <DialogDescription>{title}</DialogDescription>
      </DialogHeader>
      <ul className="grid list-disc gap-1 pl-5 text-sm" data-testid="cancel-consequences">
        {cancelConsequences(viewer, agreedTime, now).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Field label="Reason" error={errors.reason?.message}>
        <NativeSelect disabled={isSending} {...form.register('reason', { deps: 'note' })}>
          <option value="">Choose a reason</option>
          {CANCELLATION_REASONS.map((r) => (
            <option key={r} value={r}>
              {CANCELLATION_REASON_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        label={reason === 'other' ? 'Tell them why' : 'Anything to add (optional)'}
        hint={`${note.length}/${CANCELLATION_NOTE_MAX_LENGTH}`}
        error={errors.note?.message}
      >
        <Textarea
          rows={3}
          maxLength={CANCELLATION_NOTE_MAX_LENGTH}
          disabled={isSending}
          {...form.register('note')}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={isSending}>
          {CHANGE_MESSAGES.cancelKeep}
        </Button>
        <Button type="submit" variant="destructive" isLoading={isSending}>
          {CHANGE_MESSAGES.cancelConfirm}
        </Button>
      </DialogFooter>
    </form>
  );
}
