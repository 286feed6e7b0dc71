import type { MarketAnalysis } from '@grip/domain';
import { api, queryString } from '@/lib/api-client';
import type { MarketParams } from '../conversation';

/** GET /api/market-analysis: counted providers and recent figures for a service near a point. */
export function fetchMarketAnalysis(params: MarketParams, signal?: AbortSignal): Promise<MarketAnalysis> {
  return api.get<MarketAnalysis>(`/api/market-analysis${queryString({ ...params })}`, { signal });
}
