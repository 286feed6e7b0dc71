import { CUSTOMER_OFFER_MESSAGES, type CustomerCounterOfferInput } from '@grip/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { isRequestChanged, isTermsChanged } from '@/lib/terms-changed';
import { markOfferViewed, postOfferAction, type OfferAction } from './offers-api';

/** Errors stay until dismissed or 8 s (UI guide). */
const ERROR_TOAST_MS = 8000;

/**
 * The description of a failed action: a 4xx carries the server's plain reason (the offer changed,
 * the request closed); anything else (network, 5xx) gets the spec's failure text.
 */
export function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

/**
 * One offer action. Whatever the outcome, My Requests, the offer and the navigation badges are
 * refreshed (a refusal usually means the offer changed under the customer; an action changes the
 * pending and confirmed counts); a confirmation also changes the upcoming bookings.
 * Toasts live here so they still show when the dialog that started the action has closed.
 */
function useOfferAction<Vars>(
  responseId: string,
  toAction: (vars: Vars) => OfferAction,
  texts: {
    success: (vars: Vars) => [string, string];
    failure: string;
    /** Refusals the screen explains in place (no toast). */
    isShownInPlace?: (error: unknown) => boolean;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars) => postOfferAction(responseId, toAction(vars)),
    onSuccess: (_result, vars) => {
      const [title, description] = texts.success(vars);
      toast.success(title, { description });
    },
    onError: (error) => {
      console.warn('Offer action failed', error);
      if (texts.isShownInPlace?.(error)) return;
      toast.error('Error', { description: failureText(error, texts.failure), duration: ERROR_TOAST_MS });
    },
    onSettled: (_result, _error, vars) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.requests });
      void queryClient.invalidateQueries({ queryKey: queryKeys.badges });
      if (toAction(vars).kind === 'confirm') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.upcomingBookings });
      }
    },
  });
}

/**
 * Confirm, naming the version of the terms the customer was shown (decision 019). When the business
 * changed them meanwhile the Confirm dialog shows the new terms with the server's words; when the
 * customer changed the request since the business's quote, it says the business must answer first.
 */
export function useConfirmOffer(responseId: string) {
  return useOfferAction<string>(responseId, (termsVersion) => ({ kind: 'confirm', termsVersion }), {
    success: () => [CUSTOMER_OFFER_MESSAGES.offerConfirmedTitle, CUSTOMER_OFFER_MESSAGES.offerConfirmed],
    failure: CUSTOMER_OFFER_MESSAGES.confirmFailed,
    isShownInPlace: (error) => isTermsChanged(error) || isRequestChanged(error),
  });
}

export function useDeclineOffer(responseId: string) {
  return useOfferAction<void>(responseId, () => ({ kind: 'decline' }), {
    success: () => [CUSTOMER_OFFER_MESSAGES.declinedTitle, CUSTOMER_OFFER_MESSAGES.declined],
    failure: CUSTOMER_OFFER_MESSAGES.declineFailed,
  });
}

export function useIgnoreOffer(responseId: string) {
  return useOfferAction<void>(responseId, () => ({ kind: 'ignore' }), {
    success: () => [CUSTOMER_OFFER_MESSAGES.ignoredTitle, CUSTOMER_OFFER_MESSAGES.ignored],
    failure: CUSTOMER_OFFER_MESSAGES.ignoreFailed,
  });
}

/** Spec 2 §8: 'Counter Offer Sent', with 'with images' when images went along. */
export function useSendCounterOffer(responseId: string) {
  return useOfferAction<CustomerCounterOfferInput>(
    responseId,
    (input) => ({ kind: 'counter-offer', input }),
    {
      success: (input) => [
        CUSTOMER_OFFER_MESSAGES.counterOfferSentTitle,
        (input.images?.length ?? 0) > 0
          ? CUSTOMER_OFFER_MESSAGES.counterOfferSentWithImages
          : CUSTOMER_OFFER_MESSAGES.counterOfferSent,
      ],
      failure: CUSTOMER_OFFER_MESSAGES.counterOfferFailed,
    },
  );
}

/**
 * Tells the server once per opening of the dialog that the customer saw the offer, then refreshes
 * My Requests so its NEW/EDITED badges drop, and the navigation badge counts (a NEW offer is a pending
 * response there). A failure only costs a badge, so it is just logged.
 */
export function useMarkOfferViewed(responseId: string) {
  const queryClient = useQueryClient();
  // A ref, not state: React's development double effects must not send it twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void markOfferViewed(responseId).then(
      () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.requests }),
          queryClient.invalidateQueries({ queryKey: queryKeys.badges }),
        ]),
      (error: unknown) => console.warn('Marking the offer viewed failed', error),
    );
  }, [queryClient, responseId]);
}
