import {
  BusinessJobDetailSchema,
  BusinessJobPageSchema,
  BusinessJobSchema,
  CompleteJobInputSchema,
  EmailJobInputSchema,
  JOB_MESSAGES,
  JobListQuerySchema,
  JobNotesInputSchema,
} from '@grip/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { getOrCreateProfile } from '../profiles/profiles.service';
import {
  completeJob,
  emailJobDetails,
  getBusinessJob,
  jobOwnerOf,
  listBusinessJobs,
  refuseOldContestAnswer,
  saveJobNotes,
} from './jobs.service';

const Params = z.object({ responseId: z.string().max(100) });

/** Job-details emails a business may send per hour: enough for real use, too few to spam with. */
export const JOB_EMAILS_PER_HOUR = 10;

/** Confirmed Bookings and the job detail view (spec 3 §2): list, detail, notes, completion, email. */
export async function jobRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: opts.db, publicUrl: opts.config.publicUrl };
  const emails = app.grip.limits.limit('job-emails', JOB_EMAILS_PER_HOUR, 60 * 60);

  const businessOf = async (request: FastifyRequest) => {
    const { user } = await request.requireSession();
    return jobOwnerOf(await getOrCreateProfile(opts.db, user.id, user.name));
  };

  typed.get(
    '/api/business/jobs',
    { schema: { tags: ['jobs'], querystring: JobListQuerySchema, response: { 200: BusinessJobPageSchema } } },
    async (request) => listBusinessJobs(opts.db, await businessOf(request), request.query, new Date()),
  );

  typed.get(
    '/api/business/jobs/:responseId',
    { schema: { tags: ['jobs'], params: Params, response: { 200: BusinessJobDetailSchema } } },
    async (request) =>
      getBusinessJob(opts.db, await businessOf(request), request.params.responseId, new Date()),
  );

  typed.put(
    '/api/business/jobs/:responseId/notes',
    {
      schema: {
        tags: ['jobs'],
        params: Params,
        body: JobNotesInputSchema,
        response: { 200: z.object({ engagementNotes: z.string().nullable() }) },
      },
    },
    async (request) =>
      saveJobNotes(
        opts.db,
        await businessOf(request),
        request.params.responseId,
        request.body.notes,
        new Date(),
      ),
  );

  typed.post(
    '/api/business/jobs/:responseId/complete',
    {
      schema: {
        tags: ['jobs'],
        params: Params,
        body: CompleteJobInputSchema,
        response: { 200: BusinessJobSchema },
      },
    },
    async (request) =>
      completeJob(deps, await businessOf(request), request.params.responseId, request.body, new Date()),
  );

  typed.post(
    '/api/business/jobs/:responseId/email',
    {
      schema: {
        tags: ['jobs'],
        params: Params,
        body: EmailJobInputSchema,
        response: { 202: z.object({ queued: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const businessUserId = await businessOf(request);
      await emails.enforce(businessUserId, reply, JOB_MESSAGES.emailRateLimited);
      await emailJobDetails(deps, businessUserId, request.params.responseId, request.body.email);
      return reply.status(202).send({ queued: true as const });
    },
  );

  // Before disputes (issue 32) the business ended a contest alone here. Kept so an old screen gets a
  // clear 409 rather than a 404; the body it sends is not read. Disputes are answered in the disputes
  // module.
  typed.post(
    '/api/business/jobs/:responseId/resolve-contest',
    { schema: { tags: ['jobs'], params: Params } },
    async (request) => refuseOldContestAnswer(opts.db, await businessOf(request), request.params.responseId),
  );
}
