import { type CustomerOffer } from '@grip/domain';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LazyDialogBody } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads when the dialog first opens, or ahead of it. */
const ModifiedOfferForm = preloadable('modified-offer-form', () =>
  import('./modified-offer-form').then((m) => ({ default: m.ModifiedOfferForm })),
);

/** Fetches the form's code ahead of a click (on hover or focus of what opens the dialog). */
export const preloadModifiedOfferForm = () => void ModifiedOfferForm.preload().catch(() => undefined);

interface ModifiedOfferDialogProps {
  offer: CustomerOffer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** Modified Offer (spec 2, §5 "Counter offer"): the current offer, then the customer's own terms. */
export function ModifiedOfferDialog({
  offer,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ModifiedOfferDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        {/* Mounted only while open: each opening starts empty, and closing cancels its uploads. */}
        {open ? (
          <LazyDialogBody title="Modified Offer">
            <ModifiedOfferForm offer={offer} onClose={() => onOpenChange(false)} />
          </LazyDialogBody>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
