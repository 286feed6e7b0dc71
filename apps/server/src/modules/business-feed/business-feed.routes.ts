import { BusinessFeedCountsSchema, BusinessFeedPageSchema, BusinessFeedQuerySchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { compiledSerializer } from '../../lib/compiled-serializer';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { feedCounts, listFeedPage } from './business-feed.service';

/** Service Requests (spec 3 §2): the open requests matching the signed-in business, by group. */
export async function businessFeedRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/business/requests',
    {
      schema: {
        tags: ['business'],
        querystring: BusinessFeedQuerySchema,
        response: { 200: BusinessFeedPageSchema },
      },
      // Compiled once: the page is the hottest read (lib/compiled-serializer.ts says what it keeps).
      serializerCompiler: compiledSerializer(BusinessFeedPageSchema),
    },
    async (request) => {
      const { user } = await request.requireSession();
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      return listFeedPage(opts.db, profile, request.query, new Date());
    },
  );

  typed.get(
    '/api/business/requests/counts',
    { schema: { tags: ['business'], response: { 200: BusinessFeedCountsSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      return feedCounts(opts.db, profile, new Date());
    },
  );
}
