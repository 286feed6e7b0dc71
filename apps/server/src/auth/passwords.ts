import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { isCommonPassword } from '@grip/domain';
import { dictionary } from '@zxcvbn-ts/language-common';
import { verifyPassword as verifyBetterAuthDefault } from 'better-auth/crypto';

/**
 * The 10,000 most common passwords of zxcvbn's breach-derived list, plus the domain's short list
 * (which the browser checks too). Refusing more would start to refuse reasonable passphrases.
 */
const COMMON = new Set((dictionary['passwords-common'] as string[]).slice(0, 10_000));

export function isRefusedPassword(password: string): boolean {
  return isCommonPassword(password) || COMMON.has(password.toLowerCase());
}

/** scrypt's work factors: N = 2^ln (CPU and memory), r (block size), p (parallel lanes). */
export interface ScryptParams {
  ln: number;
  r: number;
  p: number;
}

/**
 * OWASP Password Storage Cheat Sheet: scrypt at N=2^17, r=8, p=1, or one of its listed equivalents.
 * N=2^15, r=8, p=3 is one of them and needs 32 MiB a hash instead of 128 MiB, which matters on a
 * small self-hosted machine signing several people in at once (about 0.15 s a hash on one core).
 */
export const PASSWORD_HASH_PARAMS: ScryptParams = { ln: 15, r: 8, p: 3 };

/**
 * For the automated tests only (NODE_ENV=test): the same scheme at a work factor hundreds of times
 * lower, because the suites sign up hundreds of accounts on two cores.
 */
export const TEST_PASSWORD_HASH_PARAMS: ScryptParams = { ln: 8, r: 16, p: 1 };

/** Stored hashes naming larger factors than these are refused unread (a corrupt row must not stall us). */
const MAX_PARAMS: ScryptParams = { ln: 20, r: 32, p: 16 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

/**
 * Better Auth's `password` option. Hashes are PHC strings, `$scrypt$ln=15,r=8,p=3$<salt>$<key>`
 * (unpadded base64), so each one says how it was made and stronger factors can come later. Hashes
 * written before (Better Auth's default, `<salt hex>:<key hex>`, scrypt N=2^14 r=16 p=1, below
 * OWASP) still verify; `needsRehash` tells the sign-in hook to replace them.
 */
export function passwordHashing(params: ScryptParams) {
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(SALT_BYTES);
      const key = await scryptAsync(password, salt, params);
      return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const parsed = parseHash(hash);
      if (parsed) {
        const actual = await scryptAsync(password, parsed.salt, parsed.params);
        return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
      }
      if (/^[0-9a-f]+:[0-9a-f]+$/.test(hash)) return verifyBetterAuthDefault({ hash, password });
      return false;
    },
    /** True when the stored hash is of another scheme or weaker factors than `params`. */
    needsRehash(hash: string): boolean {
      const parsed = parseHash(hash);
      if (!parsed) return true;
      return parsed.params.ln < params.ln || parsed.params.r < params.r || parsed.params.p < params.p;
    },
  };
}

export type PasswordHashing = ReturnType<typeof passwordHashing>;

function parseHash(hash: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
    hash,
  );
  if (!match) return null;
  const params = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (params.ln < 1 || params.r < 1 || params.p < 1) return null;
  if (params.ln > MAX_PARAMS.ln || params.r > MAX_PARAMS.r || params.p > MAX_PARAMS.p) return null;
  return { params, salt: Buffer.from(match[4]!, 'base64'), key: Buffer.from(match[5]!, 'base64') };
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.ln;
  return new Promise((resolve, reject) => {
    // Node refuses more than 32 MiB unless told: allow what these factors need, with room to spare.
    const maxmem = 256 * N * params.r + 1024 * 1024;
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { N, r: params.r, p: params.p, maxmem },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}
