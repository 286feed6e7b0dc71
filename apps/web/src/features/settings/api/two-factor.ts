import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKey } from './security';

/**
 * Two-factor sign-in through the auth library's plugin (/api/auth/two-factor/*). A 401 here is a
 * wrong code, not a lost session, so none of these sign the person out locally.
 */

export interface TwoFactorSetup {
  /** otpauth:// link for the authenticator app (shown as a QR code and as its secret). */
  totpURI: string;
  /** Shown once: each signs in once in place of a code. */
  backupCodes: string[];
}

/**
 * Starts set-up: checks the password and returns a new secret and backup codes. Nothing changes
 * at sign-in until the first code is confirmed with useConfirmTwoFactor.
 */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (password: string) =>
      api.post<TwoFactorSetup>('/api/auth/two-factor/enable', { password }, { expectUnauthorized: true }),
  });
}

/**
 * Confirms set-up with a code from the app; only then is two-factor on. The library swaps this
 * device's session for a new one (its cookie comes with the answer), so the device list refreshes.
 */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<unknown>('/api/auth/two-factor/verify-totp', { code }, { expectUnauthorized: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKey }),
  });
}

/** Turns two-factor off with the password; the secret and backup codes are deleted. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api.post<unknown>('/api/auth/two-factor/disable', { password }, { expectUnauthorized: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKey }),
  });
}

/** The Base32 secret of an otpauth:// link, for typing into an app that cannot scan. */
export function totpSecretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}
