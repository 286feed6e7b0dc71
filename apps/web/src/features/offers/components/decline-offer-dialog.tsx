import { CUSTOMER_OFFER_MESSAGES } from '@grip/domain';
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

interface DeclineOfferDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  isPending: boolean;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Declining cannot be undone (spec 2: Decline with a confirmation dialog), so it is asked first. */
export function DeclineOfferDialog({
  open,
  onOpenChange,
  onConfirm,
  isPending,
  onCloseAutoFocus,
}: DeclineOfferDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (isPending ? undefined : onOpenChange(next))}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{CUSTOMER_OFFER_MESSAGES.declineConfirmTitle}</DialogTitle>
          <DialogDescription>{CUSTOMER_OFFER_MESSAGES.declineConfirmText}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={isPending}>
              Keep Offer
            </Button>
          </DialogClose>
          <Button variant="destructive" isLoading={isPending} onClick={onConfirm}>
            Decline Offer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
