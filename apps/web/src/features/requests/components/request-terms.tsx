import { formatBudget, labelWithDetail, serviceLabel, type BusinessRequestView } from '@grip/domain';
import { RequestImages } from './request-images';
import { preferredTimeLabel, timeFlexibilityLabel } from '../request-display';
import { formatDateOnly } from '../request-display';

/**
 * What a business agrees to when it answers a request (decision 019), compactly: the fields its
 * version covers — service, budget, when, urgency, area, description and photos. Shown where a
 * business agrees to a request the customer changed (the card's Keep My Quote, a changed Accept
 * As-Is), so the agreement names exactly what is on screen.
 */
export function RequestTerms({
  request,
  label = 'The request now',
}: {
  request: BusinessRequestView;
  label?: string;
}) {
  const flexibility = timeFlexibilityLabel(request.timeFlexibility);
  return (
    <div className="grid gap-2 rounded-md border border-border bg-muted/50 p-3 text-sm">
      <dl className="grid gap-1 sm:grid-cols-2" aria-label={label}>
        <div>
          <dt className="inline font-medium">Service: </dt>
          <dd className="inline">{serviceLabel(request.serviceType, request.serviceSubtype)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Budget: </dt>
          <dd className="inline tabular">{formatBudget(request)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Date: </dt>
          <dd className="inline">
            {request.preferredDate ? formatDateOnly(request.preferredDate) : 'No preferred date'}
            {request.flexibleDates ? ' (flexible)' : ''}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Time: </dt>
          <dd className="inline">
            {labelWithDetail(preferredTimeLabel(request.preferredTime), flexibility)}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Urgency: </dt>
          <dd className="inline">{request.isUrgent ? 'Urgent' : 'Normal'}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Area: </dt>
          <dd className="inline">{request.locationAddress ?? request.areaLabel ?? 'Area not given'}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="sr-only">Description</dt>
          <dd className="whitespace-pre-line">{request.description}</dd>
        </div>
      </dl>
      <RequestImages images={request.images} title={request.title} />
    </div>
  );
}
