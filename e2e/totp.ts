import { createHmac } from 'node:crypto';

/**
 * What an authenticator app does with the setup key Settings shows: RFC 6238 (HMAC-SHA1, 30-second
 * steps, 6 digits), so the journey signs in the way a person with a phone would.
 */
const PERIOD_SECONDS = 30;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
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

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const stepNow = () => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);

/** The code the app shows now for a Base32 setup key (spaces allowed, as Settings groups it). */
export function totp(setupKey: string): string {
  return hotp(base32Decode(setupKey), stepNow());
}

/** A 6-digit code the server will not accept now (it allows one step either way; two kept clear). */
export function wrongTotp(setupKey: string): string {
  const key = base32Decode(setupKey);
  const accepted = new Set([-2, -1, 0, 1, 2].map((delta) => hotp(key, stepNow() + delta)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!accepted.has(candidate)) return candidate;
  }
}
