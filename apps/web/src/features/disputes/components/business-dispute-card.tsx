import {
  canEscalateNow,
  DISPUTE_MESSAGES,
  DISPUTE_STATUS_WORDS,
  type DisputeStep,
  type DisputeView,
} from '@grip/domain';
import { AlertTriangle, Gavel, Scale } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { formatDisputeTime } from '../dispute-display';
import { DisputeRecord } from './dispute-record';
import { DisputeStepDialog } from './dispute-step-dialog';
import { LazyFormPart } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads after the page has drawn. */
const DisputeAnswerForm = preloadable('dispute-answer-form', () =>
  import('./dispute-answer-form').then((m) => ({ default: m.DisputeAnswerForm })),
);

/**
 * The business's side of a dispute (issue 32), on the job: the customer's reason and the answer to
 * give (an offer to fix, or an explanation); then "Waiting for the customer" (and, after 48 hours of
 * silence, Escalate to Grip); "An administrator is deciding" once escalated; and how it ended, with
 * Grip's note. The business cannot end a dispute by itself.
 */
export function BusinessDisputeCard({ dispute }: { dispute: DisputeView }) {
  const now = useNow(30_000);
  const [step, setStep] = useState<DisputeStep | null>(null);
  const isOpen = dispute.resolution === null;
  const mustAnswer = dispute.actions.includes('answer');
  const canEscalate = canEscalateNow(dispute, 'business', now);
  const waitsUntil = !canEscalate && dispute.escalatableAt ? formatDisputeTime(dispute.escalatableAt) : null;
  const titleId = `dispute-${dispute.id}`;

  return (
    <Card
      className={cn(isOpen ? 'border-warning-border bg-warning' : 'border-border')}
      role="region"
      aria-labelledby={titleId}
      data-testid="dispute-card"
    >
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          {isOpen ? (
            <AlertTriangle aria-hidden="true" className="size-5 text-warning-foreground" />
          ) : (
            <Gavel aria-hidden="true" className="size-5 text-muted-foreground" />
          )}
          {mustAnswer
            ? DISPUTE_MESSAGES.answerTitle
            : isOpen
              ? DISPUTE_STATUS_WORDS.business[dispute.status]
              : 'Dispute resolved'}
        </CardTitle>
        {mustAnswer ? <CardDescription>{DISPUTE_MESSAGES.answerDescription}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <DisputeRecord dispute={dispute} viewer="business" />
        {mustAnswer ? (
          <LazyFormPart>
            <DisputeAnswerForm dispute={dispute} />
          </LazyFormPart>
        ) : null}
        {waitsUntil ? (
          <p className="text-sm text-muted-foreground">
            {DISPUTE_MESSAGES.escalateAfter(waitsUntil, 'customer')}
          </p>
        ) : null}
        {canEscalate ? (
          <Button variant="outline" className="justify-self-start" onClick={() => setStep('escalate')}>
            <Scale aria-hidden="true" className="size-4" />
            {DISPUTE_MESSAGES.escalateButton}
          </Button>
        ) : null}
      </CardContent>
      <DisputeStepDialog dispute={dispute} step={step} onClose={() => setStep(null)} />
    </Card>
  );
}
