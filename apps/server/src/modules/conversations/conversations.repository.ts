import { IGNORED_OFFER, type CompletionStatus, type ResponseStatus } from '@grip/domain';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { listedConversationOf } from './listed-conversation.sql';
import type { Db, Tx } from '../../db/client';
import { stateLiteral } from '../../db/state-literal';
import { businessResponses, messages, profiles, serviceRequests, users } from '../../db/schema';
import type { ResponseRow } from '../opportunities/opportunities.repository';
import { businessNameSql } from '../profiles/business-name.sql';
import type { RequestRow } from '../requests/requests.repository';

export type MessageRow = typeof messages.$inferSelect;

/** One conversation (a response) with its request and the names both parties go by. */
export interface ConversationRow {
  response: ResponseRow;
  request: RequestRow;
  businessName: string;
  customerName: string;
}

// The business's profile is the plain `profiles` join (businessNameSql reads it); the customer's
// profile and account are aliased beside it.
const customerProfiles = alias(profiles, 'customer_profiles');
const customerUsers = alias(users, 'customer_users');
// A customer may have no profile name: their account name stands in.
export const customerNameSql = sql<string>`coalesce(nullif(${customerProfiles.displayName}, ''), ${customerUsers.name}, 'Customer')`;

/**
 * The user is a party: the business that responded, or the request's owner — who no longer sees a
 * response they ignored (it left their lists, as on the offer screens). `user` is a value, or a
 * prepared statement's placeholder for one; the ignored status is written in as the domain names it.
 */
export const partyOf = (user: string | SQL): SQL =>
  sql`(${businessResponses.businessUserId} = ${user} or (${serviceRequests.userId} = ${user}
    and ${businessResponses.status} <> ${stateLiteral(IGNORED_OFFER)}))`;

/**
 * The conversation of `responseId` when `userId` is one of its parties, else null. `lock` takes the
 * response FOR SHARE, so its status cannot change while a message is being written to it.
 */
