import {
  ADMIN_TEST_REQUEST_CHOICES,
  ADMIN_TEST_SENDS_PER_MINUTE,
  ADMIN_TEST_TOOL_MESSAGES,
  ADMIN_TEST_TOPICS,
  PLACE_SEARCH_MAX_RESULTS,
  PlaceSearchQuerySchema,
  PlaceSearchResponseSchema,
  PRODUCT_NAME,
  smsNumber,
  TestEmailInputSchema,
  TestNewRequestEmailInputSchema,
  TestRequestChoicesSchema,
  TestSendResultSchema,
  TestSmsInputSchema,
  type PlaceSearchResult,
  type SystemSettingKey,
  type TestSendResult,
} from '@grip/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { OutboxItem } from '../../jobs/outbox';
import { NotFound } from '../../lib/errors';
import { isSwitchOn } from '../notifications/system-switches';
import { newRequestEmail } from '../requests/requests.service';
import { searchBusinessDirectory } from './business-search.repository';
import { createPlacesProvider, PlacesProviderError } from './places-provider';
import { refuseNonAdministratorsWith, requireAdministrator } from './require-administrator';
import { enqueueReturningId, findRequest, latestOpenRequests } from './test-tools.repository';

const SWITCH_OF = {
  email: 'email_notifications_enabled',
  sms: 'sms_notifications_enabled',
} as const satisfies Record<'email' | 'sms', SystemSettingKey>;

/**
 * The administrators' test tools (spec 3 Admin dashboard): a test email, the new-request email of a
 * real request sent to a typed address, a test SMS, and the places-search demo. Every send is an
 * outbox row delivered by the worker like any other (so it shows in Deliveries, stored and logged
 * when no provider is configured). Test messages go out even while the platform's Email or SMS switch
 * is off — the switches silence Grip's notifications, not an administrator checking the provider —
 * and the answer says whether the switch was off. Registered by buildApp with `{ db, config }`.
 */
export async function adminTestToolRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Config; placesFetch?: typeof fetch },
) {
  refuseNonAdministratorsWith(app, ADMIN_TEST_TOOL_MESSAGES.administratorsOnly);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const places = createPlacesProvider(opts.config, opts.placesFetch);
  const sends = app.grip.limits.limit('admin-test-sends', ADMIN_TEST_SENDS_PER_MINUTE, 60);

  const administrator = (request: FastifyRequest) =>
    requireAdministrator(request, opts.db, ADMIN_TEST_TOOL_MESSAGES.administratorsOnly);

  /** The administrator, after counting one send against their per-minute allowance. */
  const sender = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await administrator(request);
    await sends.enforce(session.user.id, reply, ADMIN_TEST_TOOL_MESSAGES.rateLimited);
    return session;
  };

  const send = async (item: OutboxItem & { channel: 'email' | 'sms' }): Promise<TestSendResult> => {
    const outboxId = await enqueueReturningId(opts.db, item);
    return {
      outboxId,
      channel: item.channel,
      topic: item.topic,
      recipient: item.recipient,
      isSwitchOn: await isSwitchOn(opts.db, SWITCH_OF[item.channel]),
      isProviderConfigured:
        item.channel === 'email' ? Boolean(opts.config.smtpUrl) : Boolean(opts.config.sms),
    };
  };

  typed.post(
    '/api/admin/test/email',
    { schema: { tags: ['admin'], body: TestEmailInputSchema, response: { 202: TestSendResultSchema } } },
    async (request, reply) => {
      const { user } = await sender(request, reply);
      const result = await send({
        channel: 'email',
        topic: ADMIN_TEST_TOPICS.email,
        recipient: request.body.to,
        payload: {
          subject: `${PRODUCT_NAME} test email`,
          text: `This is a test email from ${PRODUCT_NAME}, sent by ${user.name || user.email} from the admin dashboard.\n\nIf you can read this, email delivery works.\n\nSent at ${new Date().toISOString()}.`,
          link: `${opts.config.publicUrl}/admin`,
        },
      });
      return reply.status(202).send(result);
    },
  );

  typed.post(
    '/api/admin/test/new-request-email',
    {
      schema: {
        tags: ['admin'],
        body: TestNewRequestEmailInputSchema,
        response: { 202: TestSendResultSchema },
      },
    },
    async (request, reply) => {
      await sender(request, reply);
      const row = await findRequest(opts.db, request.body.requestId);
      if (!row) throw new NotFound(ADMIN_TEST_TOOL_MESSAGES.requestNotFound);
      // Exactly what a matching business gets; no requestId/userId on the row, so request audits
      // and per-business records never count a test as a business being told.
      const result = await send({
        channel: 'email',
        topic: ADMIN_TEST_TOPICS.newRequest,
        recipient: request.body.to,
        payload: newRequestEmail(row, opts.config.publicUrl),
      });
      return reply.status(202).send(result);
    },
  );

  typed.post(
    '/api/admin/test/sms',
    { schema: { tags: ['admin'], body: TestSmsInputSchema, response: { 202: TestSendResultSchema } } },
    async (request, reply) => {
      await sender(request, reply);
      const result = await send({
        channel: 'sms',
        topic: ADMIN_TEST_TOPICS.sms,
        recipient: request.body.to,
        payload: {
          text: `${PRODUCT_NAME}: this is a test text from the admin dashboard. SMS delivery works.`,
        },
      });
      return reply.status(202).send(result);
    },
  );

  typed.get(
    '/api/admin/test/requests',
    { schema: { tags: ['admin'], response: { 200: TestRequestChoicesSchema } } },
    async (request) => {
      await administrator(request);
      const rows = await latestOpenRequests(opts.db, ADMIN_TEST_REQUEST_CHOICES);
      return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },
  );

  typed.get(
    '/api/admin/test/places',
    {
      schema: {
        tags: ['admin'],
        querystring: PlaceSearchQuerySchema,
        response: { 200: PlaceSearchResponseSchema },
      },
    },
    async (request) => {
      await administrator(request);
      const { q } = request.query;
      const rows = await searchBusinessDirectory(opts.db, q, PLACE_SEARCH_MAX_RESULTS);
      const directory: PlaceSearchResult[] = rows.map((r) => ({
        source: 'directory',
        name: r.businessName,
        place_id: r.userId,
        formatted_address: r.address?.trim() || r.areaLabel || null,
        formatted_phone_number: r.phone?.trim() || null,
        international_phone_number: smsNumber(r.phone),
        website: r.website?.trim() || null,
        rating: r.ratingAverage === null ? null : Math.round(r.ratingAverage * 10) / 10,
        user_ratings_total: r.reviewCount,
        business_status: null,
        types: r.serviceCategories,
      }));
      if (!places) {
        return {
          sources: ['directory' as const],
          notice: ADMIN_TEST_TOOL_MESSAGES.directoryOnly,
          results: directory,
        };
      }
      try {
        const found = await places.textSearch(q, PLACE_SEARCH_MAX_RESULTS);
        return {
          sources: ['directory' as const, 'provider' as const],
          notice: ADMIN_TEST_TOOL_MESSAGES.directoryAndProvider,
          results: [...directory, ...found],
        };
      } catch (err) {
        // The provider's trouble (bad key, quota, down) is the administrator's to see, not a 500.
        if (!(err instanceof PlacesProviderError)) throw err;
        request.log.warn({ reason: err.message }, 'places provider failed');
        return {
          sources: ['directory' as const],
          notice: ADMIN_TEST_TOOL_MESSAGES.providerFailed(err.message),
          results: directory,
        };
      }
    },
  );
}
