/**
 * Password hashing (passwords.ts): PHC strings that name their factors, Better Auth's older hashes
 * still accepted and marked for upgrade, malformed or absurd hashes refused without a crash.
 */
import { hashPassword as betterAuthDefaultHash } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { passwordHashing, TEST_PASSWORD_HASH_PARAMS } from './passwords';

const hashing = passwordHashing(TEST_PASSWORD_HASH_PARAMS);

describe('passwordHashing', () => {
  it('hashes to a salted PHC string that verifies only the same password', async () => {
    const hash = await hashing.hash('river-stone-42');
    expect(hash).toMatch(/^\$scrypt\$ln=8,r=16,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hashing.hash('river-stone-42')).not.toBe(hash);
    expect(await hashing.verify({ hash, password: 'river-stone-42' })).toBe(true);
    expect(await hashing.verify({ hash, password: 'river-stone-43' })).toBe(false);
    expect(hashing.needsRehash(hash)).toBe(false);
  });

  it('treats visually equal passwords alike (NFKC), as Better Auth did', async () => {
    const hash = await hashing.hash('caf\u00e9-terrace-1');
    expect(await hashing.verify({ hash, password: 'cafe\u0301-terrace-1' })).toBe(true);
  });

  it('verifies Better Auth’s older hashes and marks them, and weaker factors, for upgrade', async () => {
    const legacy = await betterAuthDefaultHash('river-stone-42');
    expect(await hashing.verify({ hash: legacy, password: 'river-stone-42' })).toBe(true);
    expect(await hashing.verify({ hash: legacy, password: 'river-stone-43' })).toBe(false);
    expect(hashing.needsRehash(legacy)).toBe(true);
    const weaker = await passwordHashing({ ln: 7, r: 16, p: 1 }).hash('river-stone-42');
    expect(await hashing.verify({ hash: weaker, password: 'river-stone-42' })).toBe(true);
    expect(hashing.needsRehash(weaker)).toBe(true);
  });

  it('refuses malformed hashes and absurd factors instead of failing or stalling', async () => {
    for (const hash of [
      '',
      'garbage',
      'test-scrypt:aa:bb',
      '$scrypt$ln=8,r=16,p=1$$',
      '$scrypt$ln=40,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U',
      '$scrypt$ln=0,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U',
    ]) {
      expect(await hashing.verify({ hash, password: 'river-stone-42' }), hash).toBe(false);
      expect(hashing.needsRehash(hash), hash).toBe(true);
    }
  });
});