export async function findConversation(
  db: Db | Tx,
  userId: string,
  responseId: string,
  options: { lock?: boolean } = {},
): Promise<ConversationRow | null> {
  const query = db
    .select({
      response: businessResponses,
      request: serviceRequests,
      businessName: businessNameSql,
      customerName: customerNameSql,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .leftJoin(customerProfiles, eq(customerProfiles.userId, serviceRequests.userId))
    .leftJoin(customerUsers, eq(customerUsers.id, serviceRequests.userId))
    .where(and(eq(businessResponses.id, responseId), partyOf(userId)));
  const [row] = options.lock ? await query.for('share', { of: businessResponses }) : await query;
  return row ?? null;
}

/** Where the list continues: after this activity time (epoch microseconds) and response id. */
export interface ListCursor {
  activityMicros: string;
  responseId: string;
}

export interface ConversationListRow {
  responseId: string;
  requestId: string;
  requestTitle: string;
  serviceType: string;
  businessUserId: string;
  otherPartyName: string;
  responseStatus: ResponseStatus;
  completionStatus: CompletionStatus;
  quotedPrice: string;
  priceType: string;
  lastMessage: string | null;
  lastMessageSenderId: string | null;
  lastMessageType: string | null;
  lastMessageAt: Date | null;
  unreadCount: number;
  /** Exact to the microsecond, for the cursor; a JavaScript Date would round it. */
  activityMicros: string;
}

// Correlated subqueries name the outer table in full: Drizzle leaves columns unqualified there.
const ofThisResponse = sql`"messages"."response_id" = "business_responses"."id"`;
const epochMs = (value: SQL) =>
  sql<number | null>`(extract(epoch from ${value}) * 1000)::float8`.mapWith((v: unknown) =>
    v === null ? null : Number(v),
  );

/**
 * One page of the user's conversations — accepted responses, archived ones left out, where the user
 * is the customer or the business — newest activity first, in ONE query: the latest message and the
 * unread count come from lateral subqueries, never a query per row. `limit` is one more than shown.
 */
export async function listConversationRows(
  db: Db,
  userId: string,
  limit: number,
  after: ListCursor | null,
): Promise<ConversationListRow[]> {
  const latest = db
    .select({
      message: messages.message,
      senderId: messages.senderId,
      messageType: messages.messageType,
      createdAt: sql`"messages"."created_at"`.as('last_created_at'),
    })
    .from(messages)
    .where(ofThisResponse)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as('last_message');
  const unread = db
    .select({ count: sql<number>`count(*)::int`.as('unread_count') })
    .from(messages)
    .where(sql`${ofThisResponse} and "messages"."receiver_id" = ${userId} and "messages"."read_at" is null`)
    .as('unread');

  const activity = sql`coalesce(${latest.createdAt}, ${businessResponses.updatedAt})`;
  const activityMicros = sql`(extract(epoch from ${activity}) * 1000000)::bigint`;
  const page = after
    ? sql`(${activityMicros}, ${businessResponses.id}) < (${after.activityMicros}::bigint, ${after.responseId}::uuid)`
    : undefined;

  return db
    .select({
      responseId: businessResponses.id,
      requestId: serviceRequests.id,
      requestTitle: serviceRequests.title,
      serviceType: serviceRequests.serviceType,
      businessUserId: businessResponses.businessUserId,
      otherPartyName: sql<string>`case when ${businessResponses.businessUserId} = ${userId} then ${customerNameSql} else ${businessNameSql} end`,
      responseStatus: businessResponses.status,
      completionStatus: businessResponses.completionStatus,
      quotedPrice: businessResponses.quotedPrice,
      priceType: businessResponses.priceType,
      lastMessage: latest.message,
      lastMessageSenderId: latest.senderId,
      lastMessageType: latest.messageType,
      lastMessageAt: epochMs(sql`${latest.createdAt}`).mapWith((v: unknown) =>
        v === null ? null : new Date(Number(v)),
      ),
      unreadCount: sql<number>`coalesce(${unread.count}, 0)`.mapWith(Number),
      activityMicros: sql<string>`${activityMicros}::text`,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .leftJoin(customerProfiles, eq(customerProfiles.userId, serviceRequests.userId))
    .leftJoin(customerUsers, eq(customerUsers.id, serviceRequests.userId))
    .leftJoinLateral(latest, sql`true`)
    .leftJoinLateral(unread, sql`true`)
    .where(and(listedConversationOf(userId), page))
    .orderBy(desc(activity), desc(businessResponses.id))
    .limit(limit);
}

/** The parties of a conversation as its messages name them (see senderNameOf in the service). */
export interface ConversationParties {
  response: { businessUserId: string };
  request: { userId: string };
  businessName: string;
  customerName: string;
}

/** What a conversation page shows of a message. */
export type PageMessageRow = Pick<
  MessageRow,
  'id' | 'senderId' | 'message' | 'messageType' | 'attachments' | 'readAt' | 'createdAt'
>;

/** The page's messages, by a lateral subquery: newest first, after the cursor when there is one. */
function pageMessages(db: Db, cursor: boolean) {
  const param = sql.placeholder;
  // A single-table select leaves columns unqualified: the subquery names its table by alias.
  const before = cursor
    ? sql`(${messages.createdAt}, ${messages.id}) < (select mm.created_at, mm.id from ${messages} mm where mm.id = ${param('beforeId')} and mm.response_id = ${param('responseId')})`
    : undefined;
  return (
    db
      .select({
        id: messages.id,
        senderId: messages.senderId,
        message: messages.message,
        messageType: messages.messageType,
        attachments: messages.attachments,
        readAt: messages.readAt,
        createdAt: messages.createdAt,
      })
      .from(messages)
      // The id as a value, not the outer row's column: PostgreSQL then plans with this thread's length
      // (a column reference is planned for the average thread, and a long one was read whole and sorted).
      .where(and(eq(messages.responseId, sql`${param('responseId')}`), before))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(param('limit'))
      .as('page')
  );
}

/**
 * The conversation page as ONE prepared statement: the party check and the names (findConversation's
 * rule) joined to the page of messages. No row: not a conversation of this user; one row with no
 * message id: a conversation without messages yet. Two round trips and two queries built by Drizzle
 * per request were most of the page's cost (docs/performance.md).
 */
function messagePageStatement(db: Db, cursor: boolean, name: string) {
  const param = sql.placeholder;
  const page = pageMessages(db, cursor);
  return db
    .select({
      businessUserId: businessResponses.businessUserId,
      customerUserId: serviceRequests.userId,
      businessName: businessNameSql,
      customerName: customerNameSql,
      id: page.id,
      senderId: page.senderId,
      message: page.message,
      messageType: page.messageType,
      attachments: page.attachments,
      readAt: page.readAt,
      createdAt: page.createdAt,
    })
    .from(businessResponses)
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .leftJoin(profiles, eq(profiles.userId, businessResponses.businessUserId))
    .leftJoin(customerProfiles, eq(customerProfiles.userId, serviceRequests.userId))
    .leftJoin(customerUsers, eq(customerUsers.id, serviceRequests.userId))
    .leftJoinLateral(page, sql`true`)
    .where(and(eq(businessResponses.id, sql`${param('responseId')}`), partyOf(sql`${param('userId')}`)))
    .orderBy(desc(page.createdAt), desc(page.id))
    .prepare(name);
}

type MessagePageStatement = ReturnType<typeof messagePageStatement>;
const pageStatements = new WeakMap<Db, { first: MessagePageStatement; older: MessagePageStatement }>();

/**
 * The conversation `responseId` when `userId` is one of its parties (else null) with its newest
 * `limit` messages older than message `beforeId` (when given), newest first. The comparison is made
 * in SQL on (created_at, id), so microsecond timestamps stay exact; a `beforeId` that is not a
 * message of this conversation matches nothing.
 */
export async function findMessagePage(
  db: Db,
  userId: string,
  responseId: string,
  limit: number,
  beforeId: string | null,
): Promise<{ parties: ConversationParties; messages: PageMessageRow[] } | null> {
  let statements = pageStatements.get(db);
  if (!statements) {
    statements = {
      first: messagePageStatement(db, false, 'grip_message_page'),
      older: messagePageStatement(db, true, 'grip_message_page_older'),
    };
    pageStatements.set(db, statements);
  }
  const statement = beforeId === null ? statements.first : statements.older;
  const rows = await statement.execute({ userId, responseId, limit, beforeId });
  const first = rows[0];
  if (!first) return null;
  return {
    parties: {
      response: { businessUserId: first.businessUserId },
      request: { userId: first.customerUserId },
      businessName: first.businessName,
      customerName: first.customerName,
    },
    // The lateral join gives one row of nulls when the page is empty.
    messages: first.id === null ? [] : (rows as PageMessageRow[]),
  };
}

/** Marks read every unread message of the conversation sent to `userId`; returns how many. */
export async function markConversationRead(db: Db, userId: string, responseId: string): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.responseId, responseId), eq(messages.receiverId, userId), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return rows.length;
}

export async function findByClientId(
  db: Db | Tx,
  senderId: string,
  clientId: string,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row ?? null;
}
