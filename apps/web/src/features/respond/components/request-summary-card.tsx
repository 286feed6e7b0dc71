import {
  distancePhrase,
  formatBudget,
  formatDate,
  urgencyLabel,
  type BusinessRequestView,
  serviceLabel,
} from '@grip/domain';
import { CalendarDays, Clock, MapPin, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { RequestImages } from '@/features/requests/components/request-images';
import { preferredTimeLabel } from '@/features/requests/request-display';

function UrgencyBadge({ request }: { request: BusinessRequestView }) {
  const label = urgencyLabel(request.urgency, request.isUrgent);
  if (label === 'URGENT') {
    return <Badge className="border border-danger bg-transparent text-danger">URGENT</Badge>;
  }
  return <Badge tone={label === 'Normal' ? 'neutral' : 'info'}>{label}</Badge>;
}

function Fact({ icon: Icon, label, children }: { icon: typeof MapPin; label: string; children: ReactNode }) {
  return (
    // A group inside a <dl> may hold only its <dt> and <dd>, so the icon sits inside the <dt>.
    <div className="relative grid pl-7">
      <dt className="text-xs font-medium text-muted-foreground">
        <Icon aria-hidden="true" className="absolute top-0.5 left-0 size-5 text-muted-foreground" />
        {label}
      </dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** A preferred date is a calendar day: shown as that day, whatever the viewer's zone. */
const dayLabel = (iso: string) => formatDate(new Date(`${iso}T00:00:00Z`), { utc: true });

/** The read-only request on the respond page (spec 3 §2): area only, never the exact address before acceptance. */
export function RequestSummaryCard({ request }: { request: BusinessRequestView }) {
  const area = request.locationAddress ?? request.areaLabel;
  const distance = distancePhrase(request.distanceKm);
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold">{request.title}</h2>
            <p className="text-sm text-muted-foreground">
              {serviceLabel(request.serviceType, request.serviceSubtype)}
            </p>
          </div>
          <UrgencyBadge request={request} />
        </div>
        <p className="text-sm text-muted-foreground">Posted {formatDate(new Date(request.createdAt))}</p>
        <p className="text-sm whitespace-pre-line">{request.description}</p>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Fact icon={MapPin} label={request.locationAddress ? 'Address' : 'Area'}>
            {area ?? 'Area not given'}
            {distance ? <span className="text-muted-foreground"> · {distance}</span> : null}
          </Fact>
          <Fact icon={Wallet} label="Budget">
            <span className="tabular">{formatBudget(request)}</span>
          </Fact>
          <Fact icon={CalendarDays} label="Preferred date">
            {request.preferredDate ? dayLabel(request.preferredDate) : 'No preferred date'}
            {request.flexibleDates ? (
              <span className="block text-muted-foreground">Flexible dates</span>
            ) : null}
          </Fact>
          <Fact icon={Clock} label="Preferred time">
            {preferredTimeLabel(request.preferredTime)}
          </Fact>
        </dl>
        {!request.locationAddress ? (
          <p className="text-xs text-muted-foreground">
            The exact address is shared once the customer accepts your quote.
          </p>
        ) : null}
        <RequestImages images={request.images} title={request.title} />
      </CardContent>
    </Card>
  );
}
