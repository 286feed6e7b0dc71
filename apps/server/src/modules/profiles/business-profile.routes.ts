import {
  BUSINESS_PROFILE_MESSAGES,
  BusinessLocationSchema,
  BusinessProfileUpdateSchema,
  normalizeRole,
} from '@grip/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { Forbidden, Invalid } from '../../lib/errors';
import type { AddressLookup } from '../requests/requests.service';
import { getOrCreateProfile } from './profiles.service';

/**
 * Where and what a business serves: categories, address (geocoded to the point matching measures
 * from) and service area. Issue 4's business settings build on this.
 */
export async function businessProfileRoutes(app: FastifyInstance, opts: { db: Db; geocoder: AddressLookup }) {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/business-profile',
    {
      schema: {
        tags: ['business'],
        body: BusinessProfileUpdateSchema,
        response: { 200: BusinessLocationSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      if (normalizeRole(profile.role) !== 'business_owner') {
        throw new Forbidden(BUSINESS_PROFILE_MESSAGES.businessOwnersOnly);
      }
      const body = request.body;
      const changes: Partial<typeof profiles.$inferInsert> = {};
      if (body.serviceCategories) changes.serviceCategories = [...new Set(body.serviceCategories)];
      if (body.serviceAreaKm !== undefined) changes.serviceAreaKm = body.serviceAreaKm;
      if (body.address !== undefined) {
        // A business without a point would match every request everywhere: refuse unknown places.
        const place = await opts.geocoder.geocode(body.address);
        if (!place) {
          throw new Invalid(BUSINESS_PROFILE_MESSAGES.addressNotFound, {
            address: BUSINESS_PROFILE_MESSAGES.addressNotFound,
          });
        }
        Object.assign(changes, {
          address: body.address,
          areaLabel: place.area,
          latitude: place.latitude,
          longitude: place.longitude,
        });
      }
      const [row] = await opts.db
        .update(profiles)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(profiles.userId, user.id))
        .returning();
      return {
        address: row!.address,
        latitude: row!.latitude,
        longitude: row!.longitude,
        serviceAreaKm: row!.serviceAreaKm,
        serviceCategories: row!.serviceCategories,
      };
    },
  );
}
