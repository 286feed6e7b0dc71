import {
  ArchiveResponsesInputSchema,
  ArchiveOldResultSchema,
  BusinessDashboardSchema,
  BusinessTrendsSchema,
  DashboardPageQuerySchema,
  DashboardPageSchema,
  MetricParamsSchema,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { archiveOld, getDashboard, getDeclinedPage, getMetricPage } from './dashboard.service';
import { getBusinessTrends } from './trends.service';

/** Business dashboard (spec 3 §2) and Archive Management (spec 3 §6). */
export async function dashboardRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/business/dashboard',
    { schema: { tags: ['business'], response: { 200: BusinessDashboardSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      return getDashboard(opts.db, profile, new Date());
    },
  );

  // Issue 33: the dashboard's figures week by week (the charts).
  typed.get(
    '/api/business/dashboard/trends',
    { schema: { tags: ['business'], response: { 200: BusinessTrendsSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      return getBusinessTrends(opts.db, profile, new Date());
    },
  );

  typed.get(
    '/api/business/dashboard/metrics/:metric',
    {
      schema: {
        tags: ['business'],
        params: MetricParamsSchema,
        querystring: DashboardPageQuerySchema,
        response: { 200: DashboardPageSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      return getMetricPage(opts.db, profile, request.params.metric, request.query.cursor);
    },
  );

  typed.get(
    '/api/business/dashboard/declined',
    {
      schema: {
        tags: ['business'],
        querystring: DashboardPageQuerySchema,
        response: { 200: DashboardPageSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      return getDeclinedPage(opts.db, profile, request.query.cursor);
    },
  );

  typed.post(
    '/api/business/responses/archive-old',
    {
      schema: {
        tags: ['business'],
        body: ArchiveResponsesInputSchema,
        response: { 200: ArchiveOldResultSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      return archiveOld(opts.db, profile, request.body.daysOld, new Date());
    },
  );
}
