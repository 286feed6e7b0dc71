import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  safeText,
  UNSUPPORTED_CHARACTERS,
  AUTH_MESSAGES,
  AccountTypeSchema,
  EmailSchema,
  ForgotPasswordSchema,
  NewPasswordSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
  firstIssueMessage,
} from './auth';

const validUser = {
  accountType: 'user',
  displayName: 'Jane Doe',
  email: 'jane@example.com',
  password: 'tr0ub4dor&3',
};
const validBusiness = {
  accountType: 'business_owner',
  displayName: 'Bob Builder',
  businessName: 'Bob Builds Pty Ltd',
  email: 'bob@example.com',
  password: 'c0rrect-h0rse',
};

/** The messages of a failed parse, keyed by the first path segment ('' for the root). */
function issuesOf(result: { success: boolean; error?: z.ZodError }): Record<string, string[]> {
  expect(result.success).toBe(false);
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0] ?? '');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

function messagesOf(result: { success: boolean; error?: z.ZodError }): string[] {
  return Object.values(issuesOf(result)).flat();
}

describe('AUTH_MESSAGES', () => {
  it('spell out the limits', () => {
    expect(AUTH_MESSAGES.passwordTooShort).toBe('Password must be at least 6 characters');
    expect(AUTH_MESSAGES.passwordTooLong).toBe('Password must be at most 128 characters');
    expect(AUTH_MESSAGES.displayNameTooLong).toBe('Display name must be at most 100 characters');
    expect(AUTH_MESSAGES.businessNameTooLong).toBe('Business name must be at most 120 characters');
  });

  it('carry the authentication-layer message of spec 1 §5 verbatim', () => {
    expect(AUTH_MESSAGES.credentialsMissing).toBe(
      'You must provide either an email or phone number and a password',
    );
  });

  it('are all distinct and non-empty', () => {
    const values = Object.values(AUTH_MESSAGES);
    expect(new Set(values).size).toBe(values.length);
    for (const v of values) expect(v.trim()).not.toBe('');
  });
});

