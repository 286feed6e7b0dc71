/**
 * Settings → Security (issue 8, beyond the spec's non-functional section): change the password,
 * see and end the sessions signed in to the account, and two-factor sign-in with an authenticator app.
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
  /** Signing in with the password also asks for a code from an authenticator app. */
  twoFactorEnabled: z.boolean(),
  /** Signed-in sessions, most recently active first. */
  sessions: z.array(AccountSessionSchema),
});
export type AccountSecurity = z.infer<typeof AccountSecuritySchema>;

/** How long the account refuses codes after too many wrong ones in a row (the server's setting). */
export const TWO_FACTOR_LOCK_MINUTES = 15;
/** How long "Trust this device" skips the code on this browser. */
export const TRUST_DEVICE_DAYS = 30;

export const TWO_FACTOR_MESSAGES = {
  title: 'Two-factor authentication',
  isOn: 'On. Signing in with your password also asks for a code from your authenticator app.',
  isOff: 'Add a code from an authenticator app to your password, so a stolen password alone cannot get in.',
  noPassword:
    'Two-factor authentication needs a Grip password, and you sign in with Google. Your Google account’s own 2-Step Verification protects that sign-in. To use it here, add a password first with “Forgot password” on the sign-in page.',
  passwordRequired: 'Please enter your password',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is the 6 digits your authenticator app shows',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  backupCodeRequired: 'Enter one of your backup codes',
  backupCodeWrong: 'That backup code is not right, or it has already been used.',
  challengeExpired: 'Too many tries, or it took too long. Please sign in again with your password.',
  locked: `Too many wrong codes. Please wait ${TWO_FACTOR_LOCK_MINUTES} minutes and try again.`,
  enabled: 'Two-factor authentication is on',
  disabled: 'Two-factor authentication is off',
  enableFailed: 'Failed to turn on two-factor authentication. Please try again.',
  disableFailed: 'Failed to turn off two-factor authentication. Please try again.',
  backupCodesAdvice:
    'Keep these backup codes somewhere safe, such as a password manager. If you lose your phone, each code signs you in once. They will not be shown again.',
  backupCodesCopied: 'Backup codes copied',
  copyFailed: 'Could not copy. Select the codes and copy them yourself.',
} as const;

/** A code from an authenticator app: 6 digits (spaces people type between them are dropped). */
export const TotpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.codeRequired)
      .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat),
  );

/** A backup code as shown once at set-up, e.g. 'aB3dE-fG5hJ'. */
export const BackupCodeSchema = z
  .string()
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.backupCodeRequired)
  .max(64, TWO_FACTOR_MESSAGES.backupCodeWrong);

/** Turning two-factor on or off starts with the account's password (the auth library checks it). */
export const TwoFactorPasswordSchema = z.object({
  password: z.string().min(1, TWO_FACTOR_MESSAGES.passwordRequired),
});

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
