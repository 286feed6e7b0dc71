import {
  AcceptCounterOfferInputSchema,
  CounterOfferInputSchema,
  KeepQuoteInputSchema,
  OpportunityListSchema,
} from '@grip/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { businessScopeOf } from '../responses/responses.service';
import {
  acceptCounterOffer,
  declineOpportunity,
  keepQuote,
  listOpportunities,
  sendCounterOffer,
} from './opportunities.service';
import { signedInFirst } from '../../plugins/auth';

const Params = z.object({ responseId: z.string().max(100) });
const ActionResult = z.object({ id: z.string(), status: z.string() });

/** Pending Opportunities (spec 3 §2): the business's offers in play and its answers to them. */
export async function opportunityRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  const scopeOf = async (request: FastifyRequest) => {
    const { user } = await request.requireSession();
    return businessScopeOf(await getOrCreateProfile(db, user.id, user.name));
  };

  typed.get(
    '/api/business/opportunities',
    { schema: { tags: ['opportunities'], response: { 200: OpportunityListSchema } } },
    async (request) => listOpportunities(db, await scopeOf(request), new Date()),
  );

  typed.post(
    '/api/business/opportunities/:responseId/counter-offer',
    {
      schema: {
        tags: ['opportunities'],
        params: Params,
        body: CounterOfferInputSchema,
        response: { 200: ActionResult },
      },
    },
    async (request) =>
      sendCounterOffer(db, await scopeOf(request), request.params.responseId, request.body, new Date()),
  );

  typed.post(
    '/api/business/opportunities/:responseId/decline',
    { schema: { tags: ['opportunities'], params: Params, response: { 200: ActionResult } } },
    async (request) => declineOpportunity(db, await scopeOf(request), request.params.responseId, new Date()),
  );

  // The body names the customer's counter offer being accepted (decision 019).
  typed.post(
    '/api/business/opportunities/:responseId/accept',
    {
      onRequest: signedInFirst,
      schema: {
        tags: ['opportunities'],
        params: Params,
        body: AcceptCounterOfferInputSchema,
        response: { 200: ActionResult },
      },
    },
    async (request) =>
      acceptCounterOffer(db, await scopeOf(request), request.params.responseId, request.body, new Date()),
  );

  // Keep My Quote: the business agrees to the customer's changed request, naming it (decision 019).
  typed.post(
    '/api/business/opportunities/:responseId/keep-quote',
    {
      onRequest: signedInFirst,
      schema: {
        tags: ['opportunities'],
        params: Params,
        body: KeepQuoteInputSchema,
        response: { 200: ActionResult },
      },
    },
    async (request) => keepQuote(db, await scopeOf(request), request.params.responseId, request.body),
  );
}
