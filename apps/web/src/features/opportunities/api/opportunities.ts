import {
  OpportunityListSchema,
  type AcceptCounterOfferInput,
  type CounterOfferInput,
  type KeepQuoteInput,
} from '@grip/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/business/opportunities: the business's offers in play, grouped by the server. */
export function opportunitiesQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.businessOpportunities,
    queryFn: async ({ signal }) =>
      OpportunityListSchema.parse(await api.get<unknown>('/api/business/opportunities', { signal })),
  });
}

type Action =
  | { kind: 'accept'; input: AcceptCounterOfferInput }
  | { kind: 'decline' }
  | { kind: 'counter-offer'; input: CounterOfferInput }
  | { kind: 'keep-quote'; input: KeepQuoteInput };

const path = (responseId: string, kind: Action['kind']) =>
  `/api/business/opportunities/${encodeURIComponent(responseId)}/${kind}`;

/**
 * Accept Request (naming the customer's counter offer it accepts, decision 019), Decline, Edit Offer
 * and Keep My Quote (Accept Request, Edit Offer and Keep My Quote name the request as the card shows
 * it); every business list is reloaded afterwards.
 */
export function useOpportunityAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ responseId, action }: { responseId: string; action: Action }) =>
      api.post<{ id: string; status: string }>(
        path(responseId, action.kind),
        action.kind === 'decline' ? undefined : action.input,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.business }),
  });
}
