import { formatCurrency, formatDate, isCompletable, jobAcceptedAt, type BusinessJob } from '@grip/domain';
import { CircleCheck, Eye, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { JobStatusBadge } from './job-status-badge';

interface JobCardProps {
  job: BusinessJob;
  onQuickComplete: (job: BusinessJob) => void;
}

/** A booking with its actions (spec 3 §2): Quick Complete, Message, Show Details. */
export function JobCard({ job, onQuickComplete }: JobCardProps) {
  const place = job.request.locationAddress ?? job.request.areaLabel;
  return (
    <Card className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 className="font-semibold">{job.request.title}</h3>
          <p className="text-sm text-muted-foreground">
            {job.customerName} · {formatCurrency(job.quotedPrice)}
            {job.priceType === 'hourly' ? ' per hour' : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <JobStatusBadge status={job.status} completionStatus={job.completionStatus} />
          {job.changes.openProposal ? <Badge tone="info">NEW TIME PROPOSED</Badge> : null}
        </div>
      </div>
      {place ? <p className="text-sm">{place}</p> : null}
      <p className="text-xs text-muted-foreground">
        {job.completionDate
          ? `Completed ${formatDate(new Date(job.completionDate))}`
          : `Accepted quote from ${formatDate(new Date(jobAcceptedAt(job)))}`}
      </p>
      <div className="flex flex-wrap gap-2">
        {isCompletable(job.status, job.completionStatus) ? (
          <Button size="sm" onClick={() => onQuickComplete(job)}>
            <CircleCheck aria-hidden="true" className="size-4" />
            Quick Complete
          </Button>
        ) : null}
        <Link
          to={`/conversation/${job.id}`}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
          aria-label={`Message about ${job.request.title}`}
        >
          <MessageSquare aria-hidden="true" className="size-4" />
          Message
        </Link>
        <Link
          to={`/business-confirmed?job=${job.id}`}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
          aria-label={`Show details of ${job.request.title}`}
        >
          <Eye aria-hidden="true" className="size-4" />
          Show Details
        </Link>
      </div>
    </Card>
  );
}
