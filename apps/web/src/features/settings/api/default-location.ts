import { DefaultLocationSchema, type DefaultLocation, type DefaultLocationInput } from '@grip/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const defaultLocationKey = [...queryKeys.me, 'default-location'] as const;

/** GET /api/me/default-location: where the customer's new requests start (all null when unset). */
export function useDefaultLocation() {
  return useQuery({
    queryKey: defaultLocationKey,
    queryFn: async () => DefaultLocationSchema.parse(await api.get('/api/me/default-location')),
  });
}

/** The request form's prefill and Discover's point both start from the default location. */
async function remember(queryClient: QueryClient, saved: DefaultLocation) {
  queryClient.setQueryData(defaultLocationKey, saved);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.lastLocation }),
    queryClient.invalidateQueries({ queryKey: queryKeys.discoverBusinesses(null, null) }),
  ]);
}

/** PUT /api/me/default-location: the server looks a typed address up; a chosen place keeps its point. */
export function useSaveDefaultLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DefaultLocationInput) =>
      DefaultLocationSchema.parse(await api.put('/api/me/default-location', input)),
    onSuccess: (saved) => remember(queryClient, saved),
  });
}

/** DELETE /api/me/default-location: new requests start from the latest request's location again. */
export function useClearDefaultLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => DefaultLocationSchema.parse(await api.delete('/api/me/default-location')),
    onSuccess: (saved) => remember(queryClient, saved),
  });
}
