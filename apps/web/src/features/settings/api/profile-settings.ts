import { ProfileSettingsSchema, type ProfileSettings, type ProfileSettingsInput } from '@grip/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Under `me`, so whatever refreshes the session refreshes this too. */
const profileSettingsKey = [...queryKeys.me, 'profile'] as const;

/** GET /api/me/profile: the customer's display name and phone. */
export function useProfileSettings() {
  return useQuery({
    queryKey: profileSettingsKey,
    queryFn: async () => ProfileSettingsSchema.parse(await api.get('/api/me/profile')),
  });
}

/** PUT /api/me/profile. */
export function useSaveProfileSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileSettingsInput) =>
      ProfileSettingsSchema.parse(await api.put('/api/me/profile', input)),
    onSuccess: async (saved: ProfileSettings) => {
      queryClient.setQueryData(profileSettingsKey, saved);
      // The header, account menu and home greet by this name, and Notifications shows this phone:
      // refresh everything under `me` but the answer just stored.
      await queryClient.invalidateQueries({
        queryKey: queryKeys.me,
        predicate: (query) => query.queryKey[1] !== profileSettingsKey[1],
      });
    },
  });
}
