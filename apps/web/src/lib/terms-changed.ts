import { TERMS_CHANGED } from '@grip/domain';
import { isApiError, type ApiError } from './api-client';

/**
 * The server refused an agreement because the terms it named are no longer the ones in force
 * (decision 019): the screen shows the new terms with the server's words, instead of a toast.
 */
export function isTermsChanged(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 409 && error.code === TERMS_CHANGED;
}
