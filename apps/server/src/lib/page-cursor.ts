import { Invalid } from './errors';

/**
 * A keyset page cursor, opaque to clients: base64url of the last row's sort key and id as a JSON
 * pair. Decoding refuses anything else with a 400 (never a 500), including a key `isKey` rejects.
 */
export function encodePageCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id]), 'utf8').toString('base64url');
}

export function decodePageCursor(
  cursor: string,
  message: string,
  isKey: (key: string) => boolean = () => true,
): { key: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      isKey(value[0]) &&
      typeof value[1] === 'string' &&
      value[1] !== ''
    ) {
      return { key: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw new Invalid(message);
}
