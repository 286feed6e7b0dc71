import {
  auditEventSummary,
  ADMIN_DIRECTORY_MESSAGES,
  AUDIT_EVENT_PAGE_SIZE,
  AuditEventPageSchema,
  AuditEventQuerySchema,
  type AuditEvent,
  REQUEST_AUDIT_LIMIT,
  RequestAuditSchema,
  type AuditRecipient,
  type RequestAudit,
} from '@grip/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { listAuditEvents, type AuditEventRow } from '../audit/audit-events.repository';
import { latestRequests, notifiedBusinesses, type AuditRecipientRow } from './audit.repository';
import { refuseNonAdministratorsWith, requireAdministrator } from './require-administrator';

function earliest(...dates: (Date | null)[]): Date {
  const times = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return new Date(Math.min(...times));
}

function toRecipient(row: AuditRecipientRow): AuditRecipient {
  return {
    userId: row.userId,
    businessName: row.businessName,
    notifiedAt: earliest(row.inAppAt, row.emailFirstQueuedAt).toISOString(),
    isInApp: row.inAppAt !== null,
    email:
      row.emailRecipient !== null && row.emailStatus !== null && row.emailQueuedAt !== null
        ? {
            recipient: row.emailRecipient,
            status: row.emailStatus,
            queuedAt: row.emailQueuedAt.toISOString(),
            sentAt: row.emailSentAt ? row.emailSentAt.toISOString() : null,
          }
        : null,
  };
}

/**
 * The audit as one read: the latest requests (one query) and everyone told of them (one query over
 * the notifications and the outbox), assembled here, never a query per request.
 */
export async function requestAudit(db: Db): Promise<RequestAudit> {
  const requests = await latestRequests(db, REQUEST_AUDIT_LIMIT);
  const recipients = await notifiedBusinesses(
    db,
    requests.map((r) => r.id),
  );
  const byRequest = new Map<string, AuditRecipient[]>();
  for (const row of recipients) {
    const list = byRequest.get(row.requestId) ?? [];
    list.push(toRecipient(row));
    byRequest.set(row.requestId, list);
  }
  return {
    items: requests.map((r) => ({
      id: r.id,
      title: r.title,
      serviceType: r.serviceType,
      serviceSubtype: r.serviceSubtype,
      status: r.status,
      isArchived: r.archivedAt !== null,
      requester: { userId: r.requesterId, name: r.requesterName, email: r.requesterEmail },
      createdAt: r.createdAt.toISOString(),
      notified: (byRequest.get(r.id) ?? []).sort(
        (a, b) =>
          a.notifiedAt.localeCompare(b.notifiedAt) ||
          (a.businessName ?? '').localeCompare(b.businessName ?? '') ||
          (a.email?.recipient ?? '').localeCompare(b.email?.recipient ?? ''),
      ),
    })),
  };
}

type Place = AuditEvent['from'];

function placeOf(value: unknown): Place {
  if (typeof value !== 'object' || value === null) return null;
  const { address, area } = value as { address?: unknown; area?: unknown };
  return {
    address: typeof address === 'string' ? address : null,
    area: typeof area === 'string' ? area : null,
  };
}

function toAuditEvent(row: AuditEventRow): AuditEvent {
  const details = (row.details ?? {}) as { from?: unknown; to?: unknown };
  return {
    id: String(row.id),
    action: row.action,
    actor: row.actorId ? { userId: row.actorId, name: row.actorName, email: row.actorEmail } : null,
    from: placeOf(details.from),
    to: placeOf(details.to),
    summary: auditEventSummary(row.action, row.details),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Request Audit (admin): the latest 50 requests with their requester and the businesses notified,
 * from the real delivery records. Registered by buildApp with `{ db }`.
 */
export async function adminAuditRoutes(app: FastifyInstance, opts: { db: Db }) {
  refuseNonAdministratorsWith(app, ADMIN_DIRECTORY_MESSAGES.administratorsOnly);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/admin/request-audit',
    { schema: { tags: ['admin'], response: { 200: RequestAuditSchema } } },
    async (request) => {
      await requireAdministrator(request, opts.db, ADMIN_DIRECTORY_MESSAGES.administratorsOnly);
      return requestAudit(opts.db);
    },
  );

  // The audit log (decision 018): account changes, newest first, a page at a time.
  typed.get(
    '/api/admin/audit-events',
    {
      schema: {
        tags: ['admin'],
        querystring: AuditEventQuerySchema,
        response: { 200: AuditEventPageSchema },
      },
    },
    async (request) => {
      await requireAdministrator(request, opts.db, ADMIN_DIRECTORY_MESSAGES.administratorsOnly);
      const before = request.query.cursor === undefined ? undefined : Number(request.query.cursor);
      const rows = await listAuditEvents(opts.db, AUDIT_EVENT_PAGE_SIZE + 1, before);
      const items = rows.slice(0, AUDIT_EVENT_PAGE_SIZE).map(toAuditEvent);
      return {
        items,
        nextCursor: rows.length > AUDIT_EVENT_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null,
      };
    },
  );
}
