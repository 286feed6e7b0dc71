import type { BusinessProfile } from '@grip/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/business-profile: the signed-in user's own profile (prefills registration too). */
export const businessProfileQueryOptions = queryOptions({
  queryKey: queryKeys.businessProfile,
  queryFn: ({ signal }) => api.get<BusinessProfile>('/api/business-profile', { signal }),
});

export function useBusinessProfile() {
  return useQuery(businessProfileQueryOptions);
}
