import { NotificationSchema } from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { NotFound } from '../../lib/errors';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  type NotificationRow,
} from './notifications.repository';

const toDto = (row: NotificationRow) => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  relatedId: row.relatedId,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
});

export async function notificationRoutes(app: FastifyInstance, opts: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(20),
          /** The id of the last notification of the previous page (nextCursor). */
          cursor: z.uuid('That page cursor is not valid.').optional(),
        }),
        response: {
          200: z.object({
            items: z.array(NotificationSchema),
            unreadCount: z.number().int(),
            nextCursor: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const { user } = await request.requireSession();
      const { limit, cursor } = request.query;
      const rows = await listNotifications(opts.db, user.id, limit + 1, cursor);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: page.map(toDto),
        unreadCount: await countUnread(opts.db, user.id),
        nextCursor: rows.length > limit && last ? last.id : null,
      };
    },
  );
  typed.post(
    '/api/notifications/:id/read',
    { schema: { tags: ['notifications'], params: z.object({ id: z.uuid('Not a notification id.') }) } },
    async (request, reply) => {
      const { user } = await request.requireSession();
      if (!(await markRead(opts.db, user.id, request.params.id)))
        throw new NotFound('Notification not found.');
      return reply.status(204).send();
    },
  );
  typed.post(
    '/api/notifications/read-all',
    { schema: { tags: ['notifications'] } },
    async (request, reply) => {
      const { user } = await request.requireSession();
      await markAllRead(opts.db, user.id);
      return reply.status(204).send();
    },
  );
}