describe('SignUpSchema', () => {
  describe('valid sign-ups', () => {
    it('accepts a user', () => {
      const result = SignUpSchema.safeParse(validUser);
      expect(result.success).toBe(true);
      expect(result.data).toMatchObject({
        accountType: 'user',
        displayName: 'Jane Doe',
        email: 'jane@example.com',
      });
    });

    it('accepts a user without a business name, or with an empty one', () => {
      expect(SignUpSchema.safeParse({ ...validUser, businessName: undefined }).success).toBe(true);
      expect(SignUpSchema.safeParse({ ...validUser, businessName: '' }).success).toBe(true);
      expect(SignUpSchema.safeParse({ ...validUser, businessName: '   ' }).success).toBe(true);
    });

    it('accepts a business owner with a business name', () => {
      const result = SignUpSchema.safeParse(validBusiness);
      expect(result.success).toBe(true);
      expect(result.data?.businessName).toBe('Bob Builds Pty Ltd');
    });

    it('accepts an administrator (the server decides whether one already exists)', () => {
      expect(SignUpSchema.safeParse({ ...validUser, accountType: 'administrator' }).success).toBe(true);
    });

    it('accepts a 6-character uncommon password (the minimum)', () => {
      expect(SignUpSchema.safeParse({ ...validUser, password: 'xq7!pz' }).success).toBe(true);
    });

    it('accepts a 128-character password (the maximum)', () => {
      expect(SignUpSchema.safeParse({ ...validUser, password: 'a1'.repeat(64) }).success).toBe(true);
    });

    it('trims the display name, business name and email', () => {
      const result = SignUpSchema.safeParse({
        ...validBusiness,
        displayName: '  Bob  ',
        businessName: '  Bob Builds  ',
        email: '  bob@example.com ',
      });
      expect(result.success).toBe(true);
      expect(result.data).toMatchObject({
        displayName: 'Bob',
        businessName: 'Bob Builds',
        email: 'bob@example.com',
      });
    });

    it('does not trim the password', () => {
      const result = SignUpSchema.safeParse({ ...validUser, password: '  xq7!pz  ' });
      expect(result.data?.password).toBe('  xq7!pz  ');
    });

    it('accepts names at their maximum lengths', () => {
      expect(
        SignUpSchema.safeParse({
          ...validBusiness,
          displayName: 'd'.repeat(100),
          businessName: 'b'.repeat(120),
        }).success,
      ).toBe(true);
    });
  });

  describe('display name', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['blank', '   '],
      ['not a string', 42],
    ])("is required when %s: '%s'", (_label, displayName) => {
      expect(issuesOf(SignUpSchema.safeParse({ ...validUser, displayName })).displayName).toEqual([
        AUTH_MESSAGES.displayNameRequired,
      ]);
    });

    it('is at most 100 characters', () => {
      expect(
        issuesOf(SignUpSchema.safeParse({ ...validUser, displayName: 'd'.repeat(101) })).displayName,
      ).toEqual([AUTH_MESSAGES.displayNameTooLong]);
    });
  });

  describe('business name', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['blank', '   '],
    ])('is required for a business owner when %s', (_label, businessName) => {
      expect(issuesOf(SignUpSchema.safeParse({ ...validBusiness, businessName })).businessName).toEqual([
        AUTH_MESSAGES.businessNameRequired,
      ]);
    });

    it('is reported even when other fields are also wrong', () => {
      const issues = issuesOf(
        SignUpSchema.safeParse({ ...validBusiness, businessName: '', displayName: '', password: 'x' }),
      );
      expect(issues.businessName).toEqual([AUTH_MESSAGES.businessNameRequired]);
      expect(issues.displayName).toEqual([AUTH_MESSAGES.displayNameRequired]);
      expect(issues.password).toEqual([AUTH_MESSAGES.passwordTooShort]);
    });

    it('is at most 120 characters', () => {
      expect(
        issuesOf(SignUpSchema.safeParse({ ...validBusiness, businessName: 'b'.repeat(121) })).businessName,
      ).toContain(AUTH_MESSAGES.businessNameTooLong);
    });
  });

  describe('email', () => {
    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['blank', '   '],
    ])('is required when %s', (_label, email) => {
      expect(issuesOf(SignUpSchema.safeParse({ ...validUser, email })).email).toEqual([
        AUTH_MESSAGES.emailRequired,
      ]);
    });

    it.each([
      'not-an-email',
      'jane@',
      '@example.com',
      'jane@example',
      'jane example@example.com',
      'jane@@example.com',
    ])('rejects %s as invalid', (email) => {
      expect(issuesOf(SignUpSchema.safeParse({ ...validUser, email })).email).toEqual([
        AUTH_MESSAGES.emailInvalid,
      ]);
    });
  });

  describe('password', () => {
    it.each([
      ['missing', undefined],
      ['not a string', 123456],
    ])('is required when %s', (_label, password) => {
      expect(issuesOf(SignUpSchema.safeParse({ ...validUser, password })).password).toEqual([
        AUTH_MESSAGES.passwordRequired,
      ]);
    });

    it("reports 'required' first when empty", () => {
      expect(issuesOf(SignUpSchema.safeParse({ ...validUser, password: '' })).password?.[0]).toBe(
        AUTH_MESSAGES.passwordRequired,
      );
    });

    it('rejects a 5-character password as too short', () => {
      expect(issuesOf(SignUpSchema.safeParse({ ...validUser, password: 'xq7!p' })).password).toEqual([
        AUTH_MESSAGES.passwordTooShort,
      ]);
    });

    it('rejects a 129-character password as too long', () => {
      expect(
        issuesOf(SignUpSchema.safeParse({ ...validUser, password: 'a1'.repeat(64) + 'x' })).password,
      ).toEqual([AUTH_MESSAGES.passwordTooLong]);
    });

    it.each(['password', 'PASSWORD', 'Password1', 'qwerty123', 'letmein', 'grip1234'])(
      'rejects the common password %s',
      (password) => {
        expect(issuesOf(SignUpSchema.safeParse({ ...validUser, password })).password).toEqual([
          AUTH_MESSAGES.passwordTooCommon,
        ]);
      },
    );
  });

  describe('account type', () => {
    it.each([
      ['missing', undefined],
      ['unknown', 'superuser'],
      ['empty', ''],
      ['wrong case', 'USER'],
    ])('is rejected when %s', (_label, accountType) => {
      expect(issuesOf(SignUpSchema.safeParse({ ...validUser, accountType })).accountType).toEqual([
        AUTH_MESSAGES.accountTypeInvalid,
      ]);
    });
  });

  it('reports every field of an empty form', () => {
    const issues = issuesOf(SignUpSchema.safeParse({}));
    expect(issues).toEqual({
      accountType: [AUTH_MESSAGES.accountTypeInvalid],
      displayName: [AUTH_MESSAGES.displayNameRequired],
      email: [AUTH_MESSAGES.emailRequired],
      password: [AUTH_MESSAGES.passwordRequired],
    });
  });

  it('produces every client-side message of AUTH_MESSAGES from some bad input', () => {
    const produced = new Set(
      [
        { ...validUser, displayName: '' },
        { ...validUser, displayName: 'd'.repeat(101) },
        { ...validBusiness, businessName: '' },
        { ...validBusiness, businessName: 'b'.repeat(121) },
        { ...validUser, email: '' },
        { ...validUser, email: 'nope' },
        { ...validUser, password: undefined },
        { ...validUser, password: 'xq7!p' },
        { ...validUser, password: 'x'.repeat(129) },
        { ...validUser, password: 'password' },
        { ...validUser, accountType: 'nope' },
      ].flatMap((input) => messagesOf(SignUpSchema.safeParse(input))),
    );
    // These come from the server, not from these schemas.
    const serverSide = ['credentialsMissing', 'administratorExists', 'accountExists', 'signUpLimited'];
    const clientSide = Object.entries(AUTH_MESSAGES)
      .filter(([key]) => !serverSide.includes(key))
      .map(([, message]) => message);
    for (const message of clientSide) expect(produced).toContain(message);
  });
});

