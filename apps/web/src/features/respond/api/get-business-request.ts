import type { BusinessRequestDetail } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Everything a business has loaded about requests; invalidate after it responds. */
/**
 * A request as this business may see it (the server answers 404 for anything else), with the version
 * of what it shows that a quote names (decision 019).
 */
export function businessRequestQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.businessRequest(id),
    queryFn: ({ signal }) =>
      api.get<BusinessRequestDetail>(`/api/business/requests/${encodeURIComponent(id)}`, { signal }),
  });
}
