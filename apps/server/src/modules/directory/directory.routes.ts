import { DirectoryBusinessSchema, queryCoordinate } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { startingLocation } from '../requests/starting-location.repository';
import { discoverBusinesses } from './directory.repository';

const DISCOVER_LIMIT = 6;

const DiscoverQuerySchema = z.object({
  latitude: queryCoordinate(90),
  longitude: queryCoordinate(180),
});

/**
 * The public business directory as customers see it: name, services, area, rating, late cancellations
 * of the last 12 months — no contact details.
 */
export async function directoryRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/businesses/discover',
    {
      schema: {
        tags: ['directory'],
        querystring: DiscoverQuerySchema,
        response: { 200: z.array(DirectoryBusinessSchema) },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      const { latitude, longitude } = request.query;
      // Without a point from the browser, where the customer's requests start (their default
      // location, else their latest request's) is the best guess.
      let point = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
      if (!point) {
        const last = await startingLocation(opts.db, user.id);
        if (last?.latitude != null && last.longitude != null) {
          point = { latitude: last.latitude, longitude: last.longitude };
        }
      }
      const rows = await discoverBusinesses(opts.db, point, DISCOVER_LIMIT, new Date());
      return rows.map(({ ratingAverage, ...row }) => ({
        ...row,
        ratingAverage: ratingAverage === null ? null : Math.round(Number(ratingAverage) * 10) / 10,
      }));
    },
  );
}
