import { type CounterOfferData, type Opportunity } from '@grip/domain';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LazyDialogBody } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads when the dialog first opens, or ahead of it. */
const CounterOfferForm = preloadable('counter-offer-form', () =>
  import('./counter-offer-form').then((m) => ({ default: m.CounterOfferForm })),
);

/** Fetches the form's code ahead of a click (on hover or focus of what opens the dialog). */
export const preloadCounterOfferForm = () => void CounterOfferForm.preload().catch(() => undefined);

export interface CounterOfferDialogProps {
  opportunity: Opportunity;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (input: CounterOfferData) => void;
  isPending: boolean;
  /** The server's words when it refused the offer because the customer changed the request. */
  refusal?: string | null;
}

/**
 * Edit Offer: a new price, availability date and hour and message sent to the customer as a counter
 * offer. Price, date and hour start as the current offer (a date already past starts empty, since it
 * could not be sent); the message starts empty, as it is what the customer reads with the new terms.
 *
 * The new offer answers the request as this dialog shows it (decision 019): it names the request's
 * version as held since the dialog opened, and shows the request when the customer changed it after
 * the quote, or changes it while the dialog is open (then with the words, before a fresh send).
 */
export function CounterOfferDialog(props: CounterOfferDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts empty. */}
        {props.open ? (
          <LazyDialogBody title="Edit Offer">
            <CounterOfferForm {...props} />
          </LazyDialogBody>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
