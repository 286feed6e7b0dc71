import { type ReportTarget } from '@grip/domain';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LazyDialogBody } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads on first opening, or on a hover of the opener. */
const ReportForm = preloadable('report-form', () =>
  import('./report-form').then((m) => ({ default: m.ReportForm })),
);

/** Fetches the form's code ahead of a click (on hover or focus of what opens the dialog). */
export const preloadReportForm = () => void ReportForm.preload().catch(() => undefined);

/** One thing the dialog can report: an account, a message, a request or a review. */
export interface ReportTargetOption {
  kind: ReportTarget;
  id: string;
  /** How it reads in the "What are you reporting?" list. */
  label: string;
}

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What may be reported from here; with more than one, the reporter chooses. */
  targets: readonly ReportTargetOption[];
}

/**
 * Report (issue 32): what, why from a short list, and words of one's own ("Something else" needs
 * them). The reported person is not told who reported them; an administrator reads it.
 */
export function ReportDialog(props: ReportDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        {/* Mounted only while open, so each opening starts empty. */}
        {props.open ? (
          <LazyDialogBody title={props.title}>
            <ReportForm {...props} onClose={() => props.onOpenChange(false)} />
          </LazyDialogBody>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
