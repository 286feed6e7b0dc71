import {
  agreedTimeLabel,
  CHANGE_MESSAGES,
  type BookingChanges,
  type BookingParty,
  type RescheduleAnswer,
  type RescheduleProposal,
} from '@grip/domain';
import { CalendarClock, CalendarX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAnswerProposal } from '../api/booking-changes-api';
import { CancelBookingDialog, preloadCancelForm } from './cancel-booking-dialog';
import { CancellationNotice } from './cancellation-notice';
import { preloadProposeForm, ProposeTimeDialog } from './propose-time-dialog';

interface BookingChangesPanelProps {
  responseId: string;
  requestId: string;
  title: string;
  viewer: BookingParty;
  changes: BookingChanges;
}

const ANSWER_LABELS: Record<RescheduleAnswer, string> = {
  accept: CHANGE_MESSAGES.acceptButton,
  decline: CHANGE_MESSAGES.declineButton,
  withdraw: CHANGE_MESSAGES.withdrawButton,
};

function proposerName(proposal: RescheduleProposal, viewer: BookingParty): string {
  if (proposal.proposedBy === viewer) return 'You';
  return proposal.proposedBy === 'business' ? 'The business' : 'The customer';
}

/**
 * Life after Confirm on one booking, the same for both sides (issue 32): the agreed time; a proposed
 * new time with the answers the viewer may give; Propose New Time and Cancel Booking while the job is
 * to do; once cancelled, who cancelled and why. Which buttons show is the server's (the lifecycles'),
 * read from `changes`.
 */
export function BookingChangesPanel({
  responseId,
  requestId,
  title,
  viewer,
  changes,
}: BookingChangesPanelProps) {
  const [cancelOpen, setCancelOpen] = useState(false);
  const [proposeOpen, setProposeOpen] = useState(false);
  const answer = useAnswerProposal(responseId);
  const proposal = changes.openProposal;

  if (changes.cancellation) {
    return (
      <CancellationNotice
        cancellation={changes.cancellation}
        viewer={viewer}
        requestId={requestId}
        canReopen={changes.canReopen}
      />
    );
  }

  return (
    <section className="grid gap-3" aria-label="Booking time">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="text-muted-foreground">Booked for</span>
        <span className="font-medium" data-testid="agreed-time">
          {agreedTimeLabel(changes.agreedTime)}
        </span>
      </p>
      {proposal ? (
        <div
          className="grid gap-2 rounded-md border border-info-border bg-info-surface px-3 py-3 text-sm"
          data-testid="proposed-time"
          role="status"
        >
          <p>
            {proposerName(proposal, viewer)} proposed a new time:{' '}
            <span className="font-semibold">
              {agreedTimeLabel({ date: proposal.date, time: proposal.time })}
            </span>
          </p>
          {proposal.note ? <p className="break-words whitespace-pre-line">{proposal.note}</p> : null}
          <div className="flex flex-wrap gap-2">
            {proposal.actions.map((a) => (
              <Button
                key={a}
                size="sm"
                variant={a === 'accept' ? 'primary' : 'outline'}
                disabled={answer.isPending}
                isLoading={answer.isPending && answer.variables.answer === a}
                onClick={() => answer.mutate({ proposalId: proposal.id, answer: a })}
              >
                {ANSWER_LABELS[a]}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      {changes.canReschedule || changes.canCancel ? (
        <div className="flex flex-wrap gap-2">
          {changes.canReschedule ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setProposeOpen(true)}
              onPointerEnter={preloadProposeForm}
              onFocus={preloadProposeForm}
            >
              <CalendarClock aria-hidden="true" className="size-4" />
              {CHANGE_MESSAGES.proposeButton}
            </Button>
          ) : null}
          {changes.canCancel ? (
            <Button
              size="sm"
              variant="destructive-outline"
              onClick={() => setCancelOpen(true)}
              onPointerEnter={preloadCancelForm}
              onFocus={preloadCancelForm}
            >
              <CalendarX aria-hidden="true" className="size-4" />
              {CHANGE_MESSAGES.cancelButton}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ProposeTimeDialog
        responseId={responseId}
        agreedTime={changes.agreedTime}
        open={proposeOpen}
        onOpenChange={setProposeOpen}
      />
      <CancelBookingDialog
        responseId={responseId}
        viewer={viewer}
        title={title}
        agreedTime={changes.agreedTime}
        open={cancelOpen}
        onOpenChange={setCancelOpen}
      />
    </section>
  );
}
