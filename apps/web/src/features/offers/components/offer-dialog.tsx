import { lazy, Suspense, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { OfferLoading } from './offer-loading';

/*
 * Only this shell loads with the screens that list responses (My Requests); the dialog's inside,
 * with its forms, uploads and image viewer, loads the first time an offer is opened.
 */
const OfferDialogBody = lazy(() =>
  import('./offer-dialog-body').then((module) => ({ default: module.OfferDialogBody })),
);

interface OfferDialogProps {
  responseId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The element that opens it; focus returns there on close. */
  trigger?: ReactNode;
}

/** The Response detail dialog (spec 2): one business's offer on the customer's request. */
export function OfferDialog({ responseId, open, onOpenChange, trigger }: OfferDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="sm:max-w-2xl">
        {/* Mounted per opening, so the view is reported once each time it opens. */}
        {open ? (
          <Suspense fallback={<OfferLoading />}>
            <OfferDialogBody responseId={responseId} onClose={() => onOpenChange(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
