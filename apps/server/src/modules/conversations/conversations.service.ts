import {
  BOOKED_OFFER,
  blockRefusal,
  blockSideOf,
  canMessage,
  RESPONSE_STATUSES,
  CONVERSATION_MESSAGES,
  MESSAGE_PAGE_SIZE,
  type Conversation,
  type ConversationList,
  type ConversationMessage,
  type MessagePage,
  type SendMessageData,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { Conflict, Invalid, NotFound } from '../../lib/errors';
import { runPrepared } from '../../db/prepared';
import { Blocked } from '../blocks/blocks.repository';
import { assertId } from '../requests/requests.service';
import { assertOwnUploads } from '../uploads/uploads.service';
import {
  findByClientId,
  findConversation,
  findMessagePage,
  listConversationRows,
  markConversationRead,
  type ConversationListRow,
  type ConversationParties,
  type ConversationRow,
  type ListCursor,
  type MessageRow,
  type PageMessageRow,
} from './conversations.repository';
import { SEND_MESSAGE } from './send-message.sql';

export const DELETED_USER = 'Deleted user';
export const BAD_CURSOR = 'The page address is not valid. Please reload the list.';
export const CLIENT_ID_REUSED = 'This message id was already used in another conversation.';
/** How much of a message the receiver's notification quotes. */
export const NOTICE_EXCERPT_LENGTH = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list cursor is opaque to clients: base64url of "activity-microseconds|response-id". */
export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(`${cursor.activityMicros}|${cursor.responseId}`).toString('base64url');
}

export function decodeListCursor(value: string): ListCursor {
  const match = /^(\d{1,18})\|([0-9a-f-]{36})$/i.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match || !UUID.test(match[2]!)) throw new Invalid(BAD_CURSOR);
  return { activityMicros: match[1]!, responseId: match[2]! };
}

/** A party's conversation, or not found: anyone else's (or a malformed id) does not exist for them. */
async function ownConversation(db: Db, userId: string, responseId: string): Promise<ConversationRow> {
  assertId(responseId, CONVERSATION_MESSAGES.notFound);
  const row = await findConversation(db, userId, responseId);
  if (!row) throw new NotFound(CONVERSATION_MESSAGES.notFound);
  return row;
}

const isBusiness = (row: ConversationRow, userId: string) => row.response.businessUserId === userId;

function toSummary(row: ConversationListRow, userId: string): ConversationList['items'][number] {
  return {
    responseId: row.responseId,
    requestId: row.requestId,
    requestTitle: row.requestTitle,
    serviceType: row.serviceType,
    otherPartyName: row.otherPartyName,
    responseStatus: row.responseStatus,
    completionStatus: row.completionStatus,
    quotedPrice: row.quotedPrice,
    priceType: row.priceType,
    lastMessage:
      row.lastMessageAt && row.lastMessage !== null
        ? {
            message: row.lastMessage,
            fromMe: row.lastMessageSenderId === userId,
            createdAt: row.lastMessageAt.toISOString(),
            messageType: row.lastMessageType ?? 'text',
          }
        : null,
    unreadCount: row.unreadCount,
    lastActivityAt: new Date(Number(BigInt(row.activityMicros) / 1000n)).toISOString(),
  };
}

/** GET /api/conversations: the user's conversations, newest activity first. */
export async function listConversations(
  db: Db,
  userId: string,
  query: { cursor?: string; limit: number },
): Promise<ConversationList> {
  const after = query.cursor === undefined ? null : decodeListCursor(query.cursor);
  const rows = await listConversationRows(db, userId, query.limit + 1, after);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => toSummary(row, userId)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeListCursor({ activityMicros: last.activityMicros, responseId: last.responseId })
        : null,
  };
}

/**
 * The header of the conversation page. The exact address goes to the customer, and to the business
 * only once its response is accepted (PRODUCT-DECISIONS); before that the business sees the area.
 */
export async function getConversation(db: Db, userId: string, responseId: string): Promise<Conversation> {
  const row = await ownConversation(db, userId, responseId);
  const { response, request } = row;
  const business = isBusiness(row, userId);
  const exact = !business || response.status === BOOKED_OFFER;
  return {
    responseId: response.id,
    requestId: request.id,
    requestTitle: request.title,
    serviceType: request.serviceType,
    location: (exact ? request.locationAddress : null) ?? request.areaLabel,
    otherPartyName: business ? row.customerName : row.businessName,
    responseStatus: response.status,
    completionStatus: response.completionStatus,
    quotedPrice: response.quotedPrice,
    priceType: response.priceType,
    canSend: canMessage(response.status),
    role: business ? 'business' : 'customer',
  };
}

/** A sender's name as the other side knows them; a deleted account is 'Deleted user'. */
function senderNameOf(row: ConversationParties, senderId: string | null): string {
  if (senderId === null) return DELETED_USER;
  if (senderId === row.response.businessUserId) return row.businessName;
  if (senderId === row.request.userId) return row.customerName;
  return DELETED_USER;
}

