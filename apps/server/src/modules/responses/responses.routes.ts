import { BusinessRequestDetailSchema, CreatedResponseSchema, ResponseInputSchema } from '@grip/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { businessScopeOf, getRequestForBusiness, respondToRequest } from './responses.service';

const IdParams = z.object({ id: z.string().max(100) });

/** The respond page (spec 3 §2 "Respond to request"): a request as a business sees it, and its quote. */
export async function responseRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: opts.db, publicUrl: opts.config.publicUrl };

  const scopeOf = async (request: FastifyRequest) => {
    const { user } = await request.requireSession();
    return businessScopeOf(await getOrCreateProfile(opts.db, user.id, user.name));
  };

  typed.get(
    '/api/business/requests/:id',
    {
      schema: { tags: ['responses'], params: IdParams, response: { 200: BusinessRequestDetailSchema } },
    },
    async (request) => getRequestForBusiness(opts.db, await scopeOf(request), request.params.id),
  );

  typed.post(
    '/api/business/requests/:id/responses',
    {
      schema: {
        tags: ['responses'],
        params: IdParams,
        body: ResponseInputSchema,
        response: { 201: CreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request);
      const created = await respondToRequest(deps, scope, request.params.id, request.body, new Date());
      return reply.status(201).send(created);
    },
  );
}
