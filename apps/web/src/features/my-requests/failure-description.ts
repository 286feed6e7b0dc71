import { isApiError } from '@/lib/api-client';

/**
 * The description of a failure toast: a client error (4xx) carries the server's user-facing reason,
 * such as why a resubmit is refused; anything else (network, 5xx) gets the spec's words.
 */
export function failureDescription(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}

/** Errors stay until dismissed or 8 s (UI guide). */
export const ERROR_TOAST_MS = 8000;
