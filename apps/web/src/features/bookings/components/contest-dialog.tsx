import {
  BOOKING_MESSAGES,
  CONTEST_REASON_MAX_LENGTH,
  ContestInputSchema,
  type CustomerBooking,
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
import { Textarea } from '@/components/ui/textarea';
import { useContestCompletion } from '../api/use-contest-completion';

interface ContestDialogProps {
  booking: CustomerBooking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Contest completion' (PRODUCT-DECISIONS "Contest"): the customer's reason, sent within 24 h; a
 * review they already left is withdrawn until the dispute ends, and they are told so.
 */
export function ContestDialog({ booking, open, onOpenChange }: ContestDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts with an empty reason. */}
        {open ? <ContestForm booking={booking} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ContestForm({ booking, onClose }: { booking: CustomerBooking; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const contest = useContestCompletion(booking.responseId, onClose);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (contest.isPending) return;
    // The domain schema is the server's too: the same minimum, maximum and messages.
    const parsed = ContestInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? BOOKING_MESSAGES.contestReasonTooShort);
      return;
    }
    contest.mutate(parsed.data);
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{BOOKING_MESSAGES.contestTitle}</DialogTitle>
        <DialogDescription>{BOOKING_MESSAGES.contestHint}</DialogDescription>
      </DialogHeader>
      <p className="rounded-md bg-muted px-3 py-2 text-sm">
        <span className="font-medium">{booking.request.title}</span>
        <span className="text-muted-foreground"> · {booking.business.name}</span>
      </p>
      {/* Contesting withdraws the customer's review of the job (the server deletes it in the same step). */}
      {booking.myRating !== null ? (
        <p className="rounded-md border border-border px-3 py-2 text-sm" data-testid="review-withdrawn-note">
          {BOOKING_MESSAGES.contestWithdrawsReview}
        </p>
      ) : null}
      <Field
        label="What is wrong with the work?"
        hint={`${reason.length}/${CONTEST_REASON_MAX_LENGTH}`}
        error={error}
      >
        <Textarea
          value={reason}
          rows={5}
          maxLength={CONTEST_REASON_MAX_LENGTH}
          disabled={contest.isPending}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={contest.isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={contest.isPending}>
          Contest Completion
        </Button>
      </DialogFooter>
    </form>
  );
}
