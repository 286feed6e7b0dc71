import type { GeoPlace } from '@grip/domain';
import { z } from 'zod';
import {
  DEFAULT_SUGGESTION_LIMIT,
  GEOCODER_TIMEOUT_MS,
  MAX_SUGGESTION_LIMIT,
  MIN_QUERY_LENGTH,
} from './geo-constants';
import { GeocoderFailed, GeocoderUnavailable } from './geocoder-errors';
import type { Geocoder } from './geocoder';

/** Sent with every call: public Nominatim servers require an identifying User-Agent. */
export const GEOCODER_USER_AGENT = 'Grip (self-hosted)';

export const GEOCODER_MESSAGES = {
  timeout: 'Places search timeout - service may not be responding',
  unreachable: 'Places service not reachable. Please try again shortly.',
  busy: 'The places service is busy. Please wait a moment and try again.',
  failed: 'The places service had a problem. Please try again shortly.',
} as const;

const AddressSchema = z.record(z.string(), z.unknown());

const NominatimPlaceSchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  display_name: z.string(),
  address: AddressSchema.optional(),
});
type NominatimPlace = z.infer<typeof NominatimPlaceSchema>;

const SearchAnswerSchema = z.array(NominatimPlaceSchema);
/** Reverse answers `{ error: 'Unable to geocode' }` (status 200) where nothing is known. */
const ReverseAnswerSchema = z.union([NominatimPlaceSchema, z.object({ error: z.string() })]);

// Addresses a business may see before acceptance: the smallest named area, never the street.
const AREA_FIELDS = ['suburb', 'city_district', 'town', 'city', 'village'] as const;

function toGeoPlace(place: NominatimPlace): GeoPlace {
  const address = place.address ?? {};
  const area = AREA_FIELDS.map((field) => address[field]).find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return { label: place.display_name, latitude: place.lat, longitude: place.lon, area: area ?? null };
}

interface CacheEntry {
  at: number;
  value: unknown;
}

/**
 * A Nominatim-compatible geocoder (nominatim.openstreetmap.org, a self-hosted Nominatim, or any
 * service speaking its API). Answers are cached briefly: the public server allows about one
 * request per second, and typing sends the same prefixes again and again.
 */
export class NominatimGeocoder implements Geocoder {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly timeoutMs: number;
  private readonly cacheSize: number;
  private readonly cacheMs: number;

  constructor(
    private readonly baseUrl: string,
    options: { timeoutMs?: number; cacheSize?: number; cacheMs?: number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;
    this.cacheSize = options.cacheSize ?? 500;
    this.cacheMs = options.cacheMs ?? 10 * 60_000;
  }

  async suggest(query: string, limit = DEFAULT_SUGGESTION_LIMIT): Promise<GeoPlace[]> {
    const q = query.trim();
    if (q.length < MIN_QUERY_LENGTH) return [];
    const max = Math.min(Math.max(1, Math.floor(limit)), MAX_SUGGESTION_LIMIT);
    const answer = await this.get('/search', { q, limit: String(max) }, SearchAnswerSchema);
    return answer.map(toGeoPlace);
  }

  async geocode(address: string): Promise<GeoPlace | null> {
    const q = address.trim();
    if (!q) return null;
    const answer = await this.get('/search', { q, limit: '1' }, SearchAnswerSchema);
    const first = answer[0];
    return first ? toGeoPlace(first) : null;
  }

  async reverse(latitude: number, longitude: number): Promise<GeoPlace | null> {
    const answer = await this.get(
      '/reverse',
      { lat: String(latitude), lon: String(longitude) },
      ReverseAnswerSchema,
    );
    return 'error' in answer ? null : toGeoPlace(answer);
  }

  private async get<T>(path: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries({ format: 'jsonv2', addressdetails: '1', ...params })) {
      url.searchParams.set(key, value);
    }
    const key = url.toString();
    const cached = this.cache.get(key);
    if (cached && Date.now() - cached.at < this.cacheMs) return schema.parse(cached.value);

    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'User-Agent': GEOCODER_USER_AGENT, Accept: 'application/json', 'Accept-Language': 'en' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new GeocoderUnavailable(GEOCODER_MESSAGES.timeout);
      }
      throw new GeocoderUnavailable(GEOCODER_MESSAGES.unreachable);
    }
    if (response.status === 429 || response.status === 503) {
      await response.body?.cancel();
      throw new GeocoderUnavailable(GEOCODER_MESSAGES.busy);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new GeocoderFailed(GEOCODER_MESSAGES.failed);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      // The body may also time out half-way through.
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new GeocoderUnavailable(GEOCODER_MESSAGES.timeout);
      }
      throw new GeocoderFailed(GEOCODER_MESSAGES.failed);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new GeocoderFailed(GEOCODER_MESSAGES.failed);
    this.remember(key, body);
    return parsed.data;
  }

  private remember(key: string, value: unknown) {
    this.cache.delete(key);
    this.cache.set(key, { at: Date.now(), value });
    // Maps iterate in insertion order: the first key is the least recently stored.
    while (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}
