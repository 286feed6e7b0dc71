import { normalizeRole, REQUEST_MESSAGES, ServiceRequestInputSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { Unauthorized } from '../../lib/errors';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { createRequest } from './requests.service';

export async function requestRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/requests',
    {
      // Signed-out visitors hear 'Authentication Required' before any field is checked.
      onRequest: async (request) => {
        if (!(await request.getSession())) throw new Unauthorized(REQUEST_MESSAGES.authenticationRequired);
      },
      schema: {
        tags: ['requests'],
        body: ServiceRequestInputSchema,
        response: {
          201: z.object({
            id: z.uuid(),
            title: z.string(),
            status: z.string(),
            matchedBusinesses: z.number().int(),
          }),
        },
      },
    },
    async (request, reply) => {
      const { user } = await request.requireSession();
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      const { request: created, matchedBusinesses } = await createRequest(
        opts.db,
        { userId: user.id, role: normalizeRole(profile.role) },
        request.body,
        new Date(),
      );
      return reply
        .status(201)
        .send({ id: created.id, title: created.title, status: created.status, matchedBusinesses });
    },
  );
}
