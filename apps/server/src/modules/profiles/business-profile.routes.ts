import {
  BUSINESS_PROFILE_MESSAGES,
  BusinessAvatarSchema,
  BusinessLocationSchema,
  BusinessProfileInputSchema,
  BusinessProfileSchema,
  BusinessProfileUpdateSchema,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { profiles } from '../../db/schema';
import { assertMayMove } from './business-address';
import { Unauthorized } from '../../lib/errors';
import {
  assertBusinessOwner,
  geocodeBusinessAddress,
  getBusinessProfile,
  registerBusiness,
  saveBusinessChanges,
  setBusinessAvatar,
  updateBusinessProfile,
  type BusinessGeocoder,
} from './business-profile.service';
import { getOrCreateProfile } from './profiles.service';

/**
 * Business registration and settings (spec 3 §2): read the own profile, register (any signed-in
 * user becomes a business owner), replace the whole profile (settings), save the avatar alone, and
 * the partial PATCH for categories, address and service area that matching needs.
 */
export async function businessProfileRoutes(
  app: FastifyInstance,
  opts: { db: Db; geocoder: BusinessGeocoder },
) {
  const deps = { db: opts.db, geocoder: opts.geocoder };
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/business-profile',
    { schema: { tags: ['business'], response: { 200: BusinessProfileSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return getBusinessProfile(deps, user);
    },
  );

  typed.post(
    '/api/business-registration',
    {
      schema: {
        tags: ['business'],
        body: BusinessProfileInputSchema,
        response: { 200: BusinessProfileSchema },
      },
      // Signed-out callers hear the spec's words, before (and whatever) the body says.
      preValidation: async (request) => {
        if (!(await request.getSession())) throw new Unauthorized(BUSINESS_PROFILE_MESSAGES.signInRequired);
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return registerBusiness(deps, user, request.body, new Date());
    },
  );

  typed.put(
    '/api/business-profile',
    {
      schema: {
        tags: ['business'],
        body: BusinessProfileInputSchema,
        response: { 200: BusinessProfileSchema },
      },
      preValidation: async (request) => {
        await request.requireSession();
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return updateBusinessProfile(deps, user, request.body, new Date());
    },
  );

  typed.put(
    '/api/business-profile/avatar',
    {
      schema: {
        tags: ['business'],
        body: BusinessAvatarSchema,
        response: { 200: BusinessAvatarSchema },
      },
      preValidation: async (request) => {
        await request.requireSession();
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return setBusinessAvatar(deps, user, request.body.avatarUrl);
    },
  );

  typed.patch(
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
      assertBusinessOwner(profile);
      const body = request.body;
      const changes: Partial<typeof profiles.$inferInsert> = {};
      if (body.serviceCategories) changes.serviceCategories = [...new Set(body.serviceCategories)];
      if (body.serviceAreaKm !== undefined) changes.serviceAreaKm = body.serviceAreaKm;
      const now = new Date();
      if (body.address !== undefined) {
        if (body.address !== profile.address) await assertMayMove(opts.db, user.id, now);
        Object.assign(changes, await geocodeBusinessAddress(deps, profile, body.address));
      }
      const row = await saveBusinessChanges(opts.db, profile, changes, now);
      return {
        address: row.address,
        latitude: row.latitude,
        longitude: row.longitude,
        serviceAreaKm: row.serviceAreaKm,
        serviceCategories: row.serviceCategories,
      };
    },
  );
}
