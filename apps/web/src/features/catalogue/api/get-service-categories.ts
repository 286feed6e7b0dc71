import { SERVICE_CATALOGUE, type ServiceCategory } from '@grip/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CategoryGroup {
  category: string;
  services: string[];
}

/** service_categories rows (ordered by category, then service) grouped by category name. */
export function groupCategories(rows: readonly ServiceCategory[]): CategoryGroup[] {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const list = groups.get(row.categoryName) ?? [];
    list.push(row.serviceName);
    groups.set(row.categoryName, list);
  }
  return [...groups].map(([category, services]) => ({ category, services }));
}

/** GET /api/service-categories: one row per service, ordered by category then service. */
export const serviceCategoriesQueryOptions = queryOptions({
  queryKey: ['service-categories'] as const,
  queryFn: ({ signal }) => api.get<ServiceCategory[]>('/api/service-categories', { signal }),
  // Reference data the server caches for 5 minutes too.
  staleTime: 5 * 60_000,
});

/**
 * The catalogue grouped by category. While it loads (or if it fails) the packaged catalogue stands in:
 * it is the same list the server seeds, so the form never waits on it.
 */
export function useCategoryGroups(): CategoryGroup[] {
  const { data } = useQuery({ ...serviceCategoriesQueryOptions, select: groupCategories });
  return data && data.length > 0
    ? data
    : SERVICE_CATALOGUE.map((g) => ({ category: g.category, services: [...g.services] }));
}
