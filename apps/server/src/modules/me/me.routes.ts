import { MeSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { getOrCreateProfile, toProfileDto } from '../profiles/profiles.service';

/** The signed-in account and its profile: the web app's session source. */
export async function meRoutes(app: FastifyInstance, opts: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/me', { schema: { tags: ['account'], response: { 200: MeSchema } } }, async (request) => {
      const { user } = await request.requireSession();
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      return {
        user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
        profile: toProfileDto(profile),
      };
    });
}
