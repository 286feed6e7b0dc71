/**
 * Role management (issue 7 item 8, beyond the spec): administrators list every account, change its
 * role and suspend it; and the spec's 'Grant myself admin' (spec 3 §6 and "grant-self-admin",
 * response success, message, alreadyAdmin), which works only while the platform has no administrator.
 */
import { z } from 'zod';
import { ROLES, type Role } from '../accounts/roles';

export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_USERS_PAGE_MAX = 100;

export const ADMIN_USER_MESSAGES = {
  administratorsOnly: 'Only administrators can manage users.',
  badCursor: 'That page cursor is not valid.',
  badLimit: `Limit must be a whole number from 1 to ${ADMIN_USERS_PAGE_MAX}.`,
  badRole: 'Please choose Customer, Business Owner or Administrator.',
  badRoleFilter: 'Please filter by Customer, Business Owner or Administrator.',
  userNotFound: 'User not found.',
  loadFailed: 'Failed to load users',
  noUsers: 'No users yet',
  noMatches: 'No users match your search',
  ownRole: 'You cannot change your own role. Ask another administrator.',
  ownSuspension: 'You cannot suspend your own account.',
  suspendAdministrator: 'Remove the administrator role before suspending this account.',
  promoteSuspended: 'Reinstate this account before making it an administrator.',
  deletedAccount: 'This account was deleted by its owner; there is nothing to change.',
  roleChanged: 'Role updated',
  roleChangeFailed: 'Failed to update the role',
  suspended: 'User suspended',
  reinstated: 'User reinstated',
  suspendFailed: 'Failed to suspend the user',
  reinstateFailed: 'Failed to reinstate the user',
} as const;

/** What a suspended person reads when they try to sign in. */
export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account is suspended. Please contact the platform administrators.';

const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const AdminUserListQuerySchema = z.object({
  /** The nextCursor of the previous page (opaque). */
  cursor: z.preprocess(
    emptyAsAbsent,
    z
      .string()
      .max(600, ADMIN_USER_MESSAGES.badCursor)
      .regex(/^[A-Za-z0-9_-]+$/, ADMIN_USER_MESSAGES.badCursor)
      .optional(),
  ),
  limit: z.preprocess(
    emptyAsAbsent,
    z.coerce
      .number({ error: ADMIN_USER_MESSAGES.badLimit })
      .int(ADMIN_USER_MESSAGES.badLimit)
      .min(1, ADMIN_USER_MESSAGES.badLimit)
      .max(ADMIN_USERS_PAGE_MAX, ADMIN_USER_MESSAGES.badLimit)
      .default(ADMIN_USERS_PAGE_SIZE),
  ),
  /** Part of the email, the account name, the display name or the business name; blank means all. */
  q: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.string().max(100, 'Please type at most 100 characters.').optional(),
  ),
  role: z.preprocess(emptyAsAbsent, z.enum(ROLES, { error: ADMIN_USER_MESSAGES.badRoleFilter }).optional()),
});
export type AdminUserListQuery = z.output<typeof AdminUserListQuerySchema>;

export const AdminUserParamsSchema = z.object({
  userId: z
    .string()
    .min(1, ADMIN_USER_MESSAGES.userNotFound)
    .max(100, ADMIN_USER_MESSAGES.userNotFound)
    .regex(/^[A-Za-z0-9_-]+$/, ADMIN_USER_MESSAGES.userNotFound),
});

export const AdminUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** The name the person goes by: business name for a business, else display name, else account name. */
  name: z.string(),
  role: z.enum(ROLES),
  /** When the account was suspended; null while it may sign in. */
  suspendedAt: z.string().nullable(),
  /** When the person deleted the account (anonymised, cannot sign in); nothing more to manage. */
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = z.object({
  items: z.array(AdminUserSchema),
  nextCursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const RoleChangeInputSchema = z.object({
  role: z.enum(ROLES, { error: ADMIN_USER_MESSAGES.badRole }),
});

export const SuspensionInputSchema = z.object({ suspended: z.boolean() });

/**
 * Why an administrator may not make this change, or null when they may. Nobody changes or suspends
 * themselves (so the platform always keeps the administrator doing it), and an administrator is
 * demoted before being suspended (one administrator cannot lock another out in one step).
 */
export function roleChangeProblem(
  actorId: string,
  target: { userId: string; suspendedAt: unknown; deletedAt: unknown },
  role: Role,
): string | null {
  if (actorId === target.userId) return ADMIN_USER_MESSAGES.ownRole;
  if (target.deletedAt) return ADMIN_USER_MESSAGES.deletedAccount;
  if (role === 'administrator' && target.suspendedAt) return ADMIN_USER_MESSAGES.promoteSuspended;
  return null;
}

export function suspensionProblem(
  actorId: string,
  target: { userId: string; role: Role; deletedAt: unknown },
  suspend: boolean,
): string | null {
  if (target.deletedAt) return ADMIN_USER_MESSAGES.deletedAccount;
  if (!suspend) return null;
  if (actorId === target.userId) return ADMIN_USER_MESSAGES.ownSuspension;
  if (target.role === 'administrator') return ADMIN_USER_MESSAGES.suspendAdministrator;
  return null;
}

/** Spec 3 "grant-self-admin. Response: success, message, alreadyAdmin." */
export const GrantSelfAdminResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  alreadyAdmin: z.boolean(),
});
export type GrantSelfAdminResponse = z.infer<typeof GrantSelfAdminResponseSchema>;

/** Whether 'Grant myself admin' can work for the caller right now (the platform has no administrator). */
export const SelfGrantAvailabilitySchema = z.object({ available: z.boolean() });

export const GRANT_SELF_ADMIN_MESSAGES = {
  action: 'Grant myself admin',
  // Spec 3 §6: the settings failure after which the action appears.
  settingsRefused: "You don't have permission to update settings.",
  granted: 'You are now an administrator.',
  alreadyAdmin: 'You are already an administrator.',
  // Spec 3 §8 'Grant failed...' messages.
  refused: 'Grant failed: this platform already has an administrator. Ask them to grant you access.',
  failed: 'Grant failed: please try again.',
  explainer:
    'This platform has no administrator yet. The first person to claim the role runs the platform: statistics, settings, exports and every business profile.',
} as const;
