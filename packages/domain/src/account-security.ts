/**
 * Settings → Security (issue 8, beyond the spec's non-functional section): change the password, and
 * see and end the sessions signed in to the account.
 */
import { z } from 'zod';
import { NewPasswordSchema } from './auth';

export const SECURITY_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is not right.',
  confirmMismatch: 'The new passwords do not match',
  samePassword: 'Choose a new password that is different from the current one',
  passwordChanged: 'Password changed',
  otherDevicesSignedOut: 'Every other device was signed out.',
  changeFailed: 'Failed to change your password. Please try again.',
  noPassword:
    'You sign in with Google, so there is no Grip password to change. Use “Forgot password” on the sign-in page to add one.',
  loadFailed: 'Failed to load your signed-in devices',
  sessionNotFound: 'That device is already signed out.',
  deviceSignedOut: 'Device signed out',
  deviceSignOutFailed: 'Failed to sign out that device. Please try again.',
} as const;

export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z
      .string({ error: SECURITY_MESSAGES.currentPasswordRequired })
      .min(1, SECURITY_MESSAGES.currentPasswordRequired),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: SECURITY_MESSAGES.confirmMismatch,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: SECURITY_MESSAGES.samePassword,
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

export const AccountSessionSchema = z.object({
  id: z.string(),
  /** The session this request came with: the device being used now. */
  isCurrent: z.boolean(),
  /** e.g. 'Chrome on Android' (from the browser's user agent). */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSecuritySchema = z.object({
  /** False for an account that only signs in with an identity provider. */
  hasPassword: z.boolean(),
  /** Signed-in sessions, most recently active first. */
  sessions: z.array(AccountSessionSchema),
});
export type AccountSecurity = z.infer<typeof AccountSecuritySchema>;

export const AccountSessionParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, SECURITY_MESSAGES.sessionNotFound),
});

/** A label to tell devices apart, e.g. 'Chrome on Android' (push devices and signed-in sessions). */
export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${system}`;
}
