import { formatCurrency, formatDate, formatDateTime, type BusinessJob, serviceLabel } from '@grip/domain';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { JobStatusBadge } from './job-status-badge';

const URGENCY_LABELS: Record<string, string> = { urgent: 'URGENT', normal: 'Normal', low: 'Low Priority' };

const dateOf = (iso: string) => formatDate(new Date(iso));
// Calendar dates (YYYY-MM-DD) are shown as that day, whatever the viewer's time zone.
const calendarDate = (day: string) => formatDate(new Date(`${day}T00:00:00Z`), { utc: true });

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap">{children}</dd>
    </div>
  );
}

/** Job Information (spec 3 §2): the request and the quote, and the completion dates once completed. */
export function JobInformationCard({ job }: { job: BusinessJob }) {
  const { request } = job;
  const preferred = [
    request.preferredDate ? calendarDate(request.preferredDate) : null,
    request.preferredTime,
  ]
    .filter(Boolean)
    .join(' at ');
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Job Information</CardTitle>
        <JobStatusBadge status={job.status} completionStatus={job.completionStatus} />
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          <Row label="Service type">{serviceLabel(request.serviceType, request.serviceSubtype)}</Row>
          <Row label="Description">{request.description}</Row>
          <Row label="Address">{request.locationAddress ?? request.areaLabel ?? 'Not specified'}</Row>
          <Row label="Quoted price">
            {formatCurrency(job.quotedPrice)}
            {job.priceType === 'hourly' ? ' per hour' : ''}
          </Row>
          <Row label="Customer">{job.customerName}</Row>
          <Row label="Created">{dateOf(job.createdAt)}</Row>
          <Row label="Preferred date and time">{preferred || 'Flexible'}</Row>
          <Row label="Urgency">{URGENCY_LABELS[request.urgency] ?? request.urgency}</Row>
          {job.completionDate ? <Row label="Completed">{dateOf(job.completionDate)}</Row> : null}
          {job.contestDeadline ? (
            <Row label="Contest deadline">{formatDateTime(new Date(job.contestDeadline))}</Row>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}