describe('SignInSchema', () => {
  it('accepts an email and any non-empty password', () => {
    expect(SignInSchema.safeParse({ email: 'jane@example.com', password: 'x' }).success).toBe(true);
  });

  it('does not apply the sign-up password rules (length, common list)', () => {
    expect(SignInSchema.safeParse({ email: 'jane@example.com', password: 'abc' }).success).toBe(true);
    expect(SignInSchema.safeParse({ email: 'jane@example.com', password: 'password' }).success).toBe(true);
    expect(SignInSchema.safeParse({ email: 'jane@example.com', password: 'x'.repeat(500) }).success).toBe(
      true,
    );
  });

  it('trims the email', () => {
    expect(SignInSchema.safeParse({ email: ' jane@example.com ', password: 'x' }).data?.email).toBe(
      'jane@example.com',
    );
  });

  it('requires both fields', () => {
    expect(issuesOf(SignInSchema.safeParse({}))).toEqual({
      email: [AUTH_MESSAGES.emailRequired],
      password: [AUTH_MESSAGES.passwordRequired],
    });
    expect(issuesOf(SignInSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: [AUTH_MESSAGES.emailRequired],
      password: [AUTH_MESSAGES.passwordRequired],
    });
  });

  it('rejects an invalid email', () => {
    expect(issuesOf(SignInSchema.safeParse({ email: 'jane', password: 'x' })).email).toEqual([
      AUTH_MESSAGES.emailInvalid,
    ]);
  });
});

describe('EmailSchema, NewPasswordSchema, AccountTypeSchema', () => {
  it('EmailSchema accepts a plain address', () => {
    expect(EmailSchema.safeParse('a.b+c@sub.example.com.au').success).toBe(true);
  });

  it('NewPasswordSchema enforces 6..128 and the common list', () => {
    expect(NewPasswordSchema.safeParse('xq7!pz').success).toBe(true);
    expect(NewPasswordSchema.safeParse('xq7!p').success).toBe(false);
    expect(NewPasswordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(NewPasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
    expect(NewPasswordSchema.safeParse('monkey').success).toBe(false);
  });

  it('AccountTypeSchema accepts the three roles only', () => {
    for (const role of ['user', 'business_owner', 'administrator'])
      expect(AccountTypeSchema.safeParse(role).success).toBe(true);
    expect(AccountTypeSchema.safeParse('guest').error?.issues[0]?.message).toBe(
      AUTH_MESSAGES.accountTypeInvalid,
    );
  });
});

describe('ForgotPasswordSchema and ResetPasswordSchema', () => {
  it('ForgotPasswordSchema needs a valid email', () => {
    expect(ForgotPasswordSchema.safeParse({ email: 'jane@example.com' }).success).toBe(true);
    expect(issuesOf(ForgotPasswordSchema.safeParse({ email: '' })).email).toEqual([
      AUTH_MESSAGES.emailRequired,
    ]);
    expect(issuesOf(ForgotPasswordSchema.safeParse({ email: 'jane' })).email).toEqual([
      AUTH_MESSAGES.emailInvalid,
    ]);
  });

  it('ResetPasswordSchema applies the new-password rules', () => {
    expect(ResetPasswordSchema.safeParse({ password: 'xq7!pz' }).success).toBe(true);
    expect(issuesOf(ResetPasswordSchema.safeParse({ password: 'xq7!p' })).password).toEqual([
      AUTH_MESSAGES.passwordTooShort,
    ]);
    expect(issuesOf(ResetPasswordSchema.safeParse({ password: '123456' })).password).toEqual([
      AUTH_MESSAGES.passwordTooCommon,
    ]);
  });
});

describe('firstIssueMessage', () => {
  it('returns the first issue message of a zod error', () => {
    const result = SignInSchema.safeParse({});
    expect(firstIssueMessage(result.error!)).toBe(AUTH_MESSAGES.emailRequired);
  });

  it("falls back to 'Invalid input' for an error without issues", () => {
    expect(firstIssueMessage(new z.ZodError([]))).toBe('Invalid input');
  });
});

describe('safe text', () => {
  it('refuses control characters in names, allows line breaks only where asked', () => {
    const result = SignUpSchema.safeParse({
      accountType: 'business_owner',
      displayName: 'Pat\u0000',
      businessName: 'Pat Plumbing',
      email: 'pat@example.com',
      password: 'tulip-garden-9',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(UNSUPPORTED_CHARACTERS);
    expect(safeText().safeParse('two\nlines').success).toBe(false);
    expect(safeText({ multiline: true }).safeParse('two\nlines\twith tab').success).toBe(true);
    expect(safeText({ multiline: true }).safeParse('nul\u0000').success).toBe(false);
  });
});
