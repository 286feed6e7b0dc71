import type { BusinessProfile } from '@grip/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Kept here: only this feature reads the full profile; 'me' carries what the rest of the app needs. */
export const BUSINESS_PROFILE_QUERY_KEY = ['business-profile'] as const;

/** GET /api/business-profile: the signed-in user's own profile (prefills registration too). */
export const businessProfileQueryOptions = queryOptions({
  queryKey: BUSINESS_PROFILE_QUERY_KEY,
  queryFn: ({ signal }) => api.get<BusinessProfile>('/api/business-profile', { signal }),
});

export function useBusinessProfile() {
  return useQuery(businessProfileQueryOptions);
}
