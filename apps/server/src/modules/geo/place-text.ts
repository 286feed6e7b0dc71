/**
 * Text rules for matching what people type against place names: case, accents and punctuation
 * never matter ('zurich' finds 'Zürich', "o'connor" finds "O'Connor").
 */

// Letters that Unicode does not decompose into a base letter plus an accent.
const SPECIAL_LETTERS: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** 'Sant Julià de Lòria' -> 'sant julia de loria'; 'Surry-Hills ' -> 'surry hills'. */
export function normalizePlaceText(text: string): string {
  // Most names are plain ASCII; skip the (slow) Unicode work for them.
  if (/^[\x20-\x7e]*$/.test(text)) {
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  }
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The comma-separated parts of an address, trimmed, empty ones dropped. */
export function addressParts(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Whitespace-separated words of one part, in their typed form. */
export function wordsOf(part: string): string[] {
  return part.split(/\s+/).filter(Boolean);
}

/** How well a normalized place key matches a normalized needle; lower is better, null is no match. */
export type MatchTier = 0 | 1 | 2 | 3;

export function matchTier(key: string, needle: string): MatchTier | null {
  if (key === needle) return 0;
  if (key.startsWith(needle)) return 1;
  if (` ${key}`.includes(` ${needle}`)) return 2;
  // Mid-word matches are noise for one or two letters.
  if (needle.length >= 3 && key.includes(needle)) return 3;
  return null;
}
