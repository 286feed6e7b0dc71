import { z } from 'zod';
import { safeText } from '../accounts/auth';
import { UPLOADED_IMAGE_PATH } from '../requests/requests';
import { BOOKED_OFFER } from '../lifecycles/offer';
import { COMPLETION_STATUSES, RESPONSE_STATUSES } from '../shared/statuses';

/**
 * Conversations: one per accepted response, between the request's customer and the business
 * (spec 1 §5, spec 2 "Messages", spec 3 "Conversation page"). Messaging opens once the offer is
 * accepted; counter offers are the negotiation channel before that (PRODUCT-DECISIONS).
 */
export const CONVERSATION_MESSAGES = {
  listEmptyTitle: 'No conversations yet',
  listEmpty: 'Messages appear here after you book a service.',
  listLoadFailed: 'Failed to load conversations.',
  notFoundTitle: 'Conversation Not Found',
  notFound: 'This conversation does not exist or is not yours.',
  threadEmpty: 'No messages yet. Start the conversation!',
  panelEmpty: 'No Messages Yet',
  locked: 'Messaging will be enabled once the offer has been accepted.',
  sendFailed: 'Failed to send message.',
  sent: 'Message sent',
  blank: 'Please write a message first',
  tooLong: 'Messages can be up to 5000 characters',
  attachmentsNotUploaded: 'Please upload images through Grip',
  selectPrompt: 'Choose a conversation to read it.',
} as const;

export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_MAX_ATTACHMENTS = 6;
/** Messages per page of a thread; the newest page comes first. */
export const MESSAGE_PAGE_SIZE = 50;

/** Only an accepted response has a conversation one can write in. */
export function canMessage(responseStatus: string): boolean {
  return responseStatus === BOOKED_OFFER;
}

/** The query `conversation={requestId}-{responseId}` of /messages, split; null when malformed. */
export function parseConversationParam(
  value: string | null,
): { requestId: string; responseId: string } | null {
  if (!value) return null;
  const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
  const match = new RegExp(`^(${uuid})-(${uuid})$`, 'i').exec(value.trim());
  return match ? { requestId: match[1]!, responseId: match[2]! } : null;
}

export function conversationParam(requestId: string, responseId: string): string {
  return `${requestId}-${responseId}`;
}

/** POST /api/conversations/:responseId/messages. Text is trimmed; a message needs text or an image. */
export const SendMessageInputSchema = z
  .object({
    message: z
      .string()
      .trim()
      .max(MESSAGE_MAX_LENGTH, CONVERSATION_MESSAGES.tooLong)
      .pipe(safeText({ multiline: true }))
      .default(''),
    attachments: z
      .array(z.string().regex(UPLOADED_IMAGE_PATH, CONVERSATION_MESSAGES.attachmentsNotUploaded))
      .max(MESSAGE_MAX_ATTACHMENTS)
      .default([]),
    /** A client-made id so a send retried after a lost connection is stored once (offline queue). */
    clientId: z.uuid().optional(),
  })
  .refine((v) => v.message.length > 0 || v.attachments.length > 0, {
    path: ['message'],
    message: CONVERSATION_MESSAGES.blank,
  });
export type SendMessageInput = z.input<typeof SendMessageInputSchema>;
export type SendMessageData = z.output<typeof SendMessageInputSchema>;

/** Whether the composer may send: something to send and nothing in flight (spec 1 §5). */
export function canSendMessage(text: string, attachmentCount: number, sending: boolean): boolean {
  return !sending && (text.trim().length > 0 || attachmentCount > 0);
}

/** Enter sends; Shift+Enter (or composing with an IME) inserts a line break. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

export const ConversationMessageSchema = z.object({
  id: z.string(),
  senderId: z.string().nullable(),
  /** Sent by the signed-in user. */
  fromMe: z.boolean(),
  /** The sender's name as the other side knows them; 'Deleted user' when the account is gone. */
  senderName: z.string(),
  message: z.string(),
  messageType: z.string(),
  attachments: z.array(z.string()),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

/** One row of the conversation list: one per accepted response the user is a party to. */
export const ConversationSummarySchema = z.object({
  responseId: z.string(),
  requestId: z.string(),
  requestTitle: z.string(),
  serviceType: z.string(),
  /** The other party: the business for a customer, the customer for a business. */
  otherPartyName: z.string(),
  responseStatus: z.enum(RESPONSE_STATUSES),
  completionStatus: z.enum(COMPLETION_STATUSES),
  quotedPrice: z.string(),
  priceType: z.string(),
  lastMessage: z
    .object({ message: z.string(), fromMe: z.boolean(), createdAt: z.string(), messageType: z.string() })
    .nullable(),
  unreadCount: z.number().int().nonnegative(),
  /** Latest message time, else the acceptance: the list's order. */
  lastActivityAt: z.string(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationListSchema = z.object({
  items: z.array(ConversationSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** GET /api/conversations/:responseId: the header of the conversation page. */
export const ConversationSchema = z.object({
  responseId: z.string(),
  requestId: z.string(),
  requestTitle: z.string(),
  serviceType: z.string(),
  /** The exact address for the customer and the accepted business; the area otherwise. */
  location: z.string().nullable(),
  otherPartyName: z.string(),
  responseStatus: z.enum(RESPONSE_STATUSES),
  completionStatus: z.enum(COMPLETION_STATUSES),
  quotedPrice: z.string(),
  priceType: z.string(),
  canSend: z.boolean(),
  /** The viewer's side of the conversation. */
  role: z.enum(['customer', 'business']),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** GET /api/conversations/:responseId/messages?before=: a page, oldest first within it. */
export const MessagePageSchema = z.object({
  items: z.array(ConversationMessageSchema),
  /** Pass as `before` for the page of older messages; null at the start of the thread. */
  olderCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;
