import type { GeoPlace } from '@grip/domain';
import { api, queryString } from '@/lib/api-client';

/** GET /api/geo/reverse: what lies at or near the coordinates (404 when nothing known is near). */
export function reverseGeocode(latitude: number, longitude: number, signal?: AbortSignal): Promise<GeoPlace> {
  return api.get<GeoPlace>(`/api/geo/reverse${queryString({ latitude, longitude })}`, { signal });
}
