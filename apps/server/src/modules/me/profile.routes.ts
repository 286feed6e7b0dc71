import {
  DefaultLocationInputSchema,
  DefaultLocationSchema,
  ProfileSettingsInputSchema,
  ProfileSettingsSchema,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { Geocoder } from '../geo/geocoder';
import {
  clearDefaultLocation,
  getDefaultLocation,
  getProfileSettings,
  saveDefaultLocation,
  updateProfileSettings,
} from './profile.service';
import { signedInFirst } from '../../plugins/auth';

/**
 * Customer Settings (spec 2 §7): Profile Information (display name and phone; the email is
 * read-only) and Default Location (where new requests start). Business owners are refused: Business
 * Settings owns their contact person, phone and address.
 */
export async function profileRoutes(
  app: FastifyInstance,
  opts: { db: Db; geocoder: Pick<Geocoder, 'geocode' | 'reverse'> },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/me/profile',
    { schema: { tags: ['account'], response: { 200: ProfileSettingsSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return getProfileSettings(opts.db, user);
    },
  );

  typed.put(
    '/api/me/profile',
    {
      schema: {
        tags: ['account'],
        body: ProfileSettingsInputSchema,
        response: { 200: ProfileSettingsSchema },
      },
      preValidation: signedInFirst,
    },
    async (request) => {
      const { user } = await request.requireSession();
      return updateProfileSettings(opts.db, user, request.body);
    },
  );

  typed.get(
    '/api/me/default-location',
    { schema: { tags: ['account'], response: { 200: DefaultLocationSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return getDefaultLocation(opts.db, user);
    },
  );

  typed.put(
    '/api/me/default-location',
    {
      schema: {
        tags: ['account'],
        body: DefaultLocationInputSchema,
        response: { 200: DefaultLocationSchema },
      },
      preValidation: signedInFirst,
    },
    async (request) => {
      const { user } = await request.requireSession();
      return saveDefaultLocation(
        { db: opts.db, geocoder: opts.geocoder, log: request.log },
        user,
        request.body,
      );
    },
  );

  typed.delete(
    '/api/me/default-location',
    { schema: { tags: ['account'], response: { 200: DefaultLocationSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return clearDefaultLocation(opts.db, user);
    },
  );
}
