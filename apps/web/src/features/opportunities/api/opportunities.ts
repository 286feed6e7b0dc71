import { OpportunityListSchema, type CounterOfferInput } from '@grip/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Kept here until the shared query keys list it; the list is one query, so one key. */
export const OPPORTUNITIES_KEY = ['business-opportunities'] as const;

/** GET /api/business/opportunities: the business's offers in play, grouped by the server. */
export function opportunitiesQueryOptions() {
  return queryOptions({
    queryKey: OPPORTUNITIES_KEY,
    queryFn: async ({ signal }) =>
      OpportunityListSchema.parse(await api.get<unknown>('/api/business/opportunities', { signal })),
  });
}

type Action = { kind: 'accept' } | { kind: 'decline' } | { kind: 'counter-offer'; input: CounterOfferInput };

const path = (responseId: string, kind: Action['kind']) =>
  `/api/business/opportunities/${encodeURIComponent(responseId)}/${kind}`;

/** Accept Request, Decline and Edit Offer; the list and the request feed are reloaded afterwards. */
export function useOpportunityAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ responseId, action }: { responseId: string; action: Action }) =>
      api.post<{ id: string; status: string }>(
        path(responseId, action.kind),
        action.kind === 'counter-offer' ? action.input : undefined,
      ),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: OPPORTUNITIES_KEY }),
        queryClient.invalidateQueries({ queryKey: queryKeys.businessRequests }),
      ]);
    },
  });
}
