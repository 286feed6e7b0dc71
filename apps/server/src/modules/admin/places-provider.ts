import type { PlaceSearchResult } from '@grip/domain';
import { z } from 'zod';

/** How long one call to the places provider may take. */
const TIMEOUT_MS = 10_000;
/** Place Details (phones, website) is asked for the first few results only: one call each. */
export const PLACE_DETAILS_LIMIT = 5;

/** The provider answered, but with a refusal (bad key, quota) or nonsense; the message says which. */
export class PlacesProviderError extends Error {}

const TextSearchSchema = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  results: z
    .array(
      z.object({
        name: z.string(),
        place_id: z.string(),
        formatted_address: z.string().optional(),
        rating: z.number().optional(),
        user_ratings_total: z.number().int().optional(),
        business_status: z.string().optional(),
        types: z.array(z.string()).optional(),
      }),
    )
    .default([]),
});

const DetailsSchema = z.object({
  status: z.string(),
  result: z
    .object({
      formatted_phone_number: z.string().optional(),
      international_phone_number: z.string().optional(),
      website: z.string().optional(),
    })
    .optional(),
});

export interface PlacesProvider {
  textSearch(query: string, limit: number): Promise<PlaceSearchResult[]>;
}

/**
 * Google Places' Text Search, then Place Details for the first results (spec 3 places-proxy:
 * textsearch, then details per result for phones and website). The key goes in the query string,
 * as the API asks; it is never logged or returned. Null when no key is configured.
 */
export function createPlacesProvider(
  config: { places: { apiKey: string; apiUrl: string } | null },
  fetchImpl: typeof fetch = fetch,
): PlacesProvider | null {
  const places = config.places;
  if (!places) return null;

  const call = async (endpoint: string, params: Record<string, string>) => {
    const url = new URL(`${places.apiUrl}/${endpoint}/json`);
    for (const [key, value] of Object.entries({ ...params, key: places.apiKey })) {
      url.searchParams.set(key, value);
    }
    let res: Response;
    try {
      res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new PlacesProviderError('the places provider could not be reached');
    }
    if (!res.ok) throw new PlacesProviderError(`the places provider answered HTTP ${res.status}`);
    try {
      return (await res.json()) as unknown;
    } catch {
      throw new PlacesProviderError('the places provider answered something other than JSON');
    }
  };

  const details = async (placeId: string) => {
    const parsed = DetailsSchema.safeParse(
      await call('details', {
        place_id: placeId,
        fields: 'formatted_phone_number,international_phone_number,website',
      }).catch(() => null),
    );
    // A result without its details is still worth showing.
    return parsed.success && parsed.data.status === 'OK' ? (parsed.data.result ?? {}) : {};
  };

  return {
    async textSearch(query, limit) {
      const parsed = TextSearchSchema.safeParse(await call('textsearch', { query }));
      if (!parsed.success) throw new PlacesProviderError('the places provider answered in an unknown format');
      const { status, error_message: message, results } = parsed.data;
      if (status !== 'OK' && status !== 'ZERO_RESULTS') {
        throw new PlacesProviderError(message ? `${status}: ${message}` : status);
      }
      const kept = results.slice(0, limit);
      const extra = await Promise.all(
        kept.map((place, i) => (i < PLACE_DETAILS_LIMIT ? details(place.place_id) : Promise.resolve({}))),
      );
      return kept.map((place, i) => {
        const more: z.infer<typeof DetailsSchema>['result'] = extra[i] ?? {};
        return {
          source: 'provider' as const,
          name: place.name,
          place_id: place.place_id,
          formatted_address: place.formatted_address ?? null,
          formatted_phone_number: more?.formatted_phone_number ?? null,
          international_phone_number: more?.international_phone_number ?? null,
          website: more?.website ?? null,
          rating: place.rating ?? null,
          user_ratings_total: place.user_ratings_total ?? 0,
          business_status: place.business_status ?? null,
          types: place.types ?? [],
        };
      });
    },
  };
}
