import { z } from 'zod';
import {
  MAX_BUSINESS_NAME_LENGTH,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '../shared/constants';
import { isCommonPassword } from './common-passwords';
import { ROLES } from './roles';

/** Messages of the sign-up and sign-in forms (spec 1 §5 gives the rules; these are the words). */
export const AUTH_MESSAGES = {
  displayNameRequired: 'Display name is required',
  displayNameTooLong: `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`,
  businessNameRequired: 'Business name is required for business owners',
  businessNameTooLong: `Business name must be at most ${MAX_BUSINESS_NAME_LENGTH} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  passwordTooCommon: 'This password is too common. Please choose a less guessable one.',
  accountTypeInvalid: 'Please choose an account type',
  credentialsMissing: 'You must provide either an email or phone number and a password',
  administratorExists:
    'An administrator already exists. Sign up as a user and ask an administrator to grant you access.',
  accountExists:
    'An account with this email already exists. Sign in instead, or reset your password if you have forgotten it.',
  signUpLimited:
    'Too many sign-up attempts for accounts that already exist. Please try again in an hour, or sign in instead.',
} as const;

/**
 * Text as people type it: no control characters (PostgreSQL cannot even store NUL), except tab and
 * line breaks where a field allows several lines.
 */
export function safeText(options: { multiline?: boolean } = {}) {
  /* eslint-disable no-control-regex -- matching control characters is the point */
  const forbidden = options.multiline
    ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
    : /[\u0000-\u001F\u007F]/;
  /* eslint-enable no-control-regex */
  return z.string().refine((s) => !forbidden.test(s), UNSUPPORTED_CHARACTERS);
}
export const UNSUPPORTED_CHARACTERS = 'Please remove the unsupported characters.';

export const EmailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

export const NewPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong)
  .refine((p) => !isCommonPassword(p), AUTH_MESSAGES.passwordTooCommon);

export const DisplayNameSchema = z
  .string({ error: AUTH_MESSAGES.displayNameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.displayNameRequired)
  .max(MAX_DISPLAY_NAME_LENGTH, AUTH_MESSAGES.displayNameTooLong)
  .pipe(safeText());

export const AccountTypeSchema = z.enum(ROLES, { error: AUTH_MESSAGES.accountTypeInvalid });

export const SignUpSchema = z
  .object({
    accountType: AccountTypeSchema,
    displayName: DisplayNameSchema,
    businessName: z
      .string()
      .trim()
      .max(MAX_BUSINESS_NAME_LENGTH, AUTH_MESSAGES.businessNameTooLong)
      .pipe(safeText())
      .optional(),
    email: EmailSchema,
    password: NewPasswordSchema,
  })
  .superRefine((value, ctx) => {
    if (value.accountType === 'business_owner' && !value.businessName?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['businessName'], message: AUTH_MESSAGES.businessNameRequired });
    }
  });
export type SignUp = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export const ResetPasswordSchema = z.object({ password: NewPasswordSchema });

/** The first message of a zod error, for places that show one line. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}
