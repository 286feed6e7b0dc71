import type { GeoPlace } from '@grip/domain';
import type { Config } from '../../config';
import { GEOCODER_TIMEOUT_MS } from './geo-constants';
import { createGazetteer } from './gazetteer';
import { NominatimGeocoder } from './nominatim';

/**
 * Turns what people type into places and back. The packaged offline gazetteer answers by default;
 * a Nominatim-compatible service answers when GEOCODER_URL is set.
 */
export interface Geocoder {
  /** Places whose names match what was typed so far, best first. */
  suggest(query: string, limit?: number): Promise<GeoPlace[]>;
  /** The place a full address points at, or null when nothing fits. */
  geocode(address: string): Promise<GeoPlace | null>;
  /** What lies at (or near) these coordinates, or null when nothing known is near. */
  reverse(latitude: number, longitude: number): Promise<GeoPlace | null>;
}

export { GeocoderFailed, GeocoderUnavailable } from './geocoder-errors';
export { DEFAULT_SUGGESTION_LIMIT, GEOCODER_TIMEOUT_MS, MAX_SUGGESTION_LIMIT } from './geo-constants';

export function createGeocoder(
  config: Pick<Config, 'geocoderUrl'>,
  options: { timeoutMs?: number } = {},
): Geocoder {
  if (config.geocoderUrl) {
    return new NominatimGeocoder(config.geocoderUrl, { timeoutMs: options.timeoutMs ?? GEOCODER_TIMEOUT_MS });
  }
  return createGazetteer();
}
