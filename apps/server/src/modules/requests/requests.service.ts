import {
  areaOf,
  isPastDate,
  matchTermsOf,
  REQUEST_MESSAGES,
  requestTitle,
  type Role,
  type ServiceRequestData,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { Forbidden, Invalid } from '../../lib/errors';
import { insertNotifications } from '../notifications/notifications.repository';
import { insertRequest, matchingBusinessIds, type RequestRow } from './requests.repository';

/** The day before today in UTC: the earliest date any viewer's time zone can call "today". */
function earliestToday(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Posts a validated request as open and tells every matching business in the same transaction, so a
 * request is never stored without its notifications. Only customers post requests (business owners
 * and administrators have no customer home). Returns the request and how many businesses matched.
 */
export async function createRequest(
  db: Db,
  requester: { userId: string; role: Role },
  data: ServiceRequestData,
  now: Date,
): Promise<{ request: RequestRow; matchedBusinesses: number }> {
  if (data.preferredDate && isPastDate(data.preferredDate, earliestToday(now))) {
    throw new Invalid(REQUEST_MESSAGES.preferredDateInPast, {
      preferredDate: REQUEST_MESSAGES.preferredDateInPast,
    });
  }
  if (requester.role !== 'user') throw new Forbidden(REQUEST_MESSAGES.customersOnly);
  const { userId } = requester;
  const title = requestTitle(data.serviceType, data.serviceSubtype);
  const area = areaOf(data.location);
  return db.transaction(async (tx) => {
    const request = await insertRequest(tx, {
      userId,
      serviceType: data.serviceType,
      serviceSubtype: data.serviceSubtype || null,
      title,
      description: data.description,
      locationAddress: data.location,
      areaLabel: area || null,
      latitude: data.latitude ?? null,
      longitude: data.longitude ?? null,
      serviceAreaKm: data.serviceAreaKm,
      preferredDate: data.preferredDate ?? null,
      preferredTime: data.preferredTime ?? null,
      timeFlexibility: data.timeFlexibility ?? null,
      flexibleDates: data.flexibleDates,
      budgetMin: String(data.budget),
      budgetMax: String(data.budget),
      budgetType: 'fixed',
      urgency: data.isUrgent ? 'urgent' : 'normal',
      isUrgent: data.isUrgent,
      images: data.images,
      status: 'open',
    });
    const businesses = await matchingBusinessIds(tx, matchTermsOf(data), userId);
    await insertNotifications(
      tx,
      businesses.map((businessId) => ({
        userId: businessId,
        type: 'new_request',
        title: 'New service request',
        message: area ? `${title} in ${area}` : title,
        relatedId: request.id,
      })),
    );
    return { request, matchedBusinesses: businesses.length };
  });
}
