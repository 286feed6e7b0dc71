import { normalizeTerm, type GeoPoint } from '@grip/domain';
import { sql, type SQL } from 'drizzle-orm';
import { businessResponses, profiles, serviceRequests } from '../../db/schema';
import { normalizedTerm as normalized } from '../../db/schema/columns';
import { profileReachSide, reachesSql, requestReachSide, valueReachSide } from '../privacy/location-privacy';

/**
 * SQL forms of the domain matching rule (matchesCategories): lower-cased type, subtype and the
 * subtype's hyphen-to-words form compared with a business's categories; an empty list matches all.
 * The domain function stays the definition; the tests check both agree. A request's side of it is
 * kept in its generated column match_terms (drizzle/0019).
 */

export function requestMatchesCategories(categories: readonly string[]): SQL {
  const wanted = matchTerms(categories);
  if (wanted.length === 0) return sql`true`;
  const list = sql.join(
    wanted.map((c) => sql`${c}`),
    sql`, `,
  );
  return sql`${serviceRequests.matchTerms} && array[${list}]::text[]`;
}

/** A business's categories as the terms the SQL compares (normalised, without repeats or blanks). */
export function matchTerms(categories: readonly string[]): string[] {
  return [...new Set(categories.map(normalizeTerm).filter(Boolean))];
}

/**
 * requestMatchesCategories with the terms as one text[] parameter (never empty: an empty list
 * matches everything, which the caller leaves out), so that the statement's text does not change
 * with the business and can be prepared once.
 */
export function requestMatchesTermArray(terms: SQL): SQL {
  return sql`${serviceRequests.matchTerms} && ${terms}::text[]`;
}

/** Businesses (profiles) whose categories match a request with the given match terms. */
export function businessMatchesTerms(terms: readonly string[]): SQL {
  const list = sql.join(
    terms.map((t) => sql`${t}`),
    sql`, `,
  );
  return sql`(cardinality(${profiles.serviceCategories}) = 0
    or exists (select 1 from unnest(${profiles.serviceCategories}) as c(name) where ${normalized(sql`c.name`)} in (${list})))`;
}

/** The business has not yet responded to the request in scope. */
export function notRespondedBy(businessUserId: string): SQL {
  return sql`not exists (select 1 from ${businessResponses} br
    where br.request_id = ${serviceRequests.id} and br.business_user_id = ${businessUserId})`;
}

/**
 * The business (a profiles row in scope) serves a public point given as values — a request being
 * sent (its generated columns), a visitor's search (publicPointOf): when both have a location, the
 * shown distance is within the radius and the business's service area (location-privacy.ts). Without
 * a location on either side the category rule alone decides (product decision: "when both have a
 * location").
 */
export function businessReaches(point: GeoPoint | null, radiusKm: number): SQL {
  return reachesSql(valueReachSide(point, radiusKm), profileReachSide);
}

/**
 * The whole matching rule between the request and the business (profiles row) both in scope, for
 * queries over many of each: categories (the SQL of matchesCategories from both columns) and, when
 * both have a point, within the customer's radius and the business's service area.
 */
export function profileMatchesRequest(): SQL {
  const categories = sql`(cardinality(${profiles.serviceCategories}) = 0
    or exists (select 1 from unnest(${profiles.serviceCategories}) as c(name)
      where ${normalized(sql`c.name`)} = any(${serviceRequests.matchTerms})))`;
  return sql`(${categories} and ${reachesSql(requestReachSide, profileReachSide)})`;
}
