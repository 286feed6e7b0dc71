import { BadgeCountsSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { badgeCounts } from './badges.service';

export async function badgeRoutes(app: FastifyInstance, opts: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/badges',
      { schema: { tags: ['account'], response: { 200: BadgeCountsSchema } } },
      async (request) => {
        const { user } = await request.requireSession();
        const profile = await getOrCreateProfile(opts.db, user.id, user.name);
        return badgeCounts(opts.db, user.id, profile, new Date());
      },
    );
}
