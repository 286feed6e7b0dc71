import {
  ADMIN_DIRECTORY_MESSAGES,
  AdminBusinessListQuerySchema,
  AdminBusinessPageSchema,
  AdminBusinessParamsSchema,
  AdminBusinessSchema,
  AdminBusinessUpdateSchema,
  BUSINESS_PROFILE_MESSAGES,
  type AdminBusiness,
  type AdminBusinessUpdate,
  type GeoPlace,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { profiles } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/errors';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor';
import {
  countActiveRequests,
  findBusiness,
  listBusinesses,
  updateBusiness,
  type DirectoryRow,
} from './directory.repository';
import { refuseNonAdministratorsWith, requireAdministrator } from './require-administrator';

/** The part of the geocoder the directory needs: a changed address is looked up to place the business. */
export interface DirectoryGeocoder {
  geocode(address: string): Promise<GeoPlace | null>;
}

function toDto(row: DirectoryRow, activeRequests: number): AdminBusiness {
  return {
    userId: row.userId,
    businessName: row.businessName,
    displayName: row.displayName,
    accountEmail: row.accountEmail,
    phone: row.phone,
    address: row.address,
    areaLabel: row.areaLabel,
    website: row.website,
    description: row.description,
    serviceCategories: row.serviceCategories,
    serviceAreaKm: row.serviceAreaKm,
    notificationEmail: row.notificationEmail,
    activeRequests,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Where the business is: an unchanged address keeps its point; a new one is geocoded (an unknown
 * place is refused, as in business settings, since a business without a point is told of requests
 * everywhere); a cleared address clears the point. Without a geocoder the new address is stored
 * without a point rather than keeping the old address's one.
 */
async function locationChanges(
  geocoder: DirectoryGeocoder | undefined,
  current: DirectoryRow,
  address: string | null,
): Promise<Partial<typeof profiles.$inferInsert>> {
  if (address === current.address) return {};
  if (address === null || !geocoder) {
    return { address, areaLabel: null, latitude: null, longitude: null };
  }
  const place = await geocoder.geocode(address);
  if (!place) {
    throw new Invalid(BUSINESS_PROFILE_MESSAGES.addressNotFound, {
      address: BUSINESS_PROFILE_MESSAGES.addressNotFound,
    });
  }
  return { address, areaLabel: place.area || null, latitude: place.latitude, longitude: place.longitude };
}

function profileChanges(input: AdminBusinessUpdate): Partial<typeof profiles.$inferInsert> {
  return {
    businessName: input.businessName,
    displayName: input.displayName,
    phone: input.phone,
    website: input.website,
    description: input.description,
    serviceCategories: input.serviceCategories,
    serviceAreaKm: input.serviceAreaKm,
    notificationEmail: input.notificationEmail,
  };
}

/**
 * Business Directory (admin): every business owner with its categories, service area and active
 * requests, and the business-profile edit dialog's save. Registered by buildApp with `{ db, geocoder }`.
 */
export async function adminDirectoryRoutes(
  app: FastifyInstance,
  opts: { db: Db; geocoder?: DirectoryGeocoder },
) {
  refuseNonAdministratorsWith(app, ADMIN_DIRECTORY_MESSAGES.administratorsOnly);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/admin/businesses',
    {
      schema: {
        tags: ['admin'],
        querystring: AdminBusinessListQuerySchema,
        response: { 200: AdminBusinessPageSchema },
      },
    },
    async (request) => {
      await requireAdministrator(request, opts.db, ADMIN_DIRECTORY_MESSAGES.administratorsOnly);
      const { cursor, limit, q } = request.query;
      const after = cursor ? decodePageCursor(cursor, ADMIN_DIRECTORY_MESSAGES.badCursor) : undefined;
      const rows = await listBusinesses(
        opts.db,
        { q, after: after && { key: after.key, userId: after.id } },
        limit + 1,
      );
      const page = rows.slice(0, limit);
      const counts = await countActiveRequests(
        opts.db,
        page.map((row) => row.userId),
      );
      const last = page.at(-1);
      return {
        items: page.map((row) => toDto(row, counts.get(row.userId) ?? 0)),
        nextCursor: rows.length > limit && last ? encodePageCursor(last.sortKey, last.userId) : null,
      };
    },
  );

  typed.put(
    '/api/admin/businesses/:userId',
    {
      schema: {
        tags: ['admin'],
        params: AdminBusinessParamsSchema,
        body: AdminBusinessUpdateSchema,
        response: { 200: AdminBusinessSchema },
      },
    },
    async (request) => {
      await requireAdministrator(request, opts.db, ADMIN_DIRECTORY_MESSAGES.administratorsOnly);
      const { userId } = request.params;
      const current = await findBusiness(opts.db, userId);
      if (!current) throw new NotFound(ADMIN_DIRECTORY_MESSAGES.notABusiness);
      const changes = {
        ...profileChanges(request.body),
        ...(await locationChanges(opts.geocoder, current, request.body.address)),
      };
      // The role is checked again in the update itself: a demotion in between is a 404, not a write.
      if (!(await updateBusiness(opts.db, userId, changes))) {
        throw new NotFound(ADMIN_DIRECTORY_MESSAGES.notABusiness);
      }
      const saved = await findBusiness(opts.db, userId);
      if (!saved) throw new NotFound(ADMIN_DIRECTORY_MESSAGES.notABusiness);
      const counts = await countActiveRequests(opts.db, [userId]);
      return toDto(saved, counts.get(userId) ?? 0);
    },
  );
}
