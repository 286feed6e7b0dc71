import { isApiError } from './api-client';

/** The user-facing text of a failed call: the server's message, or a plain fallback. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isApiError(error)) return error.message;
  return fallback;
}
