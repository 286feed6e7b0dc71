import { CHANGE_MESSAGES, type AgreedTime } from '@grip/domain';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LazyDialogBody } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads when the dialog first opens, or ahead of it. */
const ProposeForm = preloadable('propose-time-form', () =>
  import('./propose-time-form').then((m) => ({ default: m.ProposeForm })),
);

/** Fetches the form's code ahead of a click (on hover or focus of what opens the dialog). */
export const preloadProposeForm = () => void ProposeForm.preload().catch(() => undefined);

export interface ProposeTimeDialogProps {
  responseId: string;
  agreedTime: AgreedTime;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Propose New Time (issue 32): a date from today, an optional hour, a note; the other party answers. */
export function ProposeTimeDialog(props: ProposeTimeDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        {props.open ? (
          <LazyDialogBody title={CHANGE_MESSAGES.proposeTitle}>
            <ProposeForm {...props} onClose={() => props.onOpenChange(false)} />
          </LazyDialogBody>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
