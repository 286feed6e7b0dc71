import {
  NotificationSettingsSchema,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@grip/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const notificationSettingsKey = ['me', 'notification-settings'] as const;

/** GET /api/me/notifications: the customer's channels and texting number. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: async () => NotificationSettingsSchema.parse(await api.get('/api/me/notifications')),
  });
}

/** PUT /api/me/notifications. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NotificationSettingsInput) =>
      NotificationSettingsSchema.parse(await api.put('/api/me/notifications', input)),
    onSuccess: (saved: NotificationSettings) => queryClient.setQueryData(notificationSettingsKey, saved),
  });
}
