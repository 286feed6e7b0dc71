import { serviceSlug, WON_OFFERS, type GeoPoint } from '@grip/domain';
import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, profiles, serviceRequests } from '../../db/schema';
import { businessMatchesTerms, businessReaches } from '../requests/matching.sql';

/** What the customer is asking for: a category group and, when known, one of its services. */
export interface MarketKind {
  serviceType: string;
  service: string | null;
}

/**
 * Business owners matching the terms, counted at two radii in one pass. A business is in range by the
 * same rule as notification on submit (businessReaches): within the radius and its own service area
 * when both sides have a location, otherwise by category alone.
 */
export async function countProviders(
  db: Db,
  terms: readonly string[],
  point: GeoPoint | null,
  radiusKm: number,
  expandedRadiusKm: number,
): Promise<{ inRange: number; expanded: number }> {
  if (terms.length === 0) return { inRange: 0, expanded: 0 };
  const [row] = await db
    .select({
      inRange: sql<number>`count(*) filter (where ${businessReaches(point, radiusKm)})::int`,
      expanded: sql<number>`count(*) filter (where ${businessReaches(point, expandedRadiusKm)})::int`,
    })
    .from(profiles)
    .where(and(eq(profiles.role, 'business_owner'), businessMatchesTerms(terms)));
  return { inRange: row?.inRange ?? 0, expanded: row?.expanded ?? 0 };
}

/**
 * Requests of the kind: the service type compared case-insensitively (spec 2 §7); with a service, only
 * requests for that service (its slug or name as the subtype, or the name as an older type), so a
 * plumbing budget is never averaged with cleaning ones.
 */
function ofKind(kind: MarketKind): SQL {
  const sameType = sql`lower(${serviceRequests.serviceType}) = ${kind.serviceType.trim().toLowerCase()}`;
  if (!kind.service) return sameType;
  const name = kind.service.trim().toLowerCase();
  const slug = serviceSlug(kind.service);
  return sql`((${sameType} and lower(${serviceRequests.serviceSubtype}) in (${slug}, ${name}))
    or lower(${serviceRequests.serviceType}) = ${name})`;
}

/** The newest requests of the kind created since `since`, at most `limit`. */
export async function recentRequests(db: Db, kind: MarketKind, since: Date, limit: number) {
  return db
    .select({
      id: serviceRequests.id,
      budgetMin: serviceRequests.budgetMin,
      preferredTime: serviceRequests.preferredTime,
    })
    .from(serviceRequests)
    .where(and(ofKind(kind), gte(serviceRequests.createdAt, since)))
    .orderBy(desc(serviceRequests.createdAt))
    .limit(limit);
}

/** Average minutes from a request's creation to each response to it; null without responses. */
export async function averageResponseMinutes(db: Db, requestIds: readonly string[]): Promise<number | null> {
  if (requestIds.length === 0) return null;
  const [row] = await db
    .select({
      minutes: sql<
        number | null
      >`avg(extract(epoch from (${businessResponses.createdAt} - ${serviceRequests.createdAt})) / 60)::float8`,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .where(inArray(businessResponses.requestId, [...requestIds]));
  return row?.minutes ?? null;
}

/** Requests of the kind created since `since` for which a business was hired (a response accepted). */
export async function countHiredSince(db: Db, kind: MarketKind, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(serviceRequests)
    .where(
      and(
        ofKind(kind),
        gte(serviceRequests.createdAt, since),
        sql`exists (select 1 from ${businessResponses} br where br.request_id = ${serviceRequests.id}
          and ${inArray(sql`br.status`, [...WON_OFFERS])})`,
      ),
    );
  return row?.n ?? 0;
}
