import { JOB_MESSAGES, jobSectionOf, type CompletionStatus } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Mail, Printer, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { BookingChangesPanel } from '@/features/booking-changes/components/booking-changes-panel';
import { CustomerReviewCard } from '@/features/two-way-reviews/components/customer-review-card';
import { AddToCalendarButton } from '@/features/calendar/components/add-to-calendar-button';
import { ConversationPanel } from '@/features/messages/components/conversation-panel';
import { isApiError } from '@/lib/api-client';
import { jobQueryOptions } from '../api/jobs-api';
import { confirmedBookingsUrl } from '@/lib/confirmed-bookings-url';
import { printJobSheet } from '../print-job-sheet';
import { useIsPrinting } from '../use-is-printing';
import { ContestCard } from './contest-card';
import { EmailJobDialog, preloadEmailJobForm } from './email-job-dialog';
import { EngagementCard } from './engagement-card';
import { ImageGrid } from './image-grid';
import { JobInformationCard } from './job-information-card';
import { JobSheet } from './job-sheet';

/** Back to the group the job is in: a completed job's list is collapsed by default. */
const backTo = (completionStatus: CompletionStatus | undefined) =>
  completionStatus && jobSectionOf(completionStatus) === 'completed'
    ? confirmedBookingsUrl('completed')
    : confirmedBookingsUrl();

/**
 * The job detail view (spec 3 §2): header with Print and Email, the cards, images and conversation.
 * Back leads to the bookings, or where the host says (the dashboard shows it as one of its views).
 */
export function JobDetailView({
  jobId,
  back: host,
}: {
  jobId: string;
  back?: { to: string; label: string };
}) {
  const query = useQuery(jobQueryOptions(jobId));
  const [emailOpen, setEmailOpen] = useState(false);
  const isPrinting = useIsPrinting();
  const back = (
    <Link
      to={host?.to ?? backTo(query.data?.completionStatus)}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'justify-self-start' })}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {host?.label ?? 'Back to bookings'}
    </Link>
  );

  if (query.isPending) return <ListSkeleton rows={3} label="Loading job" />;
  // A failed refetch keeps the job on screen: replacing it would lose the business's unsaved work.
  if (query.data === undefined) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="grid gap-4">
        {back}
        <div
          role="alert"
          className="grid justify-items-center gap-3 rounded-lg border border-border p-6 text-center"
        >
          <p>{missing ? JOB_MESSAGES.notFound : 'Failed to load the job.'}</p>
          {missing ? null : (
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Retry
            </Button>
          )}
        </div>
      </div>
    );
  }

  const job = query.data;
  return (
    <div className="grid gap-4">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <h2 className="text-xl font-semibold">{job.request.title}</h2>
          <p className="text-xs break-all text-muted-foreground">Job ID: {job.id}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <AddToCalendarButton responseId={job.id} isDated={job.changes.agreedTime.date !== null} />
          <Button variant="outline" size="sm" onClick={() => printJobSheet(job)}>
            <Printer aria-hidden="true" className="size-4" />
            Print
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setEmailOpen(true)}
            onPointerEnter={preloadEmailJobForm}
            onFocus={preloadEmailJobForm}
          >
            <Mail aria-hidden="true" className="size-4" />
            Email
          </Button>
        </div>
      </div>
      <BookingChangesPanel
        responseId={job.id}
        requestId={job.requestId}
        title={job.request.title}
        viewer="business"
        changes={job.changes}
      />
      {/* The job's dispute, whatever its stage (it draws nothing when there is none). */}
      <ContestCard job={job} />
      <div className="grid gap-4 lg:grid-cols-2">
        <JobInformationCard job={job} />
        {/* Not keyed on the job's version: a refetch must not remount it and drop photos or typing. */}
        <EngagementCard job={job} />
      </div>
      <CustomerReviewCard jobId={job.id} customerName={job.customerName} />
      <ImageGrid title="Proof photos" urls={job.proofImages} />
      <ImageGrid title="Customer photos" urls={job.request.images} />
      {/* A job is a business response, so its id is the conversation's responseId. */}
      <ConversationPanel responseId={job.id} variant="embedded" />
      <EmailJobDialog jobId={job.id} open={emailOpen} onOpenChange={setEmailOpen} />
      {/* Paper only: printed alone (app/print.css), whatever else is on the page. */}
      {isPrinting ? <JobSheet job={job} /> : null}
    </div>
  );
}
