import { CalendarFeedCreatedSchema, CalendarFeedStatusSchema } from '@grip/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Under the account's own root, as its other settings: signing out or deleting the account clears it. */
export const calendarFeedKey = [...queryKeys.me, 'calendar-feed'] as const;

/** GET /api/me/calendar-feed: whether the private feed is on, and since when. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: async ({ signal }) =>
      CalendarFeedStatusSchema.parse(await api.get<unknown>('/api/me/calendar-feed', { signal })),
  });
}

/**
 * POST /api/me/calendar-feed: a new feed URL (replacing any earlier one, which stops working). The
 * URL is in this answer only; the caller shows it once.
 */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => CalendarFeedCreatedSchema.parse(await api.post<unknown>('/api/me/calendar-feed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}

/** DELETE /api/me/calendar-feed: the link stops working. */
export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/me/calendar-feed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}
