import { describe, expect, it } from 'vitest';
import {
  ADMIN_USER_MESSAGES,
  AdminUserListQuerySchema,
  roleChangeProblem,
  suspensionProblem,
} from './admin-users';

describe('roleChangeProblem', () => {
  it('refuses one’s own role and promoting a suspended account; allows the rest', () => {
    expect(roleChangeProblem('a', { userId: 'a', suspendedAt: null }, 'user')).toBe(
      ADMIN_USER_MESSAGES.ownRole,
    );
    expect(roleChangeProblem('a', { userId: 'b', suspendedAt: new Date() }, 'administrator')).toBe(
      ADMIN_USER_MESSAGES.promoteSuspended,
    );
    expect(roleChangeProblem('a', { userId: 'b', suspendedAt: new Date() }, 'business_owner')).toBeNull();
    expect(roleChangeProblem('a', { userId: 'b', suspendedAt: null }, 'administrator')).toBeNull();
  });
});

describe('suspensionProblem', () => {
  it('refuses suspending oneself or an administrator; reinstating is always allowed', () => {
    expect(suspensionProblem('a', { userId: 'a', role: 'user' }, true)).toBe(
      ADMIN_USER_MESSAGES.ownSuspension,
    );
    expect(suspensionProblem('a', { userId: 'b', role: 'administrator' }, true)).toBe(
      ADMIN_USER_MESSAGES.suspendAdministrator,
    );
    expect(suspensionProblem('a', { userId: 'b', role: 'business_owner' }, true)).toBeNull();
    expect(suspensionProblem('a', { userId: 'a', role: 'administrator' }, false)).toBeNull();
  });
});

describe('AdminUserListQuerySchema', () => {
  it('reads blanks as absent and refuses unknown roles', () => {
    expect(AdminUserListQuerySchema.parse({ q: '  ', role: '', cursor: '' })).toEqual({ limit: 25 });
    expect(AdminUserListQuerySchema.safeParse({ role: 'root' }).error?.issues[0]?.message).toBe(
      ADMIN_USER_MESSAGES.badRoleFilter,
    );
  });
});
