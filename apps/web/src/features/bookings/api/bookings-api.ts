import {
  CustomerBookingPageSchema,
  CustomerBookingSchema,
  JobHistorySummarySchema,
  type BookingSection,
  type ContestInput,
  type CustomerBooking,
} from '@grip/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const BOOKINGS_PAGE_SIZE = 20;

const bookingPath = (responseId: string) => `/api/bookings/${encodeURIComponent(responseId)}`;

/** GET /api/bookings?section=…: Confirmed (not yet completed) or History (completed), a page at a time. */
export function bookingsQueryOptions(section: BookingSection) {
  return infiniteQueryOptions({
    queryKey: queryKeys.bookingList(section),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      CustomerBookingPageSchema.parse(
        await api.get<unknown>(
          `/api/bookings${queryString({ section, cursor: pageParam, limit: BOOKINGS_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** One booking (the server answers 404 for a booking that is not the viewer's). */
export function bookingQueryOptions(responseId: string) {
  return queryOptions({
    queryKey: queryKeys.booking(responseId),
    queryFn: async ({ signal }) =>
      CustomerBookingSchema.parse(await api.get<unknown>(bookingPath(responseId), { signal })),
  });
}

/** Job History's cards: completed jobs, total spent and the average rating the customer gave. */
export const historySummaryQueryOptions = queryOptions({
  queryKey: queryKeys.bookingSummary,
  queryFn: async ({ signal }) =>
    JobHistorySummarySchema.parse(await api.get<unknown>('/api/bookings/summary', { signal })),
});

/** POST /api/bookings/:responseId/contest: answers the booking, now contested. */
export async function contestCompletion(responseId: string, input: ContestInput): Promise<CustomerBooking> {
  return CustomerBookingSchema.parse(await api.post<unknown>(`${bookingPath(responseId)}/contest`, input));
}
