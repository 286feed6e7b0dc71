import {
  ArchiveOldInputSchema,
  ArchiveOldResultSchema,
  CoverageQuerySchema,
  CoverageSchema,
  CreatedRequestSchema,
  LastLocationSchema,
  matchTermsOf,
  MyRequestDetailSchema,
  MyRequestListQuerySchema,
  MyRequestPageSchema,
  MyRequestSchema,
  normalizeRole,
  REQUEST_MESSAGES,
  ServiceRequestInputSchema,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { Unauthorized } from '../../lib/errors';
import { getOrCreateProfile } from '../profiles/profiles.service';
import { countMatchingBusinesses, responsesOf } from './requests.repository';
import { publicPointOf } from '../privacy/location-privacy';
import { startingLocation } from './starting-location.repository';
import { toMyRequest, toResponseSummary } from './requests.serializers';
import {
  archiveOld,
  type AddressLookup,
  createRequest,
  getMyRequest,
  listMine,
  resubmitMyRequest,
  setArchived,
  updateMyRequest,
} from './requests.service';

const IdParams = z.object({ id: z.string().max(100) });

/**
 * Posting and resubmitting email every matching business: a per-customer ceiling keeps an account
 * from turning Grip into a mail cannon. Far above what a real customer sends in an hour.
 */
export const REQUEST_SENDS_PER_HOUR = 20;
export const TOO_MANY_REQUESTS_MESSAGE =
  'You have sent a lot of requests in a short time. Please wait a while and try again.';

/** The customer's service requests (spec 2: request form, My Requests). */
export async function requestRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Config; geocoder: AddressLookup | null },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: opts.db, geocoder: opts.geocoder, publicUrl: opts.config.publicUrl, log: app.log };
  const sends = app.grip.limits.limit('request-sends', REQUEST_SENDS_PER_HOUR, 60 * 60);
  const countSend = (userId: string, reply: { header(name: string, value: string): unknown }) =>
    sends.enforce(userId, reply, TOO_MANY_REQUESTS_MESSAGE);

  typed.post(
    '/api/requests',
    {
      // Signed-out visitors hear 'Authentication Required' before any field is checked.
      onRequest: async (request) => {
        if (!(await request.getSession())) throw new Unauthorized(REQUEST_MESSAGES.authenticationRequired);
      },
      schema: {
        tags: ['requests'],
        body: ServiceRequestInputSchema,
        response: { 201: CreatedRequestSchema },
      },
    },
    async (request, reply) => {
      const { user } = await request.requireSession();
      await countSend(user.id, reply);
      const profile = await getOrCreateProfile(opts.db, user.id, user.name);
      const {
        request: created,
        matchedBusinesses,
        hireAgain,
      } = await createRequest(
        deps,
        { userId: user.id, role: normalizeRole(profile.role) },
        request.body,
        new Date(),
      );
      return reply
        .status(201)
        .send({ id: created.id, title: created.title, status: created.status, matchedBusinesses, hireAgain });
    },
  );

  typed.get(
    '/api/requests',
    {
      schema: {
        tags: ['requests'],
        querystring: MyRequestListQuerySchema,
        response: { 200: MyRequestPageSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      const page = await listMine(opts.db, user.id, request.query, new Date());
      return { items: page.items.map(toMyRequest), nextCursor: page.nextCursor };
    },
  );

  // Before /:id so the fixed paths win.
  typed.get(
    '/api/requests/coverage',
    { schema: { tags: ['requests'], querystring: CoverageQuerySchema, response: { 200: CoverageSchema } } },
    async (request) => {
      await request.requireSession();
      const q = request.query;
      // Measured from the point's public point, as businesses are told of the request it would be.
      const point = publicPointOf(q.latitude, q.longitude);
      const count = await countMatchingBusinesses(opts.db, matchTermsOf(q), { point, radiusKm: q.radiusKm });
      const hasLocation = point !== null;
      return { count, radiusKm: q.radiusKm, hasLocation };
    },
  );

  typed.get(
    '/api/requests/last-location',
    { schema: { tags: ['requests'], response: { 200: LastLocationSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return (
        (await startingLocation(opts.db, user.id)) ?? {
          address: null,
          area: null,
          latitude: null,
          longitude: null,
        }
      );
    },
  );

  typed.post(
    '/api/requests/archive-old',
    {
      schema: { tags: ['requests'], body: ArchiveOldInputSchema, response: { 200: ArchiveOldResultSchema } },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return { archived: await archiveOld(opts.db, user.id, request.body.daysOld, new Date()) };
    },
  );

  typed.get(
    '/api/requests/:id',
    { schema: { tags: ['requests'], params: IdParams, response: { 200: MyRequestDetailSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      const row = await getMyRequest(opts.db, user.id, request.params.id);
      const responses = await responsesOf(opts.db, row.request.id);
      return { ...toMyRequest(row), responses: responses.map(toResponseSummary) };
    },
  );

  typed.patch(
    '/api/requests/:id',
    {
      schema: {
        tags: ['requests'],
        params: IdParams,
        body: ServiceRequestInputSchema,
        response: { 200: MyRequestSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      await updateMyRequest(deps, user.id, request.params.id, request.body, new Date());
      return toMyRequest(await getMyRequest(opts.db, user.id, request.params.id));
    },
  );

  typed.post(
    '/api/requests/:id/resubmit',
    {
      schema: {
        tags: ['requests'],
        params: IdParams,
        response: { 200: z.object({ matchedBusinesses: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const { user } = await request.requireSession();
      await countSend(user.id, reply);
      return { matchedBusinesses: await resubmitMyRequest(deps, user.id, request.params.id, new Date()) };
    },
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    typed.post(
      `/api/requests/:id/${action}`,
      { schema: { tags: ['requests'], params: IdParams } },
      async (request, reply) => {
        const { user } = await request.requireSession();
        await setArchived(opts.db, user.id, request.params.id, archived, new Date());
        return reply.status(204).send();
      },
    );
  }
}
