import {
  DisputeAnswerInputSchema,
  DisputeCaseSchema,
  DisputeDecisionInputSchema,
  DisputeQueuePageSchema,
  DisputeQueueQuerySchema,
  DisputeStepInputSchema,
  DisputeViewSchema,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { requireAdministrator } from '../admin/require-administrator';
import {
  acceptAnswer,
  answerDispute,
  decideDispute,
  escalateDispute,
  getDisputeCase,
  listDisputeQueue,
} from './disputes.service';

const Params = z.object({ disputeId: z.string().max(100) });

/**
 * Disputes (issue 32). The parties' steps share one path per step: the server works out which side
 * the signed-in user is on (anyone else finds no dispute) and the table decides whether that side may.
 * Every step sends the status its screen showed. Under /api/admin/, the administrators' queue, case
 * and decision (the administrator gate answers everyone else before the input is read).
 */
export async function disputeRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: opts.db, publicUrl: opts.config.publicUrl };

  typed.post(
    '/api/disputes/:disputeId/answer',
    {
      schema: {
        tags: ['disputes'],
        params: Params,
        body: DisputeAnswerInputSchema,
        response: { 200: DisputeViewSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return answerDispute(deps, user.id, request.params.disputeId, request.body, new Date());
    },
  );

  typed.post(
    '/api/disputes/:disputeId/accept',
    {
      schema: {
        tags: ['disputes'],
        params: Params,
        body: DisputeStepInputSchema,
        response: { 200: DisputeViewSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return acceptAnswer(deps, user.id, request.params.disputeId, request.body.seenStatus, new Date());
    },
  );

  typed.post(
    '/api/disputes/:disputeId/escalate',
    {
      schema: {
        tags: ['disputes'],
        params: Params,
        body: DisputeStepInputSchema,
        response: { 200: DisputeViewSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return escalateDispute(deps, user.id, request.params.disputeId, request.body.seenStatus, new Date());
    },
  );

  typed.get(
    '/api/admin/disputes',
    {
      schema: {
        tags: ['admin'],
        querystring: DisputeQueueQuerySchema,
        response: { 200: DisputeQueuePageSchema },
      },
    },
    async (request) => {
      await requireAdministrator(request, opts.db);
      return listDisputeQueue(opts.db, request.query);
    },
  );

  typed.get(
    '/api/admin/disputes/:disputeId',
    { schema: { tags: ['admin'], params: Params, response: { 200: DisputeCaseSchema } } },
    async (request) => {
      await requireAdministrator(request, opts.db);
      return getDisputeCase(opts.db, request.params.disputeId, new Date());
    },
  );

  typed.post(
    '/api/admin/disputes/:disputeId/decide',
    {
      schema: {
        tags: ['admin'],
        params: Params,
        body: DisputeDecisionInputSchema,
        response: { 200: DisputeCaseSchema },
      },
    },
    async (request) => {
      const { user } = await requireAdministrator(request, opts.db);
      return decideDispute(deps, user.id, request.params.disputeId, request.body, new Date());
    },
  );
}
