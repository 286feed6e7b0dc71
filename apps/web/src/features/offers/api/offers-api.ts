import {
  CustomerOfferSchema,
  type ConfirmOfferInput,
  OfferActionResultSchema,
  type CustomerCounterOfferInput,
  type OfferActionResult,
} from '@grip/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const offerPath = (responseId: string) => `/api/offers/${encodeURIComponent(responseId)}`;

/** GET /api/offers/:responseId: one offer as its customer sees it (badges and actions from the server). */
export function offerQueryOptions(responseId: string) {
  return queryOptions({
    queryKey: queryKeys.offer(responseId),
    queryFn: async ({ signal }) =>
      CustomerOfferSchema.parse(await api.get<unknown>(offerPath(responseId), { signal })),
  });
}

/** POST …/view: the customer has seen this version of the offer (NEW/EDITED become VIEWED). */
export function markOfferViewed(responseId: string): Promise<void> {
  return api.post(`${offerPath(responseId)}/view`);
}

export type OfferAction =
  | { kind: 'confirm'; termsVersion: string }
  | { kind: 'decline' }
  | { kind: 'ignore' }
  | { kind: 'counter-offer'; input: CustomerCounterOfferInput };

/**
 * POST …/confirm (naming the terms shown, decision 019), …/decline, …/ignore or …/counter-offer
 * (with its body).
 */
export async function postOfferAction(responseId: string, action: OfferAction): Promise<OfferActionResult> {
  const body =
    action.kind === 'counter-offer'
      ? action.input
      : action.kind === 'confirm'
        ? ({ termsVersion: action.termsVersion } satisfies ConfirmOfferInput)
        : undefined;
  return OfferActionResultSchema.parse(
    await api.post<unknown>(`${offerPath(responseId)}/${action.kind}`, body),
  );
}
