import { CALENDAR_MESSAGES as M } from '@grip/domain';
import { Button, type ButtonVariant } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

interface ConfirmFeedChangeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What happens to the link in use: the reason to ask first. */
  consequence: string;
  confirmLabel: string;
  confirmVariant: ButtonVariant;
  isPending: boolean;
  onConfirm: () => void;
}

/** Resetting or turning off the feed breaks the link calendars hold: said, then confirmed. */
export function ConfirmFeedChangeDialog({
  open,
  onOpenChange,
  title,
  consequence,
  confirmLabel,
  confirmVariant,
  isPending,
  onConfirm,
}: ConfirmFeedChangeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{consequence}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={isPending}>
              {M.cancel}
            </Button>
          </DialogClose>
          <Button variant={confirmVariant} isLoading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
