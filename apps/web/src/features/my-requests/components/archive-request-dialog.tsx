import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

interface ArchiveRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  requestTitle: string;
  onConfirm: () => void;
  isPending: boolean;
}

/** Archiving hides the request from businesses too, so it is confirmed first. */
export function ArchiveRequestDialog({
  open,
  onOpenChange,
  requestTitle,
  onConfirm,
  isPending,
}: ArchiveRequestDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Archive this request?</DialogTitle>
          <DialogDescription>
            “{requestTitle}” will move to Archived requests and businesses will no longer see it. You can
            restore it at any time.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" isLoading={isPending} onClick={onConfirm}>
            Archive request
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
