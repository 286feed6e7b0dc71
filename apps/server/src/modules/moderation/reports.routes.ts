import { CreatedReportSchema, MODERATION_MESSAGES, ReportInputSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { Unauthorized } from '../../lib/errors';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { createReport } from './reports.service';

/** Reports a person may send in an hour: plenty for real trouble, too few to flood the queue. */
export const REPORTS_PER_HOUR = 20;

/** Reporting (issue 32): POST /api/reports, for anything the reporter can see. */
export async function reportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const sends = app.grip.limits.limit('reports', REPORTS_PER_HOUR, 60 * 60);

  app.addHook('onRequest', async (request) => {
    if (!(await request.getSession())) throw new Unauthorized();
  });

  typed.post(
    '/api/reports',
    {
      schema: {
        tags: ['moderation'],
        body: ReportInputSchema,
        response: { 200: CreatedReportSchema, 201: CreatedReportSchema },
      },
    },
    async (request, reply) => {
      const { user } = await request.requireSession();
      await sends.enforce(user.id, reply, MODERATION_MESSAGES.reportingTooFast);
      const reporter = await getOrCreateProfile(db, user.id, user.name);
      const { created, report } = await createReport(db, reporter, request.body, new Date());
      return reply.status(created ? 201 : 200).send(report);
    },
  );
}
