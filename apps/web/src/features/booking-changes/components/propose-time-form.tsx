import {
  CHANGE_MESSAGES,
  localIsoDate,
  OFFER_TIME_SLOTS,
  ProposeRescheduleInputSchema,
  RESCHEDULE_NOTE_MAX_LENGTH,
  agreedTimeLabel,
  type AgreedTime,
} from '@grip/domain';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect, PlainOptions } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { formSchema, useZodForm } from '@/lib/use-zod-form';
import { useProposeNewTime } from '../api/booking-changes-api';
import { type ProposeTimeDialogProps } from './propose-time-dialog';

interface ProposeValues {
  date: string;
  time: string;
  note: string;
}

/** The server's schema, and a date from the viewer's today on (the server allows any zone's today). */
function proposeSchema(today: string, seenTime: AgreedTime) {
  return formSchema(
    (v: ProposeValues) => ({ date: v.date, time: v.time || null, note: v.note, seenTime }),
    ProposeRescheduleInputSchema.refine((input) => input.date >= today, {
      message: CHANGE_MESSAGES.dateInPast,
      path: ['date'],
    }),
  );
}

export function ProposeForm({
  responseId,
  agreedTime,
  onClose,
}: ProposeTimeDialogProps & { onClose: () => void }) {
  const today = localIsoDate(new Date());
  const form = useZodForm(proposeSchema(today, agreedTime), {
    defaultValues: { date: '', time: '', note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const note = useWatch({ control: form.control, name: 'note' });
  const propose = useProposeNewTime(responseId, onClose);
  const isSending = isSubmitting || propose.isPending;
  // A failure is the mutation's toast.
  const onSubmit = form.submit((data) => propose.mutateAsync(data));

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{CHANGE_MESSAGES.proposeTitle}</DialogTitle>
        <DialogDescription>{CHANGE_MESSAGES.proposeHint}</DialogDescription>
      </DialogHeader>
      <p className="rounded-md bg-muted px-3 py-2 text-sm">
        Booked for <span className="font-medium">{agreedTimeLabel(agreedTime)}</span>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="New date" error={errors.date?.message}>
          <Input type="date" min={today} disabled={isSending} {...form.register('date')} />
        </Field>
        <Field label="New time" error={errors.time?.message}>
          <NativeSelect disabled={isSending} {...form.register('time')}>
            <PlainOptions values={OFFER_TIME_SLOTS} noneLabel="Any time that day" />
          </NativeSelect>
        </Field>
      </div>
      <Field
        label="Note (optional)"
        hint={`${note.length}/${RESCHEDULE_NOTE_MAX_LENGTH}`}
        error={errors.note?.message}
      >
        <Textarea
          rows={3}
          maxLength={RESCHEDULE_NOTE_MAX_LENGTH}
          disabled={isSending}
          {...form.register('note')}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={isSending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSending}>
          {CHANGE_MESSAGES.proposeButton}
        </Button>
      </DialogFooter>
    </form>
  );
}
