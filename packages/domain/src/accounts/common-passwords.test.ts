import { describe, it, expect } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it.each([
    'password',
    '123456',
    'qwerty',
    'letmein',
    'iloveyou',
    'password1',
    'p@ssw0rd',
    'admin123',
    'grip123',
  ])('refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it('ignores case', () => {
    expect(isCommonPassword('PASSWORD')).toBe(true);
    expect(isCommonPassword('Password')).toBe(true);
    expect(isCommonPassword('LetMeIn')).toBe(true);
    expect(isCommonPassword('GRIP1234')).toBe(true);
  });

  it('checks the first and last entries of the list', () => {
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('grip1234')).toBe(true);
  });

  it('accepts uncommon passwords', () => {
    expect(isCommonPassword('xq7!pz')).toBe(false);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    expect(isCommonPassword('Tr0ub4dor&3')).toBe(false);
  });

  it('matches whole passwords only, not substrings or padded variants', () => {
    expect(isCommonPassword('password!')).toBe(false);
    expect(isCommonPassword('mypassword')).toBe(false);
    expect(isCommonPassword(' password')).toBe(false);
  });

  it('does not treat the empty string as a listed password', () => {
    expect(isCommonPassword('')).toBe(false);
  });
});
