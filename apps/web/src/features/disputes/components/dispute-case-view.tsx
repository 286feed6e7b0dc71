import { DISPUTE_MESSAGES, formatCurrency, type DisputeCase } from '@grip/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { disputeCaseQueryOptions } from '../api/disputes-api';
import { formatDisputeTime } from '../dispute-display';
import { DisputeConversation } from './dispute-conversation';
import { DisputePhotos } from './dispute-photos';
import { DisputeRecord } from './dispute-record';
import { LazyFormPart } from '@/components/ui/lazy-dialog-body';
import { preloadable } from '@/lib/preloadable';

/** The form's code (and react-hook-form's) loads after the page has drawn. */
const DecideDisputeForm = preloadable('decide-dispute-form', () =>
  import('./decide-dispute-form').then((m) => ({ default: m.DecideDisputeForm })),
);

/**
 * One dispute as an administrator reads it before deciding: who, the job, both sides' words, the
 * proof and request photos, the conversation; then the decision (or, once decided, Grip's note).
 */
export function DisputeCaseView({ disputeId, onBack }: { disputeId: string; onBack: () => void }) {
  const query = useQuery(disputeCaseQueryOptions(disputeId));
  const back = (
    <Button variant="ghost" size="sm" className="justify-self-start" onClick={onBack}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to disputes
    </Button>
  );

  if (query.isPending) return <ListSkeleton rows={4} label="Loading the dispute" />;
  if (query.isError) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="grid gap-3">
        {back}
        <Alert tone="danger" role="alert" className="flex-col items-start">
          <p className="font-semibold">
            {missing ? DISPUTE_MESSAGES.notFound : DISPUTE_MESSAGES.caseLoadFailed}
          </p>
          {missing ? null : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              <RotateCw aria-hidden="true" className="size-4" />
              Try again
            </Button>
          )}
        </Alert>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {back}
      <CaseBody value={query.data} />
    </div>
  );
}

function CaseBody({ value }: { value: DisputeCase }) {
  const { dispute, job } = value;
  const canDecide = dispute.actions.includes('decide');
  return (
    <article className="grid gap-4" aria-labelledby="dispute-case-title">
      <header className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="dispute-case-title" className="text-lg font-semibold break-words">
            {job.title}
          </h2>
          {dispute.resolution ? <Badge tone="info">DECIDED</Badge> : <Badge tone="danger">ESCALATED</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{value.business.name}</span> (business) and{' '}
          <span className="font-medium text-foreground">{value.customer.name}</span> (customer)
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">Service</dt>
          <dd>{job.serviceType}</dd>
          <dt className="text-muted-foreground">Quote</dt>
          <dd className="tabular">
            {formatCurrency(job.quotedPrice)}
            {job.priceType === 'hourly' ? '/hr' : ''}
          </dd>
          {job.completionDate ? (
            <>
              <dt className="text-muted-foreground">Completed</dt>
              <dd>{formatDisputeTime(job.completionDate)}</dd>
            </>
          ) : null}
          {dispute.escalatedAt ? (
            <>
              <dt className="text-muted-foreground">Escalated</dt>
              <dd>{formatDisputeTime(dispute.escalatedAt)}</dd>
            </>
          ) : null}
        </dl>
        <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{job.description}</p>
      </header>
      <DisputeRecord dispute={dispute} viewer="administrator" />
      {dispute.answer ? null : <p className="text-sm text-muted-foreground">The business did not answer.</p>}
      <DisputePhotos title="Proof photos" urls={job.proofImages} />
      <DisputePhotos title="Customer photos" urls={job.requestImages} />
      <DisputeConversation messages={value.messages} isTruncated={value.messagesTruncated} />
      {canDecide ? (
        <LazyFormPart>
          <DecideDisputeForm dispute={dispute} />
        </LazyFormPart>
      ) : null}
    </article>
  );
}
