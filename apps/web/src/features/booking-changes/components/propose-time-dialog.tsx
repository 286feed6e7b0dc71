import {
  CHANGE_MESSAGES,
  localIsoDate,
  OFFER_TIME_SLOTS,
  ProposeRescheduleInputSchema,
  RESCHEDULE_NOTE_MAX_LENGTH,
  agreedTimeLabel,
  type AgreedTime,
} from '@grip/domain';
import { useState, type FormEvent } from 'react';
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
import { Input } from '@/components/ui/input';
import { NativeSelect, PlainOptions } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useProposeNewTime } from '../api/booking-changes-api';

interface ProposeTimeDialogProps {
  responseId: string;
  agreedTime: AgreedTime;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Propose New Time (issue 32): a date from today, an optional hour, a note; the other party answers. */
export function ProposeTimeDialog(props: ProposeTimeDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        {props.open ? <ProposeForm {...props} onClose={() => props.onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type Errors = Partial<Record<'date' | 'time' | 'note', string>>;

function ProposeForm({ responseId, agreedTime, onClose }: ProposeTimeDialogProps & { onClose: () => void }) {
  const today = localIsoDate(new Date());
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const propose = useProposeNewTime(responseId, onClose);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (propose.isPending) return;
    if (date && date < today) {
      setErrors({ date: CHANGE_MESSAGES.dateInPast });
      return;
    }
    const parsed = ProposeRescheduleInputSchema.safeParse({
      date,
      time: time || null,
      note,
      seenTime: agreedTime,
    });
    if (!parsed.success) {
      const byField: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'date' || field === 'time' || field === 'note') byField[field] ??= issue.message;
      }
      setErrors(byField);
      return;
    }
    propose.mutate(parsed.data);
  };

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
        <Field label="New date" error={errors.date}>
          <Input
            type="date"
            min={today}
            value={date}
            disabled={propose.isPending}
            onChange={(e) => {
              setDate(e.currentTarget.value);
              setErrors({});
            }}
          />
        </Field>
        <Field label="New time" error={errors.time}>
          <NativeSelect
            value={time}
            disabled={propose.isPending}
            onChange={(e) => {
              setTime(e.currentTarget.value);
              setErrors({});
            }}
          >
            <PlainOptions values={OFFER_TIME_SLOTS} noneLabel="Any time that day" />
          </NativeSelect>
        </Field>
      </div>
      <Field
        label="Note (optional)"
        hint={`${note.length}/${RESCHEDULE_NOTE_MAX_LENGTH}`}
        error={errors.note}
      >
        <Textarea
          value={note}
          rows={3}
          maxLength={RESCHEDULE_NOTE_MAX_LENGTH}
          disabled={propose.isPending}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={propose.isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={propose.isPending}>
          {CHANGE_MESSAGES.proposeButton}
        </Button>
      </DialogFooter>
    </form>
  );
}
