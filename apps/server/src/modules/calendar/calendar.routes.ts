import { CalendarFeedCreatedSchema, CalendarFeedStatusSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { bookingCalendarFile, createFeed, feedCalendar, feedStatus, turnOffFeed } from './calendar.service';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/**
 * A feed may be kept by the subscriber's own client but must be asked again each time (it changes
 * when a booking moves), and never kept by a shared cache: it is one person's bookings.
 */
const FEED_CACHE = 'private, no-cache';

// Ids and tokens are checked by the service, which answers 404 for a malformed one as for an unknown
// one: a calendar app holding a broken link is told the feed is not there, nothing more.
const BookingParams = z.object({ responseId: z.string() });
const FeedParams = z.object({ token: z.string() });

/** Calendars (issue 32): a booking's .ics file and each account's private feed. */
export async function calendarRoutes(app: FastifyInstance, opts: { db: Db; config: Config }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: opts.db, publicUrl: opts.config.publicUrl };

  typed.get(
    '/api/bookings/:responseId/calendar.ics',
    { schema: { tags: ['calendar'], params: BookingParams } },
    async (request, reply) => {
      const { user } = await request.requireSession();
      const file = await bookingCalendarFile(deps, user.id, request.params.responseId, new Date());
      return reply
        .type(CALENDAR_TYPE)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  typed.get(
    '/api/me/calendar-feed',
    { schema: { tags: ['calendar'], response: { 200: CalendarFeedStatusSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return feedStatus(opts.db, user.id);
    },
  );

  typed.post(
    '/api/me/calendar-feed',
    { schema: { tags: ['calendar'], response: { 200: CalendarFeedCreatedSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return createFeed(deps, user.id, new Date());
    },
  );

  typed.delete('/api/me/calendar-feed', { schema: { tags: ['calendar'] } }, async (request, reply) => {
    const { user } = await request.requireSession();
    await turnOffFeed(opts.db, user.id);
    return reply.status(204).send();
  });

  // No session: calendar apps subscribe with the URL alone, whose token is the secret.
  typed.get(
    '/api/calendar/:token.ics',
    { schema: { tags: ['calendar'], params: FeedParams } },
    async (request, reply) => {
      const body = await feedCalendar(deps, request.params.token, new Date());
      return reply.type(CALENDAR_TYPE).header('cache-control', FEED_CACHE).send(body);
    },
  );
}
