import { BOOKED_OFFER, JOBS_TO_DO } from '@grip/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { businessNameSql } from '../profiles/business-name.sql';
import type { Db } from '../../db/client';
import { businessResponses, profiles, serviceRequests } from '../../db/schema';

/** Accepted, not yet completed bookings of the customer from `fromDate` (YYYY-MM-DD) on, soonest first. */
export async function upcomingBookings(db: Db, userId: string, fromDate: string, limit: number) {
  const bookingDate = sql<string>`coalesce(${businessResponses.availabilityDate}, ${serviceRequests.preferredDate})`;
  // The time goes with the date it belongs to (domain agreedTimeOf): a move to a day without a time
  // must not bring back the request's preferred hour.
  const bookingTime = sql<string | null>`case when ${businessResponses.availabilityDate} is not null
    then ${businessResponses.availabilityTime} else ${serviceRequests.preferredTime} end`;
  return db
    .select({
      responseId: businessResponses.id,
      requestId: serviceRequests.id,
      title: serviceRequests.title,
      serviceType: serviceRequests.serviceType,
      businessName: businessNameSql,
      date: sql<string>`${bookingDate}::text`,
      time: sql<string | null>`${bookingTime}::text`,
      locationAddress: serviceRequests.locationAddress,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .where(
      and(
        eq(serviceRequests.userId, userId),
        isNull(serviceRequests.archivedAt),
        eq(businessResponses.status, BOOKED_OFFER),
        inArray(businessResponses.completionStatus, [...JOBS_TO_DO]),
        sql`${bookingDate} >= ${fromDate}::date`,
      ),
    )
    .orderBy(asc(bookingDate), sql`${bookingTime} asc nulls last`)
    .limit(limit);
}
