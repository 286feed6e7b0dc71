import { AccountSecuritySchema, type ChangePasswordForm } from '@grip/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const securityKey = ['me', 'security'] as const;

/** GET /api/me/security: whether the account has a password, and its signed-in devices. */
export function useAccountSecurity() {
  return useQuery({
    queryKey: securityKey,
    queryFn: async ({ signal }) =>
      AccountSecuritySchema.parse(await api.get<unknown>('/api/me/security', { signal })),
  });
}

/** DELETE /api/me/sessions/:id: signs that device out. */
export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/me/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKey }),
  });
}

/**
 * The auth library's change-password, with every other session revoked: whoever else knew the old
 * password is signed out too. This device stays signed in (the library renews its cookie).
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ChangePasswordForm) =>
      api.post<unknown>(
        '/api/auth/change-password',
        { currentPassword: form.currentPassword, newPassword: form.newPassword, revokeOtherSessions: true },
        { expectUnauthorized: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKey }),
  });
}
