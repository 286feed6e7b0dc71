import {
  ADMIN_SEARCH_MAX_RESULTS,
  ADMIN_SEARCH_MESSAGES,
  AdminBusinessSearchQuerySchema,
  AdminBusinessSearchResponseSchema,
  DEFAULT_ADMIN_SEARCH_RADIUS_KM,
  type AdminBusinessResult,
  type AdminBusinessSearchResponse,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import {
  searchBusinessDirectory,
  searchBusinessesNearby,
  type BusinessSearchRow,
} from './business-search.repository';
import { refuseNonAdministratorsWith, requireAdministrator } from './require-administrator';

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

function toResult(row: BusinessSearchRow & { distanceKm?: number }): AdminBusinessResult {
  return {
    userId: row.userId,
    businessName: row.businessName,
    address: row.address?.trim() || null,
    areaLabel: row.areaLabel?.trim() || null,
    phone: row.phone?.trim() || null,
    website: row.website?.trim() || null,
    serviceCategories: row.serviceCategories,
    ratingAverage: row.ratingAverage === null ? null : round(row.ratingAverage, 1),
    reviewCount: row.reviewCount,
    serviceAreaKm: row.serviceAreaKm,
    distanceKm: row.distanceKm === undefined ? null : round(row.distanceKm, 2),
  };
}

/**
 * The administrators' business search over Grip's directory (spec 3 /admin-test-request, spec 2 the
 * customer home's admin search). With a point: a nearby search within radiusKm (default 5), nearest
 * first; without one: a text search, best rated first. Registered by buildApp with `{ db }`.
 */
export async function adminBusinessSearchRoutes(app: FastifyInstance, opts: { db: Db }) {
  refuseNonAdministratorsWith(app, ADMIN_SEARCH_MESSAGES.administratorsOnly);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/admin/business-search',
    {
      schema: {
        tags: ['admin'],
        summary: 'Businesses matching a keyword, near a point when one is given (administrators only)',
        querystring: AdminBusinessSearchQuerySchema,
        response: { 200: AdminBusinessSearchResponseSchema },
      },
    },
    async (request): Promise<AdminBusinessSearchResponse> => {
      await requireAdministrator(request, opts.db, ADMIN_SEARCH_MESSAGES.administratorsOnly);
      const { q, latitude, longitude, radiusKm } = request.query;
      if (latitude === undefined || longitude === undefined) {
        const rows = await searchBusinessDirectory(opts.db, q, ADMIN_SEARCH_MAX_RESULTS);
        return { mode: 'text', radiusKm: null, results: rows.map(toResult) };
      }
      const radius = radiusKm ?? DEFAULT_ADMIN_SEARCH_RADIUS_KM;
      const rows = await searchBusinessesNearby(
        opts.db,
        q,
        { latitude, longitude },
        radius,
        ADMIN_SEARCH_MAX_RESULTS,
      );
      return { mode: 'nearby', radiusKm: radius, results: rows.map(toResult) };
    },
  );
}
