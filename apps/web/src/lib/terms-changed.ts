import { REQUEST_CHANGED, TERMS_CHANGED } from '@grip/domain';
import { isApiError, type ApiError } from './api-client';

/**
 * The server refused an agreement because the terms it named are no longer the ones in force
 * (decision 019): the screen shows the new terms with the server's words, instead of a toast.
 */
export function isTermsChanged(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 409 && error.code === TERMS_CHANGED;
}

/**
 * The customer's Confirm was refused because the business has not agreed to the request as the
 * customer since changed it (decision 019): nothing to re-read, the business must answer first.
 */
export function isRequestChanged(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 409 && error.code === REQUEST_CHANGED;
}
