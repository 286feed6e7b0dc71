import { AlertDialog } from 'radix-ui';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { NotesField } from './notes-field';

interface ConfirmCompleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customerName: string;
  /** Proof photos that go with the completion message. */
  photoCount: number;
  /** Notes written for the customer: the only notes the completion message carries. */
  completionNotes: string;
  onCompletionNotesChange: (notes: string) => void;
  isPending: boolean;
  onConfirm: () => void;
}

/** What the customer receives, in plain words, so nothing is sent by surprise. */
export function completionReceipt(customerName: string, photoCount: number, hasNotes: boolean): string {
  const extras = [
    photoCount > 0 ? `your ${photoCount} proof ${photoCount === 1 ? 'photo' : 'photos'}` : null,
    hasNotes ? 'your completion notes' : null,
  ].filter(Boolean);
  const carrying = extras.length > 0 ? `, with ${extras.join(' and ')}` : '';
  return `${customerName} will get a message in your conversation saying the job is complete${carrying}, and will have 24 hours to review and contest the completion.`;
}

/**
 * Mark Job Complete is final and starts the 24-hour contest window, so it is confirmed first. The
 * dialog says what the customer receives; the private Work Notes & Progress never go with it, only the
 * completion notes written here.
 *
 * Built on Radix AlertDialog directly (the one alert dialog so far; components/ui has none). The
 * confirm button is a plain button, not AlertDialog.Action, so the dialog stays open while the
 * completion is sent and after a failure; the caller closes it on success.
 */
export function ConfirmCompleteDialog({
  open,
  onOpenChange,
  customerName,
  photoCount,
  completionNotes,
  onCompletionNotesChange,
  isPending,
  onConfirm,
}: ConfirmCompleteDialogProps) {
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        // Esc and Cancel wait while the completion is being sent.
        if (!isPending) onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 grid max-h-[90dvh] gap-4 overflow-y-auto rounded-t-xl bg-background p-5 shadow-lg',
            'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg',
            'data-[state=open]:animate-fade-in',
          )}
        >
          <div className="grid gap-1.5">
            <AlertDialog.Title className="text-lg font-semibold">Mark this job complete?</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              {completionReceipt(customerName, photoCount, completionNotes.trim() !== '')} This can&apos;t be
              undone.
            </AlertDialog.Description>
          </div>
          <NotesField
            label="Completion notes (optional)"
            hint="Sent to the customer with the completion message. Your Work Notes & Progress stay private."
            value={completionNotes}
            onChange={onCompletionNotesChange}
            placeholder="What was done, anything the customer should know"
            disabled={isPending}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'outline' })} disabled={isPending}>
              Cancel
            </AlertDialog.Cancel>
            <Button disabled={isPending} onClick={onConfirm}>
              {isPending ? 'Completing…' : 'Mark Job Complete'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
