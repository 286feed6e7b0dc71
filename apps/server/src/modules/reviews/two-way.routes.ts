import {
  CustomerReviewInputSchema,
  CustomerReviewStateSchema,
  CustomerStandingSchema,
  JOB_MESSAGES,
  normalizeRole,
  ReviewEntryListSchema,
  ReviewEntrySchema,
  ReviewReplyInputSchema,
} from '@grip/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { Forbidden } from '../../lib/errors';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { businessScopeOf } from '../responses/responses.service';
import {
  customerStandingForBusiness,
  getCustomerReviewState,
  listMyReviews,
  replyToReview,
  reviewCustomer,
} from './two-way.service';

const ResponseParams = z.object({ responseId: z.string().max(100) });
const ReviewParams = z.object({ reviewId: z.string().max(100) });
const RequestParams = z.object({ id: z.string().max(100) });

/** Reviews both ways (issue 32): the business's review of a customer, replies, and the lists. */
export async function twoWayReviewRoutes(app: FastifyInstance, opts: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const profileOf = async (request: FastifyRequest) => {
    const { user } = await request.requireSession();
    return getOrCreateProfile(opts.db, user.id, user.name);
  };
  /** Only business owners have jobs (as the jobs module answers). */
  const jobOwnerOf = (profile: { userId: string; role: string }) => {
    if (normalizeRole(profile.role) !== 'business_owner') throw new Forbidden(JOB_MESSAGES.businessesOnly);
    return profile.userId;
  };

  typed.get(
    '/api/business/jobs/:responseId/customer-review',
    { schema: { tags: ['reviews'], params: ResponseParams, response: { 200: CustomerReviewStateSchema } } },
    async (request) =>
      getCustomerReviewState(
        opts.db,
        jobOwnerOf(await profileOf(request)),
        request.params.responseId,
        new Date(),
      ),
  );

  typed.post(
    '/api/business/jobs/:responseId/customer-review',
    {
      schema: {
        tags: ['reviews'],
        params: ResponseParams,
        body: CustomerReviewInputSchema,
        response: { 201: ReviewEntrySchema },
      },
    },
    async (request, reply) => {
      const owner = jobOwnerOf(await profileOf(request));
      const created = await reviewCustomer(
        opts.db,
        owner,
        request.params.responseId,
        request.body,
        new Date(),
      );
      return reply.status(201).send(created);
    },
  );

  typed.get(
    '/api/reviews/mine',
    { schema: { tags: ['reviews'], response: { 200: ReviewEntryListSchema } } },
    async (request) => {
      const profile = await profileOf(request);
      const isBusiness = normalizeRole(profile.role) === 'business_owner';
      return listMyReviews(opts.db, profile.userId, isBusiness, new Date());
    },
  );

  typed.post(
    '/api/reviews/:reviewId/reply',
    { schema: { tags: ['reviews'], params: ReviewParams, body: ReviewReplyInputSchema } },
    async (request, reply) => {
      const profile = await profileOf(request);
      const isBusiness = normalizeRole(profile.role) === 'business_owner';
      await replyToReview(
        opts.db,
        profile.userId,
        isBusiness,
        request.params.reviewId,
        request.body.text,
        new Date(),
      );
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/api/business/requests/:id/customer-standing',
    { schema: { tags: ['reviews'], params: RequestParams, response: { 200: CustomerStandingSchema } } },
    async (request) =>
      customerStandingForBusiness(
        opts.db,
        businessScopeOf(await profileOf(request)),
        request.params.id,
        new Date(),
      ),
  );
}
