import { DISPUTE_MESSAGES, disputeOutcomeText, type DisputeView, type DisputeViewer } from '@grip/domain';
import { Gavel } from 'lucide-react';
import { formatDisputeTime } from '../dispute-display';

interface DisputeRecordProps {
  dispute: DisputeView;
  viewer: DisputeViewer;
  /** The reason is already on screen (the business's card quotes it in its header). */
  hideReason?: boolean;
}

/**
 * What was said in a dispute, in order: the customer's reason, the business's answer, and how it
 * ended (Grip's decision with the note both sides see). The same for both parties and administrators,
 * in each one's words.
 */
export function DisputeRecord({ dispute, viewer, hideReason = false }: DisputeRecordProps) {
  const { answer, resolution } = dispute;
  const outcomeText = (outcome: NonNullable<DisputeView['resolution']>['outcome']) =>
    viewer === 'administrator' && outcome === 'accepted'
      ? 'The customer accepted the business’s answer.'
      : disputeOutcomeText(outcome, answer?.kind ?? null, viewer === 'business' ? 'business' : 'customer');
  return (
    <div className="grid gap-3 text-sm">
      {hideReason ? null : (
        <Said
          heading={viewer === 'customer' ? 'Your reason' : DISPUTE_MESSAGES.reasonHeading}
          at={dispute.openedAt}
          text={dispute.reason}
          testId="dispute-reason"
        />
      )}
      {answer ? (
        <Said
          heading={
            viewer === 'business'
              ? answer.kind === 'fix_offered'
                ? 'You offered to fix it'
                : 'Your explanation'
              : DISPUTE_MESSAGES.answerHeading[answer.kind]
          }
          at={answer.answeredAt}
          text={answer.text}
          testId="dispute-answer"
        />
      ) : null}
      {resolution ? (
        <div
          className="grid gap-1 rounded-md border border-info-border bg-info-surface px-3 py-2 text-info-foreground"
          data-testid="dispute-outcome"
          role="status"
        >
          <p className="flex items-center gap-2 font-semibold">
            <Gavel aria-hidden="true" className="size-4 shrink-0" />
            {outcomeText(resolution.outcome)}
          </p>
          {resolution.note ? (
            <p className="break-words whitespace-pre-line">
              <span className="font-medium">{DISPUTE_MESSAGES.decisionHeading}: </span>
              {resolution.note}
            </p>
          ) : null}
          <p className="text-xs text-info-foreground/80">{formatDisputeTime(resolution.resolvedAt)}</p>
        </div>
      ) : null}
    </div>
  );
}

function Said({ heading, at, text, testId }: { heading: string; at: string; text: string; testId: string }) {
  return (
    <figure className="grid gap-1" data-testid={testId}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-2 text-muted-foreground">
        <span className="font-medium text-foreground">{heading}</span>
        <time dateTime={at} className="text-xs">
          {formatDisputeTime(at)}
        </time>
      </figcaption>
      <blockquote className="border-l-2 border-border pl-3 break-words whitespace-pre-line">
        {text}
      </blockquote>
    </figure>
  );
}
