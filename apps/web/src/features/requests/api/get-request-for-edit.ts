import type { MyRequestDetail } from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The owner's request (the server answers 404 to anyone else). */
export function requestQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.request(id),
    queryFn: ({ signal }) => api.get<MyRequestDetail>(`/api/requests/${encodeURIComponent(id)}`, { signal }),
  });
}
