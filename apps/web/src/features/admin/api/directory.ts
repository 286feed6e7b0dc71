import {
  ADMIN_DIRECTORY_PAGE_SIZE,
  AdminBusinessPageSchema,
  AdminBusinessSchema,
  type AdminBusinessUpdateInput,
} from '@grip/domain';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';

/** Keys of the Business Directory (administrator-only data). */
export const directoryKeys = {
  all: ['admin', 'businesses'] as const,
  list: (q: string) => ['admin', 'businesses', 'list', q] as const,
};

/** GET /api/admin/businesses: business owners by name, a page at a time, optionally searched. */
export function businessDirectoryQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: directoryKeys.list(q),
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) =>
      AdminBusinessPageSchema.parse(
        await api.get<unknown>(
          `/api/admin/businesses${queryString({ q: q.trim() || undefined, cursor: pageParam, limit: ADMIN_DIRECTORY_PAGE_SIZE })}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useBusinessDirectory(q: string) {
  return useInfiniteQuery(businessDirectoryQueryOptions(q));
}

/** PUT /api/admin/businesses/:userId: the edit dialog's save; every directory list is refreshed. */
export function useUpdateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, input }: { userId: string; input: AdminBusinessUpdateInput }) =>
      AdminBusinessSchema.parse(
        await api.put<unknown>(`/api/admin/businesses/${encodeURIComponent(userId)}`, input),
      ),
    onSuccess: async () => {
      // A list still loading was read before the save: cancelled, so the refetch below is a new
      // read, not that one (TanStack reuses a first fetch in flight instead of starting another).
      await queryClient.cancelQueries({ queryKey: directoryKeys.all });
      await queryClient.invalidateQueries({ queryKey: directoryKeys.all });
    },
  });
}
