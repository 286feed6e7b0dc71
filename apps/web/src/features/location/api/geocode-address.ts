import type { GeoPlace } from '@grip/domain';
import { api, isApiError, queryString } from '@/lib/api-client';

/**
 * GET /api/geo/geocode: the coordinates and area of a typed address, or null when the geocoder
 * knows no such place. Other failures (offline, service down) throw an ApiError.
 */
export async function geocodeAddress(address: string, signal?: AbortSignal): Promise<GeoPlace | null> {
  try {
    return await api.get<GeoPlace>(`/api/geo/geocode${queryString({ address: address.trim() })}`, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
