import type { MyRequest, RequestResponseSummary } from '@grip/domain';
import type { MyRequestRow, responsesOf } from './requests.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A request row as its owner receives it. */
export function toMyRequest(row: MyRequestRow): MyRequest {
  const r = row.request;
  return {
    id: r.id,
    title: r.title,
    serviceType: r.serviceType,
    serviceSubtype: r.serviceSubtype,
    description: r.description,
    locationAddress: r.locationAddress,
    areaLabel: r.areaLabel,
    latitude: r.latitude,
    longitude: r.longitude,
    serviceAreaKm: r.serviceAreaKm,
    preferredDate: r.preferredDate,
    preferredTime: r.preferredTime,
    timeFlexibility: r.timeFlexibility,
    flexibleDates: r.flexibleDates,
    budgetMin: r.budgetMin,
    budgetMax: r.budgetMax,
    budgetType: r.budgetType,
    isUrgent: r.isUrgent,
    images: r.images,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    archivedAt: iso(r.archivedAt),
    latestActivityAt: row.latestActivityAt.toISOString(),
    responseCount: row.responseCount,
    hasAcceptedResponse: row.acceptedCompletionStatus !== null,
    acceptedCompletionStatus: row.acceptedCompletionStatus,
  };
}

type ResponseRow = Awaited<ReturnType<typeof responsesOf>>[number];

export function toResponseSummary(r: ResponseRow): RequestResponseSummary {
  return { ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}
