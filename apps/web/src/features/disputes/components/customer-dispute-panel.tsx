import {
  canEscalateNow,
  DISPUTE_MESSAGES,
  disputeStatusText,
  type DisputeStep,
  type DisputeView,
} from '@grip/domain';
import { Check, Scale, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useNow } from '@/lib/use-now';
import { formatDisputeTime } from '../dispute-display';
import { DisputeRecord } from './dispute-record';
import { DisputeStepDialog } from './dispute-step-dialog';

interface CustomerDisputePanelProps {
  dispute: DisputeView;
  /** The job's title, naming the buttons for screen readers (a list shows several jobs). */
  title: string;
}

/**
 * The customer's side of a dispute (issue 32), on the job in Job History: where it stands, what was
 * said, and — once the business has answered — Accept or Escalate to Grip; a business silent for 48
 * hours may be escalated too. When it has ended, how, with Grip's note. Which buttons show is the
 * server's (the dispute lifecycle's), re-read against the clock for the 48-hour wait.
 */
export function CustomerDisputePanel({ dispute, title }: CustomerDisputePanelProps) {
  const now = useNow(30_000);
  const [step, setStep] = useState<DisputeStep | null>(null);
  const canAccept = dispute.actions.includes('accept');
  const canEscalate = canEscalateNow(dispute, 'customer', now);
  const waitsUntil = !canEscalate && dispute.escalatableAt ? formatDisputeTime(dispute.escalatableAt) : null;

  return (
    <section
      className="grid gap-3 rounded-md border border-border bg-muted/40 p-3"
      aria-label={`Dispute about ${title}`}
    >
      {dispute.resolution ? null : (
        <p className="flex items-start gap-2 text-sm font-medium" data-testid="contest-note" role="status">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          {disputeStatusText(dispute, 'customer')}
        </p>
      )}
      <DisputeRecord dispute={dispute} viewer="customer" />
      {waitsUntil ? (
        <p className="text-sm text-muted-foreground">
          {DISPUTE_MESSAGES.escalateAfter(waitsUntil, 'business')}
        </p>
      ) : null}
      {canAccept || canEscalate ? (
        <div className="flex flex-wrap gap-2">
          {canAccept ? (
            <Button size="sm" aria-label={`Accept answer for ${title}`} onClick={() => setStep('accept')}>
              <Check aria-hidden="true" className="size-4" />
              {DISPUTE_MESSAGES.acceptButton}
            </Button>
          ) : null}
          {canEscalate ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Escalate to Grip for ${title}`}
              onClick={() => setStep('escalate')}
            >
              <Scale aria-hidden="true" className="size-4" />
              {DISPUTE_MESSAGES.escalateButton}
            </Button>
          ) : null}
        </div>
      ) : null}
      <DisputeStepDialog dispute={dispute} step={step} onClose={() => setStep(null)} />
    </section>
  );
}
