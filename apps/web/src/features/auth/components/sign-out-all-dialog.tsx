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

interface SignOutAllDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  isPending: boolean;
}

/** Confirms signing out everywhere, since it also ends sessions on the user's other devices. */
export function SignOutAllDialog({ open, onOpenChange, onConfirm, isPending }: SignOutAllDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sign out of all devices?</DialogTitle>
          <DialogDescription>
            You'll be signed out here and on every other phone, tablet or computer where you use Grip.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" isLoading={isPending} onClick={onConfirm}>
            Sign out of all devices
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
