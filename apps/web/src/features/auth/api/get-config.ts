import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface PublicConfig {
  productName: string;
  googleEnabled: boolean;
}

export const configQueryOptions = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => api.get<PublicConfig>('/api/config', { signal }),
  staleTime: Infinity,
});

/** Whether Google sign-in is configured on this server (false while unknown or on error). */
export function useGoogleEnabled(): boolean {
  const { data } = useQuery(configQueryOptions);
  return data?.googleEnabled === true;
}
