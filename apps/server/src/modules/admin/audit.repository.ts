import type { DeliveryStatus, RequestStatus } from '@grip/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, serviceRequests, users } from '../../db/schema';

export interface AuditRequestRow {
  id: string;
  title: string;
  serviceType: string;
  serviceSubtype: string | null;
  status: RequestStatus;
  archivedAt: Date | null;
  createdAt: Date;
  requesterId: string;
  requesterName: string;
  requesterEmail: string;
}

/**
 * The latest requests, newest first (created_at, then id for requests posted in the same instant),
 * with who posted them. A top-N over service_requests: the audit shows a fixed, small number.
 */
export async function latestRequests(db: Db, limit: number): Promise<AuditRequestRow[]> {
  return db
    .select({
      id: serviceRequests.id,
      title: serviceRequests.title,
      serviceType: serviceRequests.serviceType,
      serviceSubtype: serviceRequests.serviceSubtype,
      status: serviceRequests.status,
      archivedAt: serviceRequests.archivedAt,
      createdAt: serviceRequests.createdAt,
      requesterId: serviceRequests.userId,
      requesterName: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name})`,
      requesterEmail: users.email,
    })
    .from(serviceRequests)
    .innerJoin(users, eq(users.id, serviceRequests.userId))
    .leftJoin(profiles, eq(profiles.userId, serviceRequests.userId))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
}

export interface AuditRecipientRow {
  requestId: string;
  userId: string | null;
  businessName: string | null;
  inAppAt: Date | null;
  emailRecipient: string | null;
  emailStatus: DeliveryStatus | null;
  emailQueuedAt: Date | null;
  emailFirstQueuedAt: Date | null;
  emailSentAt: Date | null;
}

type RawRecipient = {
  request_id: string;
  user_id: string | null;
  business_name: string | null;
  in_app_at: string | Date | null;
  email_recipient: string | null;
  email_status: DeliveryStatus | null;
  email_queued_at: string | Date | null;
  email_first_queued_at: string | Date | null;
  email_sent_at: string | Date | null;
};

const toDate = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * Who was told of these requests, from the delivery records themselves, in one statement:
 * - in-app: the new_request notifications whose related id is the request (first one per business;
 *   a resubmitted request tells a business again);
 * - email: the new_request emails in the outbox for the request (outbox_request_idx), the latest one
 *   per business for its status, and the first one for when it was first told.
 * A full join keeps a business told only one way; an email whose business account was deleted since
 * (user_id set null) is kept, keyed by its recipient.
 */
export async function notifiedBusinesses(db: Db, requestIds: string[]): Promise<AuditRecipientRow[]> {
  if (requestIds.length === 0) return [];
  const ids = sql.join(
    requestIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<RawRecipient>(sql`
    with told as (
      select n.related_id as request_id, n.user_id, min(n.created_at) as in_app_at
      from notifications n
      where n.type = 'new_request' and n.related_id in (${ids})
      group by n.related_id, n.user_id
    ),
    emails as (
      select o.request_id::text as request_id, o.user_id, o.recipient, o.status, o.created_at, o.sent_at,
        min(o.created_at) over (partition by o.request_id, coalesce(o.user_id, o.recipient)) as first_at,
        row_number() over (partition by o.request_id, coalesce(o.user_id, o.recipient) order by o.id desc) as rn
      from outbox o
      where o.request_id in (${sql.join(
        requestIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and o.topic = 'new_request' and o.channel = 'email'
    ),
    latest as (select * from emails where rn = 1)
    select
      coalesce(t.request_id, e.request_id) as request_id,
      coalesce(t.user_id, e.user_id) as user_id,
      coalesce(nullif(p.business_name, ''), nullif(p.display_name, '')) as business_name,
      t.in_app_at,
      e.recipient as email_recipient,
      e.status as email_status,
      e.created_at as email_queued_at,
      e.first_at as email_first_queued_at,
      e.sent_at as email_sent_at
    from told t
    full join latest e on e.request_id = t.request_id and e.user_id = t.user_id
    left join profiles p on p.user_id = coalesce(t.user_id, e.user_id)
  `);
  const rows = (result as unknown as { rows: RawRecipient[] }).rows;
  return rows.map((r) => ({
    requestId: r.request_id,
    userId: r.user_id,
    businessName: r.business_name,
    inAppAt: toDate(r.in_app_at),
    emailRecipient: r.email_recipient,
    emailStatus: r.email_status,
    emailQueuedAt: toDate(r.email_queued_at),
    emailFirstQueuedAt: toDate(r.email_first_queued_at),
    emailSentAt: toDate(r.email_sent_at),
  }));
}
