import { normalizeTerm, OPEN_REQUEST, type GeoPoint } from '@grip/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import { businessResponses, profiles, serviceRequests } from '../../db/schema';
import { normalizedTerm as normalized } from '../../db/schema/columns';
import { notBlockedBetween } from '../blocks/blocks.sql';
import {
  pointValues,
  profileReachSide,
  reachesSql,
  requestReachSide,
  valueReachSide,
  type ReachSide,
} from '../privacy/location-privacy';

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
 * queries over many of each (the live events' audience): requestMatchesBusiness with the business's
 * side read from its columns — categories (the SQL of matchesCategories from both columns), both radii
 * when both have a point, not its own request, no block either way.
 */
export function profileMatchesRequest(): SQL {
  return requestMatchesBusiness({
    userId: sql`${profiles.userId}`,
    reach: profileReachSide,
    categories: sql`(cardinality(${profiles.serviceCategories}) = 0
    or exists (select 1 from unnest(${profiles.serviceCategories}) as c(name)
      where ${normalized(sql`c.name`)} = any(${serviceRequests.matchTerms})))`,
  });
}

/*
 * ONE rule for "the requests for this business" (issue 33): the feed's lists and group counts, the
 * New Requests badge, the dashboard's Requests Received and the new-request notices all read it, so a
 * badge can never count a request its list does not show. A request is for a business when:
 * - it is not the business's own request, and no block stands between its customer and the business
 *   (issue 32);
 * - its categories match (matchesCategories; the business listing none matches every category);
 * - when both have a public point, the shown distance is within the customer's radius and the
 *   business's service area (location-privacy.ts, isWithinReach).
 * openRequestForBusiness adds "still open": status open and not archived (what the feed and the badge
 * show). The mirror for a request being sent, over many businesses, is businessMatchesRequest.
 */

/** What the rule needs of the business asking. */
export interface MatchBusiness {
  userId: string;
  categories: readonly string[];
  /** The business's public point (location-privacy.ts), null without a location. */
  point: GeoPoint | null;
  serviceAreaKm: number | null;
}

/**
 * The business's side of the rule as SQL: its values written into the statement, or placeholders for
 * them (the feed's prepared statement). One rule, two ways of filling it.
 */
export interface BusinessSide {
  userId: SQL;
  /** Null when the business has no point: then only categories decide. */
  reach: ReachSide | null;
  /** Undefined when the business lists no categories: then every category matches. */
  categories: SQL | undefined;
}

/** The business's side with its values in the statement. */
export function businessSideOf(b: MatchBusiness): BusinessSide {
  return {
    userId: sql`${b.userId}`,
    reach: b.point ? { point: pointValues(b.point), areaKm: sql`${b.serviceAreaKm}::float8` } : null,
    categories: matchTerms(b.categories).length > 0 ? requestMatchesCategories(b.categories) : undefined,
  };
}

/**
 * The business's side as named placeholders (userId, latitude, longitude, serviceAreaKm, terms) for a
 * prepared statement; which parts exist is the statement's shape. placeholderValuesOf fills them.
 */
export function businessSidePlaceholders(shape: { point: boolean; terms: boolean }): BusinessSide {
  const param = sql.placeholder;
  return {
    userId: sql`${param('userId')}`,
    reach: shape.point
      ? {
          point: {
            latitude: sql`${param('latitude')}::float8`,
            longitude: sql`${param('longitude')}::float8`,
          },
          areaKm: sql`${param('serviceAreaKm')}::float8`,
        }
      : null,
    categories: shape.terms ? requestMatchesTermArray(sql`${param('terms')}`) : undefined,
  };
}

/** The shape and the placeholder values of businessSidePlaceholders for one business. */
export function placeholderValuesOf(b: MatchBusiness) {
  const terms = matchTerms(b.categories);
  return {
    shape: { point: b.point !== null, terms: terms.length > 0 },
    values: {
      userId: b.userId,
      latitude: b.point?.latitude,
      longitude: b.point?.longitude,
      serviceAreaKm: b.serviceAreaKm,
      terms,
    },
  };
}

/** The rule itself for the request row in scope (see above), without "still open". */
export function requestMatchesBusiness(b: BusinessSide): SQL {
  return and(
    sql`${serviceRequests.userId} <> ${b.userId}`,
    notBlockedBetween(sql`${serviceRequests.userId}`, b.userId),
    b.categories,
    b.reach ? reachesSql(requestReachSide, b.reach) : undefined,
  )!;
}

/**
 * The requests for this business that are still open (status open, not archived): what the feed
 * lists and counts and the New Requests badge counts. The partial index of open requests by
 * created_at (service_requests_open_created_idx) serves it with the feed's windows.
 */
export function openRequestForBusiness(b: BusinessSide): SQL {
  return and(
    sql`${serviceRequests.status} = ${OPEN_REQUEST}`,
    sql`${serviceRequests.archivedAt} is null`,
    requestMatchesBusiness(b),
  )!;
}

/** A request being sent, as the mirror of the rule needs it (its values, before or after insert). */
export interface SentRequest {
  /** The customer; null for a request without one (the administrators' test search). */
  requesterId: string | null;
  /** The request's match terms (matchTerms of its type and subtype). */
  terms: readonly string[];
  /** The request's public point (null: none) and the customer's radius. */
  point: GeoPoint | null;
  radiusKm: number;
}

/**
 * The same rule seen from the request, for the business (profiles row) in scope: whom a new request
 * is announced to. Not the requester, no block between them, categories, and both radii. An empty
 * term list matches no business (a request always has a type).
 */
export function businessMatchesRequest(r: SentRequest): SQL {
  if (r.terms.length === 0) return sql`false`;
  return and(
    r.requesterId ? sql`${profiles.userId} <> ${r.requesterId}` : undefined,
    r.requesterId ? notBlockedBetween(sql`${profiles.userId}`, sql`${r.requesterId}`) : undefined,
    businessMatchesTerms(r.terms),
    businessReaches(r.point, r.radiusKm),
  )!;
}
