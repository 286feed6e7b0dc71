import { GrantSelfAdminResponseSchema, SelfGrantAvailabilitySchema } from '@grip/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const availabilityKey = ['self-grant'] as const;

/** GET /api/admin/self-grant: whether the platform still has no administrator (asked only when needed). */
export function useSelfGrantAvailability(enabled = true) {
  return useQuery({
    queryKey: availabilityKey,
    enabled,
    queryFn: async ({ signal }) =>
      SelfGrantAvailabilitySchema.parse(await api.get<unknown>('/api/admin/self-grant', { signal })),
  });
}

/**
 * POST /api/admin/grant-self-admin. Afterwards everything that depends on the role is re-read, and
 * the mutation settles only once it has been (so the admin route's guard sees the new role).
 */
export function useGrantSelfAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      GrantSelfAdminResponseSchema.parse(await api.post<unknown>('/api/admin/grant-self-admin')),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
