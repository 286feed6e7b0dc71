import type { LookupFunction } from 'node:net';
import { PushKeySchema, PushSubscriptionInputSchema, PushUnsubscribeInputSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { Invalid, Unavailable } from '../../lib/errors';
import { checkPushEndpoint, PushEndpointRefused } from './push-endpoint';
import { removeSubscription, saveSubscription } from './push.repository';
import type { VapidKeys } from './vapid-keys';

/**
 * Web push opt-in per device (settings): the key a browser subscribes with, and turning a device on
 * or off. An endpoint is a URL the server will POST to, so it must pass the push endpoint policy
 * (push-endpoint.ts: https, an allowed push service, public addresses only) before it is stored.
 */
export async function pushRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Config; vapidKeys: () => Promise<VapidKeys>; lookup: LookupFunction },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/push/key',
    { schema: { tags: ['push'], response: { 200: PushKeySchema } } },
    async (request) => {
      await request.requireSession();
      const { publicKey } = await opts.vapidKeys();
      return { publicKey };
    },
  );

  typed.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        body: PushSubscriptionInputSchema,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const { user } = await request.requireSession();
      try {
        await checkPushEndpoint(request.body.endpoint, opts.config.push, opts.lookup);
      } catch (err) {
        if (!(err instanceof PushEndpointRefused)) throw err;
        request.log.warn({ userId: user.id, reason: err.detail }, 'push endpoint refused');
        throw err.temporary ? new Unavailable(err.message) : new Invalid(err.message);
      }
      const saved = await saveSubscription(opts.db, user.id, request.body);
      return reply.status(201).send(saved);
    },
  );

  typed.delete(
    '/api/push/subscriptions',
    { schema: { tags: ['push'], body: PushUnsubscribeInputSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const { user } = await request.requireSession();
      // Idempotent: turning off a device that is already off (or another user's) changes nothing.
      await removeSubscription(opts.db, user.id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
}
