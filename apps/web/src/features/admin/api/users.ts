import { ADMIN_USERS_PAGE_SIZE, AdminUserPageSchema, AdminUserSchema, type Role } from '@grip/domain';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';

/** Keys of the Users tab (administrator-only data). */
export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string, role: Role | '') => ['admin', 'users', 'list', q, role] as const,
};

/** GET /api/admin/users: every account newest first, a page at a time, searched and filtered by role. */
export function adminUsersQueryOptions(q: string, role: Role | '') {
  return infiniteQueryOptions({
    queryKey: userKeys.list(q, role),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      AdminUserPageSchema.parse(
        await api.get<unknown>(
          `/api/admin/users${queryString({ q: q || undefined, role: role || undefined, cursor: pageParam, limit: ADMIN_USERS_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAdminUsers(q: string, role: Role | '') {
  return useInfiniteQuery(adminUsersQueryOptions(q, role));
}

/**
 * PUT /api/admin/users/:userId/role and /suspension. A role change also moves the person in or out
 * of the Business Directory and the stat cards, so every admin list is refreshed.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { userId: string } & ({ role: Role } | { suspended: boolean })) => {
      const path = `/api/admin/users/${encodeURIComponent(change.userId)}`;
      const saved =
        'role' in change
          ? await api.put<unknown>(`${path}/role`, { role: change.role })
          : await api.put<unknown>(`${path}/suspension`, { suspended: change.suspended });
      return AdminUserSchema.parse(saved);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
