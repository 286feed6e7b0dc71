import { earliestLocalToday, UPCOMING_BOOKINGS_LIMIT, UpcomingBookingSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { upcomingBookings } from './bookings.repository';

/** The customer's bookings (issue 5 adds the rest); the home shows the next few. */
export async function bookingRoutes(app: FastifyInstance, opts: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/bookings/upcoming',
      { schema: { tags: ['bookings'], response: { 200: z.array(UpcomingBookingSchema) } } },
      async (request) => {
        const { user } = await request.requireSession();
        // The web drops what is before the viewer's own today, whatever the zone.
        const from = earliestLocalToday(new Date());
        // A couple extra so the viewer's today-filter still leaves the home its three.
        return upcomingBookings(opts.db, user.id, from, UPCOMING_BOOKINGS_LIMIT + 2);
      },
    );
}
