import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { isCommonPassword } from '@grip/domain';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 10,000 most common passwords of zxcvbn's breach-derived list, plus the domain's short list
 * (which the browser checks too). Refusing more would start to refuse reasonable passphrases.
 */
const COMMON = new Set((dictionary['passwords-common'] as string[]).slice(0, 10_000));

export function isRefusedPassword(password: string): boolean {
  return isCommonPassword(password) || COMMON.has(password.toLowerCase());
}

/**
 * Password hashing for the automated tests only (NODE_ENV=test): still a salted scrypt, at a work
 * factor 64 times lower than the production default, because the suites sign up hundreds of accounts
 * on two cores. Production and development keep Better Auth's own hashing.
 */
export const testPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    const key = await scryptAsync(password.normalize('NFKC'), salt);
    return `test-scrypt:${salt}:${key.toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [scheme, salt, key] = hash.split(':');
    if (scheme !== 'test-scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await scryptAsync(password.normalize('NFKC'), salt);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};

function scryptAsync(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, 64, { N: 256, r: 16, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}
