import {
  MY_RESPONSES_MESSAGES,
  BOOKED_REQUESTS,
  myResponsesGroupWindow,
  MyResponsesPageSchema,
  MyResponsesQuerySchema,
  type MyResponsesPage,
  type MyResponsesQuery,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { Invalid, Unauthorized } from '../../lib/errors';
import { listMyResponseRequests, responsesOfRequests } from './requests.repository';
import { toMyRequest, toResponseSummary } from './requests.serializers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One page of a My Responses group: the requests (two queries in all, however long the page), then
 * every response of the page's requests in one batch, badges included.
 */
export async function listMyResponses(
  db: Db,
  userId: string,
  query: MyResponsesQuery,
  now: Date,
): Promise<MyResponsesPage> {
  if (query.cursor !== undefined && !UUID.test(query.cursor))
    throw new Invalid(MY_RESPONSES_MESSAGES.badCursor);
  const rows = await listMyResponseRequests(
    db,
    userId,
    myResponsesGroupWindow(query.group, now),
    query.group === 'expired' ? BOOKED_REQUESTS : [],
    query.limit + 1,
    query.cursor,
  );
  const items = rows.slice(0, query.limit);
  const responses = await responsesOfRequests(
    db,
    items.map((row) => row.request.id),
  );
  return {
    items: items.map((row) => ({
      ...toMyRequest(row),
      responses: responses.filter((r) => r.requestId === row.request.id).map(toResponseSummary),
    })),
    nextCursor: rows.length > query.limit ? (items.at(-1)?.request.id ?? null) : null,
  };
}

/** My Responses (spec 2): the signed-in customer's answered requests, by how long ago they were made. */
export async function myResponsesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/my-responses',
    {
      // Signed-out visitors hear 401 before any query parameter is checked.
      onRequest: async (request) => {
        if (!(await request.getSession())) throw new Unauthorized();
      },
      schema: {
        tags: ['requests'],
        querystring: MyResponsesQuerySchema,
        response: { 200: MyResponsesPageSchema },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      return listMyResponses(opts.db, user.id, request.query, new Date());
    },
  );
}
