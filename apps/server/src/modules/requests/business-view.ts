import type { BusinessRequestView } from '@grip/domain';
import type { RequestRow } from './requests.repository';

export interface BusinessViewFacts {
  /** Raw distance in km from the business's point, or null when either has no point. */
  distanceKm: number | null;
  myResponseId: string | null;
  myResponseStatus: string | null;
}

/**
 * The one place a request is shaped for a business. The exact address is released only when this
 * business's response is the accepted one; distances are whole kilometres so repeated address changes
 * cannot narrow a customer's home down.
 */
export function toBusinessRequestView(request: RequestRow, facts: BusinessViewFacts): BusinessRequestView {
  const accepted = facts.myResponseStatus === 'accepted';
  return {
    id: request.id,
    title: request.title,
    serviceType: request.serviceType,
    serviceSubtype: request.serviceSubtype,
    description: request.description,
    areaLabel: request.areaLabel,
    distanceKm:
      facts.distanceKm === null || Number.isNaN(facts.distanceKm) ? null : Math.round(facts.distanceKm),
    locationAddress: accepted ? request.locationAddress : null,
    preferredDate: request.preferredDate,
    preferredTime: request.preferredTime,
    timeFlexibility: request.timeFlexibility,
    flexibleDates: request.flexibleDates,
    budgetMin: request.budgetMin,
    budgetMax: request.budgetMax,
    budgetType: request.budgetType,
    urgency: request.urgency,
    isUrgent: request.isUrgent,
    images: request.images,
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    myResponseId: facts.myResponseId,
    myResponseStatus: facts.myResponseStatus,
  };
}
