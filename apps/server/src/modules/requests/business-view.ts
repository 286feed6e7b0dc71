import { BOOKED_OFFER, type BusinessRequestView, type ResponseStatus } from '@grip/domain';
import { getTableColumns } from 'drizzle-orm';
import { serviceRequests } from '../../db/schema';
import type { RequestRow } from './requests.repository';

/** What a business's view of a request is made of: named, so a new column never joins it unasked. */
const VIEW_FIELDS = [
  'id',
  'title',
  'serviceType',
  'serviceSubtype',
  'description',
  'areaLabel',
  'locationAddress',
  'preferredDate',
  'preferredTime',
  'timeFlexibility',
  'flexibleDates',
  'budgetMin',
  'budgetMax',
  'budgetType',
  'urgency',
  'isUrgent',
  'images',
  'status',
  'createdAt',
  'updatedAt',
] as const;

const requestColumns = getTableColumns(serviceRequests);

/**
 * The columns of VIEW_FIELDS, for lists to select and no more: no owner, no points, no match terms
 * (the feed reads many rows; PGlite parses every column of each).
 */
export const businessViewColumns = Object.fromEntries(
  VIEW_FIELDS.map((field) => [field, requestColumns[field]]),
) as Pick<typeof requestColumns, (typeof VIEW_FIELDS)[number]>;
export type BusinessViewRow = Pick<RequestRow, keyof typeof businessViewColumns>;

export interface BusinessViewFacts {
  /**
   * The shown distance: whole km between the business's and the request's public points
   * (location-privacy.ts), or null when either has no point.
   */
  distanceKm: number | null;
  myResponseId: string | null;
  myResponseStatus: ResponseStatus | null;
}

/**
 * The one place a request is shaped for a business. The exact address is released only when this
 * business's response is the accepted one. The distance is measured between public points (decision
 * 018): a business moving its address, or many businesses comparing notes, learn the request's cell
 * of about a square kilometre and nothing finer — rounding an exact distance would not do that, as
 * rings from many known places intersect in a few tens of metres.
 */
export function toBusinessRequestView(
  request: BusinessViewRow,
  facts: BusinessViewFacts,
): BusinessRequestView {
  const accepted = facts.myResponseStatus === BOOKED_OFFER;
  return {
    id: request.id,
    title: request.title,
    serviceType: request.serviceType,
    serviceSubtype: request.serviceSubtype,
    description: request.description,
    areaLabel: request.areaLabel,
    distanceKm: facts.distanceKm,
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
