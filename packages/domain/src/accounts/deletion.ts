/**
 * Settings → Delete Account (issue 8; the spec shows the button with no action). Grip anonymises
 * rather than erases: bookings and conversations the other party relies on stay, without the
 * person. What is removed or kept is listed in DELETION_CONSEQUENCES, shown before confirming.
 */
import { z } from 'zod';

/** Typed by the person to confirm. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';
/** The name a deleted account goes by wherever its past bookings and messages are shown. */
export const DELETED_ACCOUNT_NAME = 'Deleted user';

export const ACCOUNT_DELETION_MESSAGES = {
  title: 'Delete Account',
  confirmationRequired: `Type ${DELETE_CONFIRMATION_WORD} to confirm`,
  passwordRequired: 'Please enter your password',
  passwordWrong: 'Your password is not right.',
  lastAdministrator:
    'You are the only administrator. Make someone else an administrator before deleting your account.',
  deleted: 'Your account has been deleted.',
  failed: 'Failed to delete your account. Please try again.',
} as const;

export const DELETION_CONSEQUENCES = [
  'You are signed out on every device and cannot sign in again with this email.',
  'Your name, email, phone, address, picture and business details are removed.',
  'Requests that no business has been booked for are withdrawn; quotes not yet accepted are withdrawn.',
  'Booked and completed jobs stay for the other side’s records, shown as “Deleted user”.',
] as const;

export const DeleteAccountInputSchema = z.object({
  /** Required when the account has a password (an identity-provider-only account has none). */
  password: z.string().max(200).optional(),
  confirmation: z.literal(DELETE_CONFIRMATION_WORD, {
    error: ACCOUNT_DELETION_MESSAGES.confirmationRequired,
  }),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;

/** The address a deleted account keeps: unique, and unable to receive mail (.invalid, RFC 2606). */
export function deletedAccountEmail(userId: string): string {
  return `deleted.${userId}@deleted.invalid`;
}
