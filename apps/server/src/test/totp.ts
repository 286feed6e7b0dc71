import { createHmac } from 'node:crypto';

/**
 * What an authenticator app does with the otpauth:// link the server hands out, written out from
 * RFC 6238 (HMAC-SHA1, 30-second steps, 6 digits) so the tests check the server against the
 * standard rather than against its own helper.
 */
const PERIOD_SECONDS = 30;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The secret of an otpauth:// URI, Base32-decoded to the key bytes. */
export function secretOf(totpUri: string): Buffer {
  const secret = new URL(totpUri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpUri}`);
  return base32Decode(secret);
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not Base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP for one counter value. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

const stepAt = (now: number) => Math.floor(now / 1000 / PERIOD_SECONDS);

/** The code an authenticator app shows now (or at `now`) for the key. */
export function totp(key: Buffer, now = Date.now()): string {
  return hotp(key, stepAt(now));
}

/**
 * A well-formed code that is wrong: none of the codes the server accepts around now (it allows one
 * step either way; two here in case a step boundary passes while the request is on its way).
 */
export function wrongTotp(key: Buffer, now = Date.now()): string {
  const step = stepAt(now);
  const accepted = new Set([-2, -1, 0, 1, 2].map((delta) => hotp(key, step + delta)));
  for (let n = 0; ; n++) {
    const candidate = String((Number(totp(key, now)) + 1 + n) % 1_000_000).padStart(6, '0');
    if (!accepted.has(candidate)) return candidate;
  }
}
