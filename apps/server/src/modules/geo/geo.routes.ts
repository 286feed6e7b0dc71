import { decimalCoordinate, GeoPlaceSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { NotFound } from '../../lib/errors';
import {
  DEFAULT_SUGGESTION_LIMIT,
  MAX_QUERY_LENGTH,
  MAX_SUGGESTION_LIMIT,
  MIN_QUERY_LENGTH,
} from './geo-constants';
import { createGeocoder, type Geocoder } from './geocoder';
import { addressKey } from '../../lib/client-address';

export const GEO_MESSAGES = {
  addressNotFound: 'We could not find that address.',
  nothingNear: 'We could not find a place near those coordinates.',
  addressRequired: 'Please provide a location',
  queryTooLong: `Please type at most ${MAX_QUERY_LENGTH} characters.`,
  limit: `The number of suggestions must be a whole number from 1 to ${MAX_SUGGESTION_LIMIT}.`,
  latitude: 'Latitude must be a number from -90 to 90.',
  longitude: 'Longitude must be a number from -180 to 180.',
  rateLimited: 'Too many address lookups. Please wait a minute and try again.',
} as const;

/** Lookups per minute per client address, over all three routes. */
export const GEO_RATE_LIMIT_PER_MINUTE = 60;

const SuggestQuerySchema = z.object({
  q: z.string().max(MAX_QUERY_LENGTH, GEO_MESSAGES.queryTooLong).default(''),
  limit: z
    .string()
    .regex(/^\d+$/, GEO_MESSAGES.limit)
    .transform(Number)
    .pipe(z.number().int().min(1, GEO_MESSAGES.limit).max(MAX_SUGGESTION_LIMIT, GEO_MESSAGES.limit))
    .default(DEFAULT_SUGGESTION_LIMIT),
});

const GeocodeQuerySchema = z.object({
  address: z
    .string({ error: GEO_MESSAGES.addressRequired })
    .trim()
    .min(1, GEO_MESSAGES.addressRequired)
    .max(300, 'Please keep the location under 300 characters.'),
});

const ReverseQuerySchema = z.object({
  latitude: decimalCoordinate(GEO_MESSAGES.latitude, 90),
  longitude: decimalCoordinate(GEO_MESSAGES.longitude, 180),
});

/**
 * Address suggestions, geocoding and reverse geocoding. Public: the signed-out landing page and
 * the guest assistant use suggestions too, so every client address is rate-limited instead.
 */
export async function geoRoutes(
  app: FastifyInstance,
  opts: { config: Config; geocoder?: Geocoder; rateLimitPerMinute?: number },
) {
  const geocoder = opts.geocoder ?? createGeocoder(opts.config);
  const limiter = app.grip.limits.limit('geo', opts.rateLimitPerMinute ?? GEO_RATE_LIMIT_PER_MINUTE, 60);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // This plugin is encapsulated, so the hook counts the geo routes only.
  typed.addHook('onRequest', async (request, reply) => {
    // Per address, an IPv6 /64 as one (its owner has all of it).
    await limiter.enforce(addressKey(request.ip), reply, GEO_MESSAGES.rateLimited);
  });

  typed.get(
    '/api/geo/suggest',
    {
      schema: {
        tags: ['geo'],
        summary: 'Places matching what was typed so far, best first',
        querystring: SuggestQuerySchema,
        response: { 200: z.array(GeoPlaceSchema) },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      if (q.trim().length < MIN_QUERY_LENGTH) return [];
      return geocoder.suggest(q, limit);
    },
  );

  typed.get(
    '/api/geo/geocode',
    {
      schema: {
        tags: ['geo'],
        summary: 'The coordinates and area of an address',
        querystring: GeocodeQuerySchema,
        response: { 200: GeoPlaceSchema },
      },
    },
    async (request) => {
      const place = await geocoder.geocode(request.query.address);
      if (!place) throw new NotFound(GEO_MESSAGES.addressNotFound);
      return place;
    },
  );

  typed.get(
    '/api/geo/reverse',
    {
      schema: {
        tags: ['geo'],
        summary: 'What lies at or near a pair of coordinates',
        querystring: ReverseQuerySchema,
        response: { 200: GeoPlaceSchema },
      },
    },
    async (request) => {
      const { latitude, longitude } = request.query;
      const place = await geocoder.reverse(latitude, longitude);
      if (!place) throw new NotFound(GEO_MESSAGES.nothingNear);
      return place;
    },
  );
}
