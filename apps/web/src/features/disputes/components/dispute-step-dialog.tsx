import { ACCEPT_CONSEQUENCES, DISPUTE_MESSAGES, type DisputeStep, type DisputeView } from '@grip/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDisputeStep } from '../api/disputes-api';

interface DisputeStepDialogProps {
  dispute: DisputeView;
  /** The step to confirm; null while closed. */
  step: DisputeStep | null;
  onClose: () => void;
}

/**
 * The confirmation before a step that cannot be taken back: what accepting the answer does to the
 * job, or what escalating to Grip means. The step names the status the screen showed, so a dispute
 * that moved meanwhile is refused rather than acted on unseen.
 */
export function DisputeStepDialog({ dispute, step, onClose }: DisputeStepDialogProps) {
  const send = useDisputeStep(dispute.id, onClose);
  // The step last asked for: the dialog keeps its words while it closes.
  const [shown, setShown] = useState<DisputeStep>('accept');
  if (step !== null && step !== shown) setShown(step);
  const isAccept = (step ?? shown) === 'accept';
  const consequence =
    isAccept && dispute.answer
      ? ACCEPT_CONSEQUENCES[dispute.answer.kind]
      : DISPUTE_MESSAGES.escalateConsequence;
  return (
    <Dialog open={step !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {isAccept ? DISPUTE_MESSAGES.acceptTitle : DISPUTE_MESSAGES.escalateTitle}
          </DialogTitle>
          <DialogDescription>{consequence}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={send.isPending}>
            Not now
          </Button>
          <Button
            isLoading={send.isPending}
            onClick={() => step && send.mutate({ step, seenStatus: dispute.status })}
          >
            {isAccept ? DISPUTE_MESSAGES.acceptButton : DISPUTE_MESSAGES.escalateButton}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
