import {
  assistantOptions,
  competitionLevel,
  DAY_MS,
  MARKET_EXPANDED_RADIUS_KM,
  MARKET_JOBS_WINDOW_DAYS,
  MARKET_REQUEST_LIMIT,
  MARKET_WINDOW_DAYS,
  matchTermsOf,
  popularTimeSlots,
  responseTimeBucket,
  serviceSlug,
  typicalBudgetBounds,
  typicalBudgetRange,
  type MarketAnalysis,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { publicPointOf } from '../privacy/location-privacy';
import {
  averageResponseMinutes,
  countHiredSince,
  countProviders,
  recentRequests,
  type MarketKind,
} from './market.repository';

export interface MarketQuery {
  serviceType: string;
  service?: string;
  latitude?: number;
  longitude?: number;
  radiusKm: number;
}

/**
 * The assistant's market analysis, every figure counted (the original's random provider counts, its
 * ×2.5 expansion estimate and its random "jobs in 3 months" are replaced by real counts). Providers are
 * the businesses a request sent now would notify; the rest comes from requests of the same kind.
 */
export async function analyseMarket(db: Db, query: MarketQuery, now: Date): Promise<MarketAnalysis> {
  const service = query.service?.trim() || null;
  const kind: MarketKind = { serviceType: query.serviceType.trim(), service };
  // A point needs both coordinates; one alone is no location.
  // The visitor's point is measured as its public point (decision 018), like every stored one.
  const point = publicPointOf(query.latitude, query.longitude);
  const hasLocation = point !== null;
  const expandedRadiusKm = Math.max(query.radiusKm, MARKET_EXPANDED_RADIUS_KM);

  const terms = matchTermsOf({
    serviceType: kind.serviceType,
    serviceSubtype: service ? serviceSlug(service) : null,
  });
  const providers = await countProviders(db, terms, point, query.radiusKm, expandedRadiusKm);
  const recent = await recentRequests(
    db,
    kind,
    new Date(now.getTime() - MARKET_WINDOW_DAYS * DAY_MS),
    MARKET_REQUEST_LIMIT,
  );
  const averageMinutes = await averageResponseMinutes(
    db,
    recent.map((r) => r.id),
  );
  const budgets = recent.flatMap((r) => (r.budgetMin === null ? [] : [Number(r.budgetMin)]));
  const jobsLast3Months = await countHiredSince(
    db,
    kind,
    new Date(now.getTime() - MARKET_JOBS_WINDOW_DAYS * DAY_MS),
  );

  return {
    serviceType: kind.serviceType,
    service,
    radiusKm: query.radiusKm,
    hasLocation,
    providerCount: providers.inRange,
    expandedRadiusKm,
    expandedProviderCount: providers.expanded,
    competitionLevel: competitionLevel(providers.inRange),
    averageResponseTime: responseTimeBucket(averageMinutes),
    typicalBudgetRange: typicalBudgetRange(budgets, service),
    typicalBudget: typicalBudgetBounds(budgets, service),
    popularTimeSlots: popularTimeSlots(recent.map((r) => r.preferredTime)),
    jobsLast3Months,
    recentRequests: recent.length,
    options: assistantOptions(providers.inRange),
  };
}
