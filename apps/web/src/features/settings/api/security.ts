import { AccountSecuritySchema, type ChangePasswordForm, type DeleteAccountInput } from '@grip/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Shared with two-factor.ts: turning two-factor on or off changes this answer. */
export const securityKey = ['me', 'security'] as const;

/**
 * GET /api/me/security: whether the account has a password and two-factor sign-in, and its
 * signed-in devices.
 */
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

/**
 * POST /api/me/delete-account; then, like signing out, the cache is emptied and the visitor goes to
 * the welcome page (the server has already ended every session and cleared the cookie).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      api.post<void>('/api/me/delete-account', input, { expectUnauthorized: true }),
    onSuccess: async () => {
      await queryClient.cancelQueries();
      queryClient.setQueryData(queryKeys.me, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      await navigate('/', { replace: true });
    },
  });
}
