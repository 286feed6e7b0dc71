import {
  BOOKING_SECTIONS,
  ContestInputSchema,
  CustomerBookingPageSchema,
  CustomerBookingSchema,
  earliestLocalToday,
  JobHistorySummarySchema,
  UPCOMING_BOOKINGS_LIMIT,
  UpcomingBookingSchema,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { upcomingBookings } from './bookings.repository';
import {
  contestCompletion,
  getCustomerBooking,
  getHistorySummary,
  listCustomerBookings,
} from './customer-bookings.service';

const ListQuery = z.object({
  section: z.enum(BOOKING_SECTIONS, { error: 'Please choose confirmed or history' }).default('confirmed'),
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
const Params = z.object({ responseId: z.string().max(100) });

/** The customer's bookings: upcoming (home), Confirmed Requests, Job History and contests. */
export async function bookingRoutes(app: FastifyInstance, opts: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  typed.get(
    '/api/bookings/upcoming',
    { schema: { tags: ['bookings'], response: { 200: z.array(UpcomingBookingSchema) } } },
    async (request) => {
      const { user } = await request.requireSession();
      // The web drops what is before the viewer's own today, whatever the zone.
      const from = earliestLocalToday(new Date());
      // A couple extra so the viewer's today-filter still leaves the home its three.
      return upcomingBookings(db, user.id, from, UPCOMING_BOOKINGS_LIMIT + 2);
    },
  );

  typed.get(
    '/api/bookings',
    { schema: { tags: ['bookings'], querystring: ListQuery, response: { 200: CustomerBookingPageSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return listCustomerBookings(db, user.id, request.query, new Date());
    },
  );

  typed.get(
    '/api/bookings/summary',
    { schema: { tags: ['bookings'], response: { 200: JobHistorySummarySchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return getHistorySummary(db, user.id);
    },
  );

  typed.get(
    '/api/bookings/:responseId',
    { schema: { tags: ['bookings'], params: Params, response: { 200: CustomerBookingSchema } } },
    async (request) => {
      const { user } = await request.requireSession();
      return getCustomerBooking(db, user.id, request.params.responseId, new Date());
    },
  );

  typed.post(
    '/api/bookings/:responseId/contest',
    {
      schema: {
        tags: ['bookings'],
        params: Params,
        body: ContestInputSchema,
        response: { 200: CustomerBookingSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return contestCompletion(db, user.id, request.params.responseId, request.body, new Date());
    },
  );
}
