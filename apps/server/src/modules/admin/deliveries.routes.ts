import {
  DELIVERY_MESSAGES,
  DeliveryIdParamsSchema,
  DeliveryListQuerySchema,
  DeliveryPageSchema,
  DeliverySchema,
  type Delivery,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { NotFound } from '../../lib/errors';
import { findDelivery, listDeliveries, type DeliveryRow } from './deliveries.repository';
import { refuseNonAdministratorsWith, requireAdministrator } from './require-administrator';

function toDto(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    channel: row.channel,
    topic: row.topic,
    recipient: row.recipient,
    summary: row.summary?.trim() ? row.summary : row.topic,
    text: row.isRedacted ? DELIVERY_MESSAGES.secretHidden : (row.text ?? ''),
    isTextTruncated: row.isRedacted ? false : row.isTextTruncated,
    link: !row.isRedacted && row.link?.trim() ? row.link : null,
    isRedacted: row.isRedacted,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/**
 * Deliveries for administrators: every email, SMS and push message in the outbox, including those
 * only stored because no provider is configured (so an administrator can read them) — except the
 * secret of a password-reset or confirmation email, which only its recipient may read: those show
 * who, when and what status, never their text or link (docs/decisions/020). Registered by buildApp
 * with `{ db }`.
 */
export async function adminDeliveryRoutes(app: FastifyInstance, opts: { db: Db }) {
  refuseNonAdministratorsWith(app, DELIVERY_MESSAGES.administratorsOnly);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/admin/deliveries',
    {
      schema: {
        tags: ['admin'],
        querystring: DeliveryListQuerySchema,
        response: { 200: DeliveryPageSchema },
      },
    },
    async (request) => {
      await requireAdministrator(request, opts.db, DELIVERY_MESSAGES.administratorsOnly);
      const { channel, status, cursor, limit } = request.query;
      const rows = await listDeliveries(opts.db, { channel, status, beforeId: cursor }, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => toDto(row)),
        nextCursor: rows.length > limit && last ? String(last.id) : null,
      };
    },
  );

  typed.get(
    '/api/admin/deliveries/:id',
    {
      schema: {
        tags: ['admin'],
        params: DeliveryIdParamsSchema,
        response: { 200: DeliverySchema },
      },
    },
    async (request) => {
      await requireAdministrator(request, opts.db, DELIVERY_MESSAGES.administratorsOnly);
      const row = await findDelivery(opts.db, request.params.id);
      if (!row) throw new NotFound(DELIVERY_MESSAGES.notFound);
      return toDto(row);
    },
  );
}
