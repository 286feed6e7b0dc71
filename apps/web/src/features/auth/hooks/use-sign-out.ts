import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { signOut, type SignOutScope } from '@/lib/auth-client';
import { queryKeys } from '@/lib/query-keys';
import { errorMessage } from '@/lib/error-message';

/** Sign out of this device ('local') or all devices ('global'); then clear cached data and go to /auth. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (scope: SignOutScope) => {
      // Loaded here, not with the shell: the push code (and its schemas) is only needed on the way out.
      const { forgetPushBeforeSignOut } = await import('@/features/push/push-device');
      await forgetPushBeforeSignOut();
      return signOut(scope);
    },
    onSuccess: async () => {
      await queryClient.cancelQueries();
      // Signed out first, so every guard agrees, then forget everything else the account loaded.
      queryClient.setQueryData(queryKeys.me, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      await navigate('/auth', { replace: true });
    },
    onError: (error) => {
      toast.error('Sign out failed', { description: errorMessage(error), duration: 8000 });
    },
  });
}
