import { sql, type SQL } from 'drizzle-orm';
import { businessResponses, profiles, serviceRequests } from '../../db/schema';

/**
 * SQL forms of the domain matching rule (matchesCategories): lower-cased type, subtype and the
 * subtype's hyphen-to-words form compared with a business's categories; an empty list matches all.
 * The domain function stays the definition; the tests check both agree.
 */
export function requestMatchesCategories(categories: readonly string[]): SQL {
  const wanted = [...new Set(categories.map((c) => c.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return sql`true`;
  const list = sql.join(
    wanted.map((c) => sql`${c}`),
    sql`, `,
  );
  return sql`(lower(trim(${serviceRequests.serviceType})) in (${list})
    or lower(trim(${serviceRequests.serviceSubtype})) in (${list})
    or lower(regexp_replace(trim(both '-' from trim(${serviceRequests.serviceSubtype})), '-+', ' ', 'g')) in (${list}))`;
}

/** Businesses (profiles) whose categories match a request with the given match terms. */
export function businessMatchesTerms(terms: readonly string[]): SQL {
  const list = sql.join(
    terms.map((t) => sql`${t}`),
    sql`, `,
  );
  return sql`(cardinality(${profiles.serviceCategories}) = 0
    or exists (select 1 from unnest(${profiles.serviceCategories}) as c(name) where lower(trim(c.name)) in (${list})))`;
}

/** The business has not yet responded to the request in scope. */
export function notRespondedBy(businessUserId: string): SQL {
  return sql`not exists (select 1 from ${businessResponses} br
    where br.request_id = ${serviceRequests.id} and br.business_user_id = ${businessUserId})`;
}
