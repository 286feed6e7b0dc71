import { JOBS_TO_DO } from '@grip/domain';
import { and, inArray, isNull, type SQL } from 'drizzle-orm';
import { businessResponses, serviceRequests } from '../../db/schema';

/**
 * An accepted response (with its request in scope) is on the customer's Confirmed Requests: work still
 * to do (JOBS_TO_DO, as domain `bookingSectionOf`) on a request they have not archived. The list and the customer's
 * Confirmed badge both use it, so the badge never counts a booking the page does not show.
 */
export function onConfirmedList(): SQL {
  return and(
    inArray(businessResponses.completionStatus, [...JOBS_TO_DO]),
    isNull(serviceRequests.archivedAt),
  )!;
}
