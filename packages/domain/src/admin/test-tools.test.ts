import { describe, expect, it } from 'vitest';
import {
  ADMIN_TEST_TOOL_MESSAGES as M,
  PlaceSearchQuerySchema,
  testPhoneError,
  TestEmailInputSchema,
  TestSmsInputSchema,
} from './test-tools';

describe('test tool inputs', () => {
  it('needs an email address to test (spec text), a valid one, trimmed', () => {
    expect(TestEmailInputSchema.safeParse({ to: ' ' }).error?.issues[0]?.message).toBe(
      'Please enter an email address to test.',
    );
    expect(TestEmailInputSchema.safeParse({ to: 'nope' }).error?.issues[0]?.message).toBe(M.emailInvalid);
    expect(TestEmailInputSchema.parse({ to: ' a@b.example ' })).toEqual({ to: 'a@b.example' });
  });

  it('needs a phone number with its country code, and sends it in international form', () => {
    expect(testPhoneError(' ')).toBe('Phone number required');
    expect(testPhoneError('0412 345 678')).toBe(M.phoneCountryCode);
    expect(testPhoneError('+1')).toBe(M.phoneInvalid);
    expect(testPhoneError('+61 (412) 345-678')).toBeNull();
    expect(TestSmsInputSchema.parse({ to: '+61 412 345 678' })).toEqual({ to: '+61412345678' });
    expect(TestSmsInputSchema.safeParse({ to: '0412345678' }).error?.issues[0]?.message).toBe(
      M.phoneCountryCode,
    );
  });

  it('needs a non-blank search query', () => {
    expect(PlaceSearchQuerySchema.safeParse({ q: '  ' }).error?.issues[0]?.message).toBe(
      'Please enter a search query',
    );
    expect(PlaceSearchQuerySchema.parse({ q: ' pools ' })).toEqual({ q: 'pools' });
  });
});
