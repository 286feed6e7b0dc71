import { MESSAGE_TYPES, type OfferTerms } from '@grip/domain';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, emptyTextArray, sqlList } from './columns';
import { serviceRequests } from './requests';
import { businessResponses } from './responses';

/** Chat and negotiation messages on a response. Sender/receiver are nulled when an account is deleted. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => businessResponses.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    receiverId: text('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    messageType: text('message_type', { enum: MESSAGE_TYPES }).notNull().default('text'),
    attachments: text('attachments').array().notNull().default(emptyTextArray),
    /** The price, date and time a customer's counter_offer message proposes (null on other messages). */
    offerTerms: jsonb('offer_terms').$type<OfferTerms>(),
    /** The sender's own id for this message, so a retried send is stored once. */
    clientId: uuid('client_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_type_check', sql`${t.messageType} in (${sqlList(MESSAGE_TYPES)})`),
    index('messages_response_created_idx').on(t.responseId, t.createdAt),
    uniqueIndex('messages_sender_client_key')
      .on(t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    // Unread counts by receiver (badges).
    index('messages_receiver_unread_idx')
      .on(t.receiverId)
      .where(sql`${t.readAt} is null`),
  ],
);
