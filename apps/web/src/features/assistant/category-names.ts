import type { ServiceCategory } from '@grip/domain';

/** The distinct category groups, in the server's order. */
export function categoryNamesOf(rows: readonly ServiceCategory[]): string[] {
  return [...new Set(rows.map((r) => r.categoryName))];
}
