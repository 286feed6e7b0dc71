import type {
  Conversation,
  ConversationList,
  ConversationMessage,
  ConversationSummary,
  MessagePage,
} from '@grip/domain';
import type { Reply } from '@/test/mock-api';

export const REQUEST_ID = '11111111-1111-4111-8111-111111111111';
export const RESPONSE_ID = '22222222-2222-4222-8222-222222222222';

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    responseId: RESPONSE_ID,
    requestId: REQUEST_ID,
    requestTitle: 'Fix a leaking tap',
    serviceType: 'Plumbing',
    location: '12 Crown St, Surry Hills NSW',
    otherPartyName: 'Drip Fix Plumbing',
    responseStatus: 'accepted',
    completionStatus: 'pending',
    quotedPrice: '80.00',
    priceType: 'hourly',
    canSend: true,
    role: 'customer',
    ...overrides,
  };
}

let lastMessage = 0;
export function makeMessage(overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  lastMessage += 1;
  return {
    id: `m${lastMessage}`,
    senderId: 'b1',
    fromMe: false,
    senderName: 'Drip Fix Plumbing',
    message: `Message ${lastMessage}`,
    messageType: 'text',
    attachments: [],
    readAt: null,
    createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    ...overrides,
  };
}

export function makeSummary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    responseId: RESPONSE_ID,
    requestId: REQUEST_ID,
    requestTitle: 'Fix a leaking tap',
    serviceType: 'Plumbing',
    otherPartyName: 'Drip Fix Plumbing',
    responseStatus: 'accepted',
    completionStatus: 'pending',
    quotedPrice: '80.00',
    priceType: 'hourly',
    lastMessage: {
      message: 'See you Thursday',
      fromMe: false,
      createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      messageType: 'text',
    },
    unreadCount: 2,
    lastActivityAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

export const conversationPaths = (responseId: string = RESPONSE_ID) => {
  const base = `/api/conversations/${responseId}`;
  return {
    detail: base,
    messages: `${base}/messages`,
    /** The first (newest) page, as the panel asks for it. */
    newestPage: `${base}/messages?limit=50`,
    read: `${base}/read`,
  };
};

/** Mock answers for one conversation: its header, one page of messages, and mark-read. */
export function conversationApi(
  options: { responseId?: string; conversation?: Partial<Conversation>; page?: MessagePage } = {},
): Record<string, Reply> {
  const responseId = options.responseId ?? RESPONSE_ID;
  const paths = conversationPaths(responseId);
  return {
    [`GET ${paths.detail}`]: { body: makeConversation({ responseId, ...options.conversation }) },
    [`GET ${paths.newestPage}`]: { body: options.page ?? { items: [], olderCursor: null } },
    [`POST ${paths.read}`]: { body: { marked: 0 } },
  };
}

export const listOf = (items: ConversationSummary[], nextCursor: string | null = null): ConversationList => ({
  items,
  nextCursor,
});
