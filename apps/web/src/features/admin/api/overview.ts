import {
  AdminStatsSchema,
  ArchiveRequestsResultSchema,
  PlatformTrendsSchema,
  SYSTEM_SETTING_FIELDS,
  SystemSettingsSchema,
  type SystemSettingKey,
  type SystemSettings,
} from '@grip/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Keys of the dashboard overview (administrator-only data). */
export const overviewKeys = {
  stats: ['admin', 'stats'] as const,
  settings: ['admin', 'settings'] as const,
  trends: ['admin', 'trends'] as const,
};

/** GET /api/admin/stats: the stat cards' counts and the active-offers average. */
export function useAdminStats() {
  return useQuery({
    queryKey: overviewKeys.stats,
    queryFn: async ({ signal }) => AdminStatsSchema.parse(await api.get('/api/admin/stats', { signal })),
  });
}

/** GET /api/admin/trends: the platform's last 12 weeks (issue 33); weeks change slowly. */
export function useAdminTrends() {
  return useQuery({
    queryKey: overviewKeys.trends,
    queryFn: async ({ signal }) => PlatformTrendsSchema.parse(await api.get('/api/admin/trends', { signal })),
    staleTime: 60_000,
  });
}

/** GET /api/admin/settings: the Email and SMS switches (the server creates missing ones, on). */
export function useSystemSettings() {
  return useQuery({
    queryKey: overviewKeys.settings,
    queryFn: async ({ signal }) =>
      SystemSettingsSchema.parse(await api.get('/api/admin/settings', { signal })),
  });
}

export interface SystemSettingChange {
  key: SystemSettingKey;
  isEnabled: boolean;
}

/**
 * PUT /api/admin/settings/:key, optimistic: the switch flips at once and flips back if the server
 * refuses (the caller shows the failure toast).
 */
export function useUpdateSystemSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, isEnabled }: SystemSettingChange) =>
      SystemSettingsSchema.parse(await api.put(`/api/admin/settings/${key}`, { enabled: isEnabled })),
    onMutate: async ({ key, isEnabled }) => {
      await queryClient.cancelQueries({ queryKey: overviewKeys.settings });
      const previous = queryClient.getQueryData<SystemSettings>(overviewKeys.settings);
      if (previous) {
        queryClient.setQueryData<SystemSettings>(overviewKeys.settings, {
          ...previous,
          [SYSTEM_SETTING_FIELDS[key]]: isEnabled,
        });
      }
      return { previous };
    },
    onError: (_error, { key }, context) => {
      // Roll back only this switch: the other one may have changed meanwhile.
      const current = queryClient.getQueryData<SystemSettings>(overviewKeys.settings);
      if (current && context?.previous) {
        const field = SYSTEM_SETTING_FIELDS[key];
        queryClient.setQueryData<SystemSettings>(overviewKeys.settings, {
          ...current,
          [field]: context.previous[field],
        });
      }
    },
    onSuccess: (saved, { key }) => {
      // Take this switch from the server; keep the other as shown, in case its change is in flight.
      const current = queryClient.getQueryData<SystemSettings>(overviewKeys.settings);
      const field = SYSTEM_SETTING_FIELDS[key];
      queryClient.setQueryData<SystemSettings>(
        overviewKeys.settings,
        current ? { ...current, [field]: saved[field] } : saved,
      );
    },
  });
}

/** POST /api/admin/archive-requests: archives every open, unarchived request; refreshes the stats. */
export function useArchiveAllRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => ArchiveRequestsResultSchema.parse(await api.post('/api/admin/archive-requests')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: overviewKeys.stats }),
  });
}
