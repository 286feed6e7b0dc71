import { CancelBookingInputSchema, ProposeRescheduleInputSchema, RESCHEDULE_ANSWERS } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { cancelBooking } from './cancel-booking.service';
import { answerProposal, proposeNewTime } from './reschedule.service';

const Params = z.object({ responseId: z.string().max(100) });
const AnswerParams = Params.extend({
  proposalId: z.string().max(100),
  answer: z.enum(RESCHEDULE_ANSWERS, { error: 'Please accept, decline or withdraw' }),
});

/**
 * Cancel and reschedule a booking (issue 32). Both parties use the same paths: the server works out
 * which side the signed-in user is on, and anyone else finds no booking. The screens refetch the
 * booking on success (and the other party's refresh live), so the answers carry no body.
 */
export async function bookingChangeRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: opts.db, publicUrl: opts.config.publicUrl };

  typed.post(
    '/api/bookings/:responseId/cancel',
    { schema: { tags: ['bookings'], params: Params, body: CancelBookingInputSchema } },
    async (request, reply) => {
      const { user } = await request.requireSession();
      await cancelBooking(deps, user.id, request.params.responseId, request.body, new Date());
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/api/bookings/:responseId/reschedule',
    { schema: { tags: ['bookings'], params: Params, body: ProposeRescheduleInputSchema } },
    async (request, reply) => {
      const { user } = await request.requireSession();
      await proposeNewTime(deps, user.id, request.params.responseId, request.body, new Date());
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/api/bookings/:responseId/reschedule/:proposalId/:answer',
    { schema: { tags: ['bookings'], params: AnswerParams } },
    async (request, reply) => {
      const { user } = await request.requireSession();
      const { responseId, proposalId, answer } = request.params;
      await answerProposal(deps, user.id, responseId, proposalId, answer, new Date());
      return reply.status(204).send(null);
    },
  );
}
