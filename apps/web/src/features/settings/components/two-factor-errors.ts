import { SECURITY_MESSAGES, TWO_FACTOR_MESSAGES } from '@grip/domain';
import { isApiError } from '@/lib/api-client';

/**
 * What to say under the field when turning two-factor on or off fails: the auth library's codes in
 * our words; a rate limit in the server's words (it says how long to wait); otherwise `fallback`.
 */
export function twoFactorErrorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.code === 'INVALID_PASSWORD') return SECURITY_MESSAGES.currentPasswordWrong;
  if (error.code === 'NO_PASSWORD') return TWO_FACTOR_MESSAGES.noPassword;
  if (error.code === 'INVALID_CODE') return TWO_FACTOR_MESSAGES.codeWrong;
  if (error.status === 429 || error.status === 0) return error.message;
  return fallback;
}
