import { createHash } from 'node:crypto';

/**
 * The version of a set of terms (decision 019): SHA-256 over their canonical JSON, in base64url. It is
 * computed from the rows whenever it is needed, so there is no counter to store or to forget to bump,
 * and any change of a term changes it. Callers hash only what the party it is handed to already sees
 * (the offer's own fields for its customer, the business's view of a request), so the version can
 * reveal nothing more; SHA-256 means nobody can choose other terms with the same version.
 *
 * `kind` keeps the versions of different things apart; values are hashed as JSON, so '100.00' and
 * 100 differ, and callers pass them as the database gives them.
 */
export function termsVersionOf(kind: string, terms: Readonly<Record<string, unknown>>): string {
  const keys = Object.keys(terms).sort();
  const canonical = JSON.stringify([kind, keys.map((k) => [k, terms[k] ?? null])]);
  return createHash('sha256').update(canonical).digest('base64url');
}
