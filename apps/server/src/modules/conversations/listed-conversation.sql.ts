import { BOOKED_OFFER } from '@grip/domain';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import { businessResponses, serviceRequests } from '../../db/schema';

/**
 * The response is a conversation `userId` has in their list (spec 2 §4 "Conversation": one per
 * accepted response): it is accepted, and the user is its customer, or its business while the job is
 * not archived. `business_responses` and `service_requests` must be in scope. The conversation list
 * (listConversationRows) is built on this rule, and only such a conversation
 * can be opened and marked read — so unread counts must use it too, or a badge never clears.
 */
export const listedConversationOf = (userId: string): SQL | undefined =>
  and(
    eq(businessResponses.status, BOOKED_OFFER),
    // A job its business archived leaves the business's list; its customer keeps the conversation.
    or(
      and(eq(businessResponses.businessUserId, userId), isNull(businessResponses.archivedAt)),
      eq(serviceRequests.userId, userId),
    ),
  );
