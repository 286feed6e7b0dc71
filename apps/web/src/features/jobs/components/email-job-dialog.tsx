import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LazyDialogBody } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads when the dialog first opens, or ahead of it. */
const EmailJobForm = preloadable('email-job-form', () =>
  import('./email-job-form').then((m) => ({ default: m.EmailJobForm })),
);

/** Fetches the form's code ahead of a click (on hover or focus of what opens the dialog). */
export const preloadEmailJobForm = () => void EmailJobForm.preload().catch(() => undefined);

export interface EmailJobDialogProps {
  jobId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Email Job Details' (spec 3 §2): sends the job sheet to any address through the server's outbox. */
export function EmailJobDialog(props: EmailJobDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts empty. */}
        {props.open ? (
          <LazyDialogBody title="Email Job Details">
            <EmailJobForm {...props} />
          </LazyDialogBody>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