function toMessage(row: ConversationParties, userId: string, m: PageMessageRow): ConversationMessage {
  return {
    id: m.id,
    senderId: m.senderId,
    fromMe: m.senderId === userId,
    senderName: senderNameOf(row, m.senderId),
    message: m.message,
    messageType: m.messageType,
    attachments: m.attachments,
    readAt: m.readAt ? m.readAt.toISOString() : null,
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * GET .../messages: the newest page (or the one before message `before`), oldest first within it.
 * `olderCursor` is the page's oldest message when older ones exist. Reading never marks read. The
 * conversation and its page come in one statement; anyone but a party hears not found first.
 */
export async function listMessagePage(
  db: Db,
  userId: string,
  responseId: string,
  query: { before?: string; limit?: number },
): Promise<MessagePage> {
  assertId(responseId, CONVERSATION_MESSAGES.notFound);
  const badCursor = query.before !== undefined && !UUID.test(query.before);
  const limit = query.limit ?? MESSAGE_PAGE_SIZE;
  const found = await findMessagePage(
    db,
    userId,
    responseId,
    limit + 1,
    badCursor ? null : (query.before ?? null),
  );
  if (!found) throw new NotFound(CONVERSATION_MESSAGES.notFound);
  if (badCursor) throw new Invalid(BAD_CURSOR);
  const newestFirst = found.messages;
  const page = newestFirst.slice(0, limit).reverse();
  return {
    items: page.map((m) => toMessage(found.parties, userId, m)),
    olderCursor: newestFirst.length > limit ? (page[0]?.id ?? null) : null,
  };
}

/** Opening a chat: the other party's unread messages to this user become read (spec 2 §4). */
export async function markRead(db: Db, userId: string, responseId: string): Promise<{ marked: number }> {
  await ownConversation(db, userId, responseId);
  return { marked: await markConversationRead(db, userId, responseId) };
}

/** The receiver's notice after the sender's name (the statement puts the name in front). */
function noticeText(input: SendMessageData): string {
  if (!input.message) {
    const n = input.attachments.length;
    return `: sent ${n === 1 ? 'an image' : `${n} images`}`;
  }
  // Cut by code points, so an emoji at the edge is never split in half.
  return `: ${Array.from(input.message).slice(0, NOTICE_EXCERPT_LENGTH).join('')}`;
}

/**
 * Sends a message (spec 1 §5, spec 3 §4): only a party, only while the response is accepted, images
 * only the sender's own uploads. The message goes to the other party — the request owner when the
 * business sends, otherwise the business — and the receiver gets an in-app notice, in ONE statement
 * (send-message.sql.ts). A retried send with the same clientId returns the stored message and
 * notifies no one.
 */
export async function sendMessage(
  db: Db,
  userId: string,
  responseId: string,
  input: SendMessageData,
): Promise<{ created: boolean; message: ConversationMessage }> {
  assertId(responseId, CONVERSATION_MESSAGES.notFound);
  if (input.attachments.length > 0) {
    await assertOwnUploads(db, userId, input.attachments, CONVERSATION_MESSAGES.attachmentsNotUploaded);
  }
  const [row] = await runPrepared<SentRow>(db, SEND_MESSAGE, [
    responseId,
    userId,
    input.clientId ?? null,
    input.message,
    input.attachments,
    MESSAGING_STATUSES,
    noticeText(input),
  ]);
  if (!row) throw new NotFound(CONVERSATION_MESSAGES.notFound);
  const parties: ConversationParties = {
    response: { businessUserId: row.businessUserId },
    request: { userId: row.customerId },
    businessName: row.businessName,
    customerName: row.customerName,
  };
  if (row.sent) return { created: true, message: toMessage(parties, userId, messageOf(row.sent)) };

  // A retry of a message that did go through is answered even if the chat has locked since.
  const replay = (stored: MessageRow) => {
    if (stored.responseId !== responseId) throw new Conflict(CLIENT_ID_REUSED);
    return { created: false, message: toMessage(parties, userId, stored) };
  };
  if (row.earlier) return replay(messageOf(row.earlier));
  // Issue 32: a block in either direction; the words say only what this sender did or cannot do.
  const other = userId === row.businessUserId ? row.customerId : row.businessUserId;
  const side = blockSideOf({ byMe: row.blockers.includes(userId), byThem: row.blockers.includes(other) });
  if (side) throw new Blocked(blockRefusal(side, 'message'));
  if (!canMessage(row.status)) throw new Conflict(CONVERSATION_MESSAGES.locked);
  // A concurrent retry stored it first (the unique index waited for it to commit).
  const stored = input.clientId ? await findByClientId(db, userId, input.clientId) : null;
  if (!stored) throw new Conflict(CONVERSATION_MESSAGES.sendFailed);
  return replay(stored);
}

/** The statuses a conversation takes messages in, as the statement takes them. */
const MESSAGING_STATUSES = RESPONSE_STATUSES.filter(canMessage);

/** What the send statement returns: the conversation's parties, and the message sent or found. */
interface SentRow {
  status: string;
  businessUserId: string;
  customerId: string;
  businessName: string;
  customerName: string;
  /** Who of the two parties blocked the other (issue 32); empty when neither did. */
  blockers: string[];
  earlier: StoredMessageJson | null;
  sent: StoredMessageJson | null;
}

/** A messages row as PostgreSQL's to_jsonb writes it. */
interface StoredMessageJson {
  id: string;
  request_id: string;
  response_id: string;
  sender_id: string | null;
  receiver_id: string | null;
  message: string;
  message_type: string;
  attachments: string[];
  read_at: string | null;
  created_at: string;
  offer_terms: MessageRow['offerTerms'];
  client_id: string | null;
}

function messageOf(json: StoredMessageJson): MessageRow {
  return {
    id: json.id,
    requestId: json.request_id,
    responseId: json.response_id,
    senderId: json.sender_id,
    receiverId: json.receiver_id,
    message: json.message,
    messageType: json.message_type as MessageRow['messageType'],
    attachments: json.attachments,
    readAt: json.read_at === null ? null : new Date(json.read_at),
    createdAt: new Date(json.created_at),
    offerTerms: json.offer_terms,
    clientId: json.client_id,
  };
}
