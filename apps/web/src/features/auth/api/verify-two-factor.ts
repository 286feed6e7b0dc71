import { api } from '@/lib/api-client';

/**
 * The second step of signing in when two-factor is on. The password step left a short-lived
 * challenge cookie; these answer it with a code from the authenticator app or a backup code, and
 * the answer carries the session cookie. A 401 is a wrong code, never a lost session.
 */

export type SecondFactor = 'totp' | 'backup-code';

export interface SecondFactorInput {
  factor: SecondFactor;
  code: string;
  /** Skip the code on this browser for 30 days (a signed cookie the server can revoke). */
  trustDevice: boolean;
}

const PATHS: Record<SecondFactor, string> = {
  totp: '/api/auth/two-factor/verify-totp',
  'backup-code': '/api/auth/two-factor/verify-backup-code',
};

export function verifySecondFactor({ factor, code, trustDevice }: SecondFactorInput): Promise<unknown> {
  return api.post(PATHS[factor], { code, trustDevice }, { expectUnauthorized: true });
}

/** The password step's answer when a code is still needed (no session yet). */
export function needsSecondFactor(result: unknown): boolean {
  return (
    typeof result === 'object' &&
    result !== null &&
    (result as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}
