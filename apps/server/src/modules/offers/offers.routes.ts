import {
  ConfirmOfferInputSchema,
  CustomerCounterOfferInputSchema,
  CustomerOfferSchema,
  OfferActionResultSchema,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  confirmOffer,
  declineOffer,
  getOffer,
  ignoreOffer,
  sendCustomerCounterOffer,
  viewOffer,
} from './offers.service';
import { signedInFirst } from '../../plugins/auth';

// Any id shape is let through: a malformed one reads as not found, like a missing one.
const Params = z.object({ responseId: z.string() });
const result = { 200: OfferActionResultSchema };

/**
 * The customer's side of an offer (spec 2: Response detail, Confirm Service Offer, Modified Offer).
 * Only the owner of the request a response answers reaches it; everyone else hears not found.
 */
export async function offerRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const deps = { db, publicUrl: opts.config.publicUrl };

  typed.get(
    '/api/offers/:responseId',
    { schema: { tags: ['offers'], params: Params, response: { 200: CustomerOfferSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return getOffer(db, user.id, request.params.responseId, new Date());
    },
  );

  typed.post(
    '/api/offers/:responseId/view',
    { schema: { tags: ['offers'], params: Params, response: { 204: z.null() } } },
    async (request, reply) => {
      const { user } = await request.requireSession();
      await viewOffer(db, user.id, request.params.responseId, new Date());
      return reply.status(204).send(null);
    },
  );

  // The body names the terms the customer agrees to (decision 019).
  typed.post(
    '/api/offers/:responseId/confirm',
    {
      onRequest: signedInFirst,
      schema: { tags: ['offers'], params: Params, body: ConfirmOfferInputSchema, response: result },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return confirmOffer(deps, user.id, request.params.responseId, request.body, new Date());
    },
  );

  typed.post(
    '/api/offers/:responseId/counter-offer',
    {
      onRequest: signedInFirst,
      schema: {
        tags: ['offers'],
        params: Params,
        body: CustomerCounterOfferInputSchema,
        response: result,
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return sendCustomerCounterOffer(db, user.id, request.params.responseId, request.body, new Date());
    },
  );

  typed.post(
    '/api/offers/:responseId/decline',
    { schema: { tags: ['offers'], params: Params, response: result } },
    async (request) => {
      const { user } = await request.requireSession();
      return declineOffer(db, user.id, request.params.responseId, new Date());
    },
  );

  typed.post(
    '/api/offers/:responseId/ignore',
    { schema: { tags: ['offers'], params: Params, response: result } },
    async (request) => {
      const { user } = await request.requireSession();
      return ignoreOffer(db, user.id, request.params.responseId, new Date());
    },
  );
}
