/**
 * `text` as a LIKE/ILIKE pattern that matches it literally anywhere: `%`, `_` and `\` typed by a
 * person are characters, not wildcards (backslash is PostgreSQL's default LIKE escape).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
