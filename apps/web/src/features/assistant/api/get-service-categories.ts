import type { ServiceCategory } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/service-categories: one row per service, ordered by category then service. */
export const serviceCategoriesQueryOptions = queryOptions({
  queryKey: ['service-categories'] as const,
  queryFn: ({ signal }) => api.get<ServiceCategory[]>('/api/service-categories', { signal }),
  // Reference data the server caches for 5 minutes too.
  staleTime: 5 * 60_000,
});

/** The distinct category groups, in the server's order. */
export function categoryNamesOf(rows: readonly ServiceCategory[]): string[] {
  return [...new Set(rows.map((r) => r.categoryName))];
}
