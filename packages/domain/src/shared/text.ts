/**
 * Small rules for sentences built from names and values (issue 33): a name that ends in a full stop
 * ('Harbour Plumbing Co.') does not get a second one, and a value is not repeated beside itself
 * ('Flexible (Flexible)').
 */

const ENDS_SENTENCE = /[.!?…]["'”’)]*$/;

/** The text as the end of a sentence: a full stop added unless it already ends with one (or ! ? …). */
export function sentenceEnd(text: string): string {
  const trimmed = text.trimEnd();
  if (trimmed === '') return '';
  return ENDS_SENTENCE.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Sentences joined with one space, each ending once: ['to Harbour Plumbing Co.', 'They'] → '… Co. They'. */
export function joinSentences(...parts: readonly (string | null | undefined | false)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p, i, all) => (i < all.length - 1 ? sentenceEnd(p) : p.trim()))
    .join(' ');
}

/** 'Label (detail)', or the label alone when the detail is missing or says the same thing. */
export function labelWithDetail(label: string, detail: string | null | undefined): string {
  const extra = detail?.trim();
  if (!extra) return label;
  const same = (a: string) =>
    a
      .toLowerCase()
      .replace(/[\s.]+/g, ' ')
      .trim();
  return same(extra) === same(label) ? label : `${label} (${extra})`;
}
