import { CHANGE_MESSAGES, type AgreedTime, type BookingParty } from '@grip/domain';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LazyDialogBody } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads when the dialog first opens, or ahead of it. */
const CancelForm = preloadable('cancel-booking-form', () =>
  import('./cancel-booking-form').then((m) => ({ default: m.CancelForm })),
);

/** Fetches the form's code ahead of a click (on hover or focus of what opens the dialog). */
export const preloadCancelForm = () => void CancelForm.preload().catch(() => undefined);

export interface CancelBookingDialogProps {
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
        {props.open ? (
          <LazyDialogBody title={CHANGE_MESSAGES.cancelTitle}>
            <CancelForm {...props} onClose={() => props.onOpenChange(false)} />
          </LazyDialogBody>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
