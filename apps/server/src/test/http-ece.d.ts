// The reference implementation of RFC 8188 content encoding (a web-push dependency) has no types;
// the tests use it, as a browser would, to decrypt what the push sender encrypted.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
}
