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

export function matchesCategories(
  request: { serviceType: string | null | undefined; serviceSubtype?: string | null | undefined },
  categories: readonly string[] | null | undefined,
): boolean {
  const wanted = (categories ?? []).map((c) => c.trim().toLowerCase()).filter(Boolean);
  if (wanted.length === 0) return true;
  const candidates = new Set<string>();
  if (request.serviceType) candidates.add(request.serviceType.trim().toLowerCase());
  if (request.serviceSubtype) {
    candidates.add(request.serviceSubtype.trim().toLowerCase());
    candidates.add(hyphenatedToTitleWords(request.serviceSubtype.trim()).toLowerCase());
  }
  return wanted.some((category) => candidates.has(category));
}

/** Every lower-cased term under which a request can be matched; the server indexes on these. */
export function matchTermsOf(request: {
  serviceType: string | null | undefined;
  serviceSubtype?: string | null | undefined;
}): string[] {
  const terms = new Set<string>();
  if (request.serviceType) terms.add(request.serviceType.trim().toLowerCase());
  if (request.serviceSubtype) {
    terms.add(request.serviceSubtype.trim().toLowerCase());
    terms.add(hyphenatedToTitleWords(request.serviceSubtype.trim()).toLowerCase());
  }
  return [...terms].filter(Boolean);
}
