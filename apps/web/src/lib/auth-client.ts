import type { Role, SignOutScopeSchema } from '@grip/domain';
import type { z } from 'zod';
import { ApiError, api } from './api-client';

/**
 * Calls to the authentication endpoints (Better Auth under /api/auth, our session route for sign-out).
 * Plain fetches keep the auth library's client out of the bundle; the server owns every rule.
 */

export type SignOutScope = z.infer<typeof SignOutScopeSchema>;

export interface SignUpInput {
  displayName: string;
  email: string;
  password: string;
  role: Role;
  businessName?: string;
}

export const PASSWORD_RESET_REDIRECT = '/auth?mode=reset';
export const GOOGLE_ERROR_CALLBACK = '/auth?error=google';

export function signUpWithEmail(input: SignUpInput): Promise<unknown> {
  return api.post(
    '/api/auth/sign-up/email',
    {
      name: input.displayName,
      email: input.email,
      password: input.password,
      role: input.role,
      ...(input.role === 'business_owner' && input.businessName ? { businessName: input.businessName } : {}),
      callbackURL: '/',
    },
    { expectUnauthorized: true },
  );
}

export function signInWithEmail(input: { email: string; password: string }): Promise<unknown> {
  return api.post('/api/auth/sign-in/email', input, { expectUnauthorized: true });
}

/** Starts Google sign-in; resolves with the provider URL to send the browser to. */
export async function startGoogleSignIn(role: Role | undefined): Promise<string> {
  const result = await api.post<{ url?: string; redirect?: boolean }>(
    '/api/auth/sign-in/social',
    {
      provider: 'google',
      callbackURL: '/',
      newUserCallbackURL: '/',
      errorCallbackURL: GOOGLE_ERROR_CALLBACK,
      ...(role ? { additionalData: { role } } : {}),
    },
    { expectUnauthorized: true },
  );
  if (!result?.url) throw new ApiError(500, 'Google sign in is not available right now.');
  return result.url;
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return api.post('/api/auth/request-password-reset', { email, redirectTo: PASSWORD_RESET_REDIRECT });
}

export function resetPassword(input: { newPassword: string; token: string }): Promise<unknown> {
  return api.post('/api/auth/reset-password', input, { expectUnauthorized: true });
}

/** Ends the session here or everywhere. 401/403/404 mean there is no session left to end (spec 1 §8). */
export async function signOut(scope: SignOutScope): Promise<void> {
  try {
    await api.post('/api/session/sign-out', { scope }, { expectUnauthorized: true });
  } catch (error) {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return;
    throw error;
  }
}
