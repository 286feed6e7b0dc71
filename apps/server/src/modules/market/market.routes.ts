import { MarketAnalysisQuerySchema, MarketAnalysisSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { analyseMarket } from './market.service';
import { addressKey } from '../../lib/client-address';

/** Per IP and minute: enough for a chat, too few to scrape the platform's figures. */
export const MARKET_ANALYSIS_RATE_LIMIT = 30;

export async function marketRoutes(app: FastifyInstance, opts: { db: Db }) {
  const limiter = app.grip.limits.limit('market', MARKET_ANALYSIS_RATE_LIMIT, 60);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/market-analysis',
    {
      // Public: the landing page's guest assistant uses it too.
      onRequest: async (request, reply) => {
        // Per address, an IPv6 /64 as one (its owner has all of it).
        await limiter.enforce(
          addressKey(request.ip),
          reply,
          'Too many market checks. Please wait a minute and try again.',
        );
      },
      schema: {
        tags: ['assistant'],
        description:
          'What the assistant tells a customer about a service near a point: providers in range (and at ' +
          '20 km), competition, usual response time, typical budget, popular times, jobs in the last 3 months.',
        querystring: MarketAnalysisQuerySchema,
        response: { 200: MarketAnalysisSchema },
      },
    },
    async (request) => analyseMarket(opts.db, request.query, new Date()),
  );
}
