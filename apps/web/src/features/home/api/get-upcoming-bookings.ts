import { UPCOMING_BOOKINGS_LIMIT, localIsoDate, type UpcomingBooking } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Accepted bookings from the viewer's today on, soonest first, at most three (spec 2 §9). */
export const upcomingBookingsQueryOptions = queryOptions({
  queryKey: queryKeys.upcomingBookings,
  queryFn: ({ signal }) => api.get<UpcomingBooking[]>('/api/bookings/upcoming', { signal }),
  select: (rows) => {
    const today = localIsoDate(new Date());
    return rows.filter((b) => b.date >= today).slice(0, UPCOMING_BOOKINGS_LIMIT);
  },
  staleTime: 60_000,
});
