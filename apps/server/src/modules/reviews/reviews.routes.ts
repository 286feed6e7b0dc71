import { CreatedReviewSchema, PendingReviewListSchema, ReviewInputSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { listPendingReviews, submitReview } from './reviews.service';

/** Reviews (spec 2 "Review dialog", "Review gate"): the customer's pending list and the review itself. */
export async function reviewRoutes(app: FastifyInstance, opts: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/reviews/pending',
    { schema: { tags: ['reviews'], response: { 200: PendingReviewListSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return listPendingReviews(opts.db, user.id);
    },
  );

  typed.post(
    '/api/reviews',
    { schema: { tags: ['reviews'], body: ReviewInputSchema, response: { 201: CreatedReviewSchema } } },
    async (request, reply) => {
      const { user } = await request.requireSession();
      const created = await submitReview(opts.db, user.id, request.body, new Date());
      return reply.status(201).send(created);
    },
  );
}
