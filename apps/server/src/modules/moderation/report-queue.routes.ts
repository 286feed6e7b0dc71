import {
  HandledReportSchema,
  HandleReportInputSchema,
  MODERATION_MESSAGES,
  ReportIdParamsSchema,
  ReportQueuePageSchema,
  ReportQueueQuerySchema,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { refuseNonAdministratorsWith, requireAdministrator } from '../admin/require-administrator';
import { handleReport, listReportQueue } from './report-queue.service';

/** The administrators' moderation queue (issue 32): open reports, and dismiss / warn / suspend. */
export async function reportQueueRoutes(app: FastifyInstance, opts: { db: Db }) {
  refuseNonAdministratorsWith(app, MODERATION_MESSAGES.administratorsOnly);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const administrator = (request: Parameters<typeof requireAdministrator>[0]) =>
    requireAdministrator(request, db, MODERATION_MESSAGES.administratorsOnly);

  typed.get(
    '/api/admin/reports',
    {
      schema: {
        tags: ['admin'],
        querystring: ReportQueueQuerySchema,
        response: { 200: ReportQueuePageSchema },
      },
    },
    async (request) => {
      await administrator(request);
      return listReportQueue(db, request.query);
    },
  );

  typed.post(
    '/api/admin/reports/:id/handle',
    {
      schema: {
        tags: ['admin'],
        params: ReportIdParamsSchema,
        body: HandleReportInputSchema,
        response: { 200: HandledReportSchema },
      },
    },
    async (request) => {
      const { user } = await administrator(request);
      const { report, suspendedUserId } = await handleReport(
        db,
        user.id,
        request.params.id,
        request.body,
        new Date(),
      );
      // The database announces the ended sessions too; this process forgets them before answering.
      if (suspendedUserId) app.grip.sessions.dropUser(suspendedUserId);
      request.log.info({ actorId: user.id, reportId: report.id, status: report.status }, 'report handled');
      return report;
    },
  );
}
