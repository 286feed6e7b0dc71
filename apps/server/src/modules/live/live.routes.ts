import type { OutgoingHttpHeaders } from 'node:http';
import { LIVE_RETRY_MS } from '@grip/domain';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import type { LiveHub } from './live-hub';
import { LiveStream } from './live-stream';

/** New streams a user may open a minute (tabs, devices and reconnects together). */
const CONNECTS_PER_MINUTE = 30;

/** A stream re-checks its session this often, so one signed out elsewhere stops hearing. */
const SESSION_CHECK_MS = 2 * 60 * 1000;

/** Last-Event-ID is our own number; anything else is a client's mistake, told plainly. */
const LastEventIdSchema = z
  .string()
  .regex(/^\d{1,15}$/, 'Last-Event-ID must be the id of an event from this stream.')
  .transform(Number);

/**
 * GET /api/events: the signed-in tab's Server-Sent Events stream (spec 1 §7 live subscriptions).
 * Each `change` names a kind and an id; the tab refetches through the API. A reconnect sends
 * Last-Event-ID (the browser does) and gets what it missed, or `resync` when that is too much.
 */
export async function liveRoutes(app: FastifyInstance, opts: { hub: LiveHub; auth: Auth }) {
  const connects = app.grip.limits.limit('live-connects', CONNECTS_PER_MINUTE, 60);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/events',
    {
      schema: {
        tags: ['account'],
        summary: 'Live updates (text/event-stream): change events carry a kind and an id only',
        headers: z.object({ 'last-event-id': LastEventIdSchema.optional() }),
        // The same position for a tab that opens a new stream itself (EventSource cannot set headers);
        // `after`: the position a page drawn on the server came with (strictly after it, no overlap).
        querystring: z.object({
          lastEventId: LastEventIdSchema.optional(),
          after: LastEventIdSchema.optional(),
        }),
      },
    },
    async (request, reply) => {
      const { user, session } = await request.requireSession();
      // Validated above; read as a number whether or not the validator replaced the header. The
      // browser's own reconnect sends the header, which wins over the position the page passed.
      const rawLastEventId: unknown = request.headers['last-event-id'] ?? request.query.lastEventId;
      const lastEventId = rawLastEventId === undefined ? undefined : Number(rawLastEventId);
      // A Last-Event-ID the browser sends on reconnecting wins over the drawn page's position.
      const after: unknown = request.query.after;
      const drawnAt = lastEventId === undefined && after !== undefined ? Number(after) : undefined;
      const cookieHeaders = fromNodeHeaders(request.headers);

      // Reconnecting is cheap for a browser and not for us: a tab that loops is slowed down.
      await connects.enforce(user.id, reply);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // What the hooks set so far: the security headers, a refreshed session cookie.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies such as nginx would otherwise hold events back in a buffer.
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      res.write(`retry: ${LIVE_RETRY_MS}\n\n`);

      // The stream can close before its session check starts (the client already left), so the timer
      // is reached through a holder rather than a variable declared later.
      const timers: { sessionCheck?: NodeJS.Timeout } = {};
      const stream = new LiveStream(
        user.id,
        session.id,
        res,
        (s) => {
          clearInterval(timers.sessionCheck);
          opts.hub.remove(s);
        },
        drawnAt,
      );
      if (stream.isClosed) return;
      const sessionCheck = setInterval(() => {
        opts.auth.api
          .getSession({ headers: cookieHeaders })
          .then((current) => {
            if (!current || current.session.id !== session.id) stream.close();
          })
          .catch(() => {}); // a database blip is not a sign-out; the next check decides
      }, SESSION_CHECK_MS);
      sessionCheck.unref();
      timers.sessionCheck = sessionCheck;
      opts.hub.add(stream);

      try {
        const resumeFrom = lastEventId ?? drawnAt;
        if (resumeFrom !== undefined) {
          const missed = await opts.hub.missedSince(user.id, resumeFrom, { strict: drawnAt !== undefined });
          if (missed === 'resync') stream.resync();
          else stream.replay(missed);
        }
        stream.open(await opts.hub.latestId());
      } catch (err) {
        request.log.error({ err }, 'could not start a live stream');
        stream.close();
      }
    },
  );
}
