import { describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES, AdminUserListQuerySchema, roleChangeProblem, suspensionProblem } from './users';

describe('roleChangeProblem', () => {
  it('refuses one’s own role and promoting a suspended account; allows the rest', () => {
    expect(roleChangeProblem('a', { userId: 'a', suspendedAt: null, deletedAt: null }, 'user')).toBe(
      ADMIN_USER_MESSAGES.ownRole,
    );
    expect(
      roleChangeProblem('a', { userId: 'b', suspendedAt: new Date(), deletedAt: null }, 'administrator'),
    ).toBe(ADMIN_USER_MESSAGES.promoteSuspended);
    expect(
      roleChangeProblem('a', { userId: 'b', suspendedAt: new Date(), deletedAt: null }, 'business_owner'),
    ).toBeNull();
    expect(
      roleChangeProblem('a', { userId: 'b', suspendedAt: null, deletedAt: null }, 'administrator'),
    ).toBeNull();
  });
});

describe('suspensionProblem', () => {
  it('refuses suspending oneself or an administrator; reinstating is always allowed', () => {
    expect(suspensionProblem('a', { userId: 'a', role: 'user', deletedAt: null }, true)).toBe(
      ADMIN_USER_MESSAGES.ownSuspension,
    );
    expect(suspensionProblem('a', { userId: 'b', role: 'administrator', deletedAt: null }, true)).toBe(
      ADMIN_USER_MESSAGES.suspendAdministrator,
    );
    expect(suspensionProblem('a', { userId: 'b', role: 'business_owner', deletedAt: null }, true)).toBeNull();
    expect(suspensionProblem('a', { userId: 'a', role: 'administrator', deletedAt: null }, false)).toBeNull();
  });
});

describe('a deleted account', () => {
  it('has nothing to change: no role, no suspension', () => {
    const gone = { userId: 'b', role: 'user' as const, suspendedAt: null, deletedAt: new Date() };
    expect(roleChangeProblem('a', gone, 'administrator')).toBe(ADMIN_USER_MESSAGES.deletedAccount);
    expect(suspensionProblem('a', gone, true)).toBe(ADMIN_USER_MESSAGES.deletedAccount);
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
