/**
 * The category matching rule of spec 1 §6: a request matches a business when its service type or
 * subtype matches one of the business's categories; an empty category list matches everything; a
 * hyphenated subtype is turned into title-cased words; comparison ignores case.
 */
export function hyphenatedToTitleWords(value: string): string {
  return value
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/**
 * How names are compared: trimmed, lower case, '&' read as 'and', single spaces — so a subtype slug
 * 'hair-and-beauty' and a category 'Hair & Beauty' are the same service.
 */
export function normalizeTerm(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/\s*&\s*/g, ' and ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function matchesCategories(
  request: { serviceType: string | null | undefined; serviceSubtype?: string | null | undefined },
  categories: readonly string[] | null | undefined,
): boolean {
  const wanted = (categories ?? []).map(normalizeTerm).filter(Boolean);
  if (wanted.length === 0) return true;
  const candidates = new Set(matchTermsOf(request));
  return wanted.some((category) => candidates.has(category));
}

/** Every lower-cased term under which a request can be matched; the server indexes on these. */
export function matchTermsOf(request: {
  serviceType: string | null | undefined;
  serviceSubtype?: string | null | undefined;
}): string[] {
  const terms = new Set<string>();
  if (request.serviceType) terms.add(normalizeTerm(request.serviceType));
  if (request.serviceSubtype) {
    terms.add(normalizeTerm(request.serviceSubtype));
    terms.add(normalizeTerm(hyphenatedToTitleWords(request.serviceSubtype.trim())));
  }
  return [...terms].filter(Boolean);
}
