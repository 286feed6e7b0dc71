import {
  PlaceSearchResponseSchema,
  TestRequestChoicesSchema,
  TestSendResultSchema,
  type TestEmailInput,
  type TestNewRequestEmailInput,
  type TestSmsInput,
} from '@grip/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryString } from '@/lib/api-client';
import { deliveryKeys } from './get-deliveries';

/** Keys of the test tools (administrator-only data). */
export const testToolKeys = {
  requests: ['admin', 'test-tools', 'requests'] as const,
  places: (query: string) => ['admin', 'test-tools', 'places', query] as const,
};

/** GET /api/admin/test/requests: the latest open requests, for new-request email debugging. */
export function useTestRequestChoices() {
  return useQuery({
    queryKey: testToolKeys.requests,
    queryFn: async ({ signal }) =>
      TestRequestChoicesSchema.parse(await api.get('/api/admin/test/requests', { signal })).items,
  });
}

/** A test send queues an outbox row: the Deliveries list is refetched so it shows at once. */
function useTestSend<T>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => TestSendResultSchema.parse(await api.post(path, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}

/** POST /api/admin/test/email. */
export const useSendTestEmail = () => useTestSend<TestEmailInput>('/api/admin/test/email');

/** POST /api/admin/test/new-request-email: a request's business email, to a typed address. */
export const useSendTestNewRequestEmail = () =>
  useTestSend<TestNewRequestEmailInput>('/api/admin/test/new-request-email');

/** POST /api/admin/test/sms. */
export const useSendTestSms = () => useTestSend<TestSmsInput>('/api/admin/test/sms');

/** GET /api/admin/test/places?q=: the places-search demo; runs only for a submitted, non-blank query. */
export function usePlaceSearch(query: string | null) {
  return useQuery({
    queryKey: testToolKeys.places(query ?? ''),
    queryFn: async ({ signal }) =>
      PlaceSearchResponseSchema.parse(
        await api.get(`/api/admin/test/places${queryString({ q: query })}`, { signal }),
      ),
    enabled: query !== null && query.trim() !== '',
    staleTime: 30_000,
  });
}
