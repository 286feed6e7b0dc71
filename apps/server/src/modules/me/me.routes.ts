import { MeSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { getOrCreateProfile, toProfileDto } from '../profiles/profiles.service';

/**
 * The signed-in account and its profile: the web app's session source. A visitor gets 401, or with
 * `?optional=true` a 200 `null`: the app asks on every start, and for a visitor that answer is not an
 * error (a 401 is logged in the browser's console on every visit to the landing page).
 */
export async function meRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        querystring: z.object({
          optional: z.enum(['true', 'false'], 'optional must be true or false.').optional(),
        }),
        response: { 200: MeSchema.nullable() },
      },
    },
    async (request) => {
      const session = await request.getSession();
      if (!session && request.query.optional === 'true') return null;
      const { user } = session ?? (await request.requireSession());
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      return {
        user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
        profile: toProfileDto(profile),
      };
    },
  );
}
