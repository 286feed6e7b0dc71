import {
  CANCELLATION_NOTE_MAX_LENGTH,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  CancelBookingInputSchema,
  cancelConsequences,
  CHANGE_MESSAGES,
  type AgreedTime,
  type BookingParty,
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
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useNow } from '@/lib/use-now';
import { useCancelBooking } from '../api/booking-changes-api';

interface CancelBookingDialogProps {
  responseId: string;
  viewer: BookingParty;
  title: string;
  agreedTime: AgreedTime;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Cancel Booking's confirmation (issue 32): what happens, in the domain's words (the other party is
 * told, the conversation closes, a business's late cancellation is recorded), a reason from the list
 * and words of one's own. The request names the booked time the user saw, so a move meanwhile is
 * refused rather than cancelled unseen.
 */
export function CancelBookingDialog(props: CancelBookingDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts empty. */}
        {props.open ? <CancelForm {...props} onClose={() => props.onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CancelForm({
  responseId,
  viewer,
  title,
  agreedTime,
  onClose,
}: CancelBookingDialogProps & { onClose: () => void }) {
  const now = useNow();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  const cancel = useCancelBooking(responseId, onClose);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (cancel.isPending) return;
    // The server's schema: the same reasons, limits and words.
    const parsed = CancelBookingInputSchema.safeParse({ reason, note, seenTime: agreedTime });
    if (!parsed.success) {
      const byField: { reason?: string; note?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'note' ? 'note' : 'reason';
        byField[field] ??= field === 'reason' ? CHANGE_MESSAGES.reasonRequired : issue.message;
      }
      setErrors(byField);
      return;
    }
    cancel.mutate(parsed.data);
  };

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
      <Field label="Reason" error={errors.reason}>
        <NativeSelect
          value={reason}
          disabled={cancel.isPending}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setErrors({});
          }}
        >
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
        error={errors.note}
      >
        <Textarea
          value={note}
          rows={3}
          maxLength={CANCELLATION_NOTE_MAX_LENGTH}
          disabled={cancel.isPending}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            if (errors.note) setErrors({ ...errors, note: undefined });
          }}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={cancel.isPending}>
          {CHANGE_MESSAGES.cancelKeep}
        </Button>
        <Button type="submit" variant="destructive" isLoading={cancel.isPending}>
          {CHANGE_MESSAGES.cancelConfirm}
        </Button>
      </DialogFooter>
    </form>
  );
}
