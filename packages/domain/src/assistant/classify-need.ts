import { SERVICE_CATALOGUE } from '../catalogue/service-catalogue';
import { ASSISTANT_KEYWORDS, containsPhrase, normalizeForMatching } from './keywords';

export interface NeedMatch {
  category: string;
  /** A catalogue service name, or null when only the category group is known. */
  service: string | null;
}

function maxBy<T>(items: T[], length: (item: T) => number): T | undefined {
  let best: T | undefined;
  for (const item of items) if (!best || length(item) > length(best)) best = item;
  return best;
}

/** Sum of the lengths of the phrases found: longer, more specific phrases weigh more. */
function score(normalized: string, phrases: readonly string[]): number {
  return phrases.reduce((sum, p) => (containsPhrase(normalized, p) ? sum + p.length : sum), 0);
}

/** The best service of a group by service name, then by keywords; null when nothing points at one. */
function serviceWithin(normalized: string, category: string): string | null {
  const group = SERVICE_CATALOGUE.find((g) => g.category === category);
  if (!group) return null;
  const named = maxBy(
    group.services.filter((s) => containsPhrase(normalized, s)),
    (s) => s.length,
  );
  if (named) return named;
  let best: { service: string; score: number } | null = null;
  for (const entry of ASSISTANT_KEYWORDS) {
    if (entry.category !== category || !entry.service) continue;
    const s = score(normalized, entry.keywords);
    if (s > 0 && (!best || s > best.score)) best = { service: entry.service, score: s };
  }
  return best?.service ?? null;
}

/**
 * Matches what someone typed to a category group (spec 2 §4 step 2): by the exact category name, then
 * by a service name (the maxBy one found wins, so 'window cleaning' is Window Cleaning, not
 * Cleaning), then by keyword lists. Word boundaries and case are respected throughout. Null when
 * nothing matches.
 */
export function classifyNeed(text: string): NeedMatch | null {
  const normalized = normalizeForMatching(text);
  if (!normalized.trim()) return null;

  const byCategory = maxBy(
    SERVICE_CATALOGUE.filter((g) => containsPhrase(normalized, g.category)),
    (g) => g.category.length,
  );
  if (byCategory)
    return { category: byCategory.category, service: serviceWithin(normalized, byCategory.category) };

  const byService = maxBy(
    SERVICE_CATALOGUE.flatMap((g) =>
      g.services
        .filter((s) => containsPhrase(normalized, s))
        .map((s) => ({ category: g.category, service: s })),
    ),
    (m) => m.service.length,
  );
  if (byService) return byService;

  const categoryScores = new Map<string, number>();
  for (const entry of ASSISTANT_KEYWORDS) {
    if (entry.service) continue;
    const s = score(normalized, entry.keywords);
    if (s > 0) categoryScores.set(entry.category, (categoryScores.get(entry.category) ?? 0) + s);
  }
  // A service scores its own words plus its group's; a bare group scores its words alone.
  const candidates: { match: NeedMatch; score: number }[] = [];
  for (const entry of ASSISTANT_KEYWORDS) {
    if (!entry.service) continue;
    const own = score(normalized, entry.keywords);
    if (own > 0) {
      candidates.push({
        match: { category: entry.category, service: entry.service },
        score: own + (categoryScores.get(entry.category) ?? 0),
      });
    }
  }
  for (const [category, s] of categoryScores)
    candidates.push({ match: { category, service: null }, score: s });
  // Ties keep the earlier candidate: services before bare groups, then catalogue order.
  return maxBy(candidates, (c) => c.score)?.match ?? null;
}
