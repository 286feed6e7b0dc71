import { BOOKED_OFFER, COMPLETED_JOB, normalizeRole, PENDING_OFFER, type BadgeCounts } from '@grip/domain';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, messages, responseViews, serviceRequests } from '../../db/schema';
import { countUnread } from '../notifications/notifications.repository';
import type { ProfileRow } from '../profiles/profiles.repository';
import { newRequestCount } from '../business-feed/business-feed.service';
import { onConfirmedList } from '../bookings/confirmed-booking.sql';
import { listedConversationOf } from '../conversations/listed-conversation.sql';

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

/**
 * The counts behind the navigation badges and the bell (spec 1 §2):
 * - unreadNotifications: the user's notifications without read_at;
 * - unreadMessages: messages to the user without read_at (counted by receiver), only in conversations
 *   the user can open (listedConversationOf) — opening one is what marks its messages read, so a
 *   decline notice or counter offer on a response that never got a conversation is not counted;
 * - newRequests (business): what the feed's New group holds (business-feed newRequestCount: matching
 *   open requests created in the last 24 h not yet responded to, by the one rule of matching.sql.ts);
 * - pendingResponses (customer): responses to the customer's live requests never viewed (NEW);
 * - confirmed: accepted, not yet completed bookings (the customer's, or the business's jobs).
 */
export async function badgeCounts(
  db: Db,
  userId: string,
  profile: ProfileRow,
  now: Date,
): Promise<BadgeCounts> {
  const role = normalizeRole(profile.role);

  const unreadNotifications = countUnread(db, userId);
  const unreadMessages = countOf(
    db
      .select({ n: count() })
      .from(messages)
      .innerJoin(businessResponses, eq(businessResponses.id, messages.responseId))
      .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
      .where(and(eq(messages.receiverId, userId), isNull(messages.readAt), listedConversationOf(userId))),
  );
  // The feed's New group exactly (business-feed, matching.sql.ts): one rule for the badge and the list.
  const newRequests = role === 'business_owner' ? newRequestCount(db, profile, now) : Promise.resolve(0);
  const pendingResponses =
    role === 'business_owner'
      ? Promise.resolve(0)
      : countOf(
          db
            .select({ n: count() })
            .from(businessResponses)
            .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
            .where(
              and(
                eq(serviceRequests.userId, userId),
                isNull(serviceRequests.archivedAt),
                eq(businessResponses.status, PENDING_OFFER),
                sql`not exists (select 1 from ${responseViews} rv
                  where rv.response_id = ${businessResponses.id} and rv.user_id = ${userId})`,
              ),
            ),
        );
  const confirmed = countOf(
    db
      .select({ n: count() })
      .from(businessResponses)
      .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
      .where(
        and(
          eq(businessResponses.status, BOOKED_OFFER),
          role === 'business_owner'
            ? and(
                eq(businessResponses.businessUserId, userId),
                ne(businessResponses.completionStatus, COMPLETED_JOB),
              )
            : // The customer's Confirmed Requests exactly: contested jobs wait in Job History.
              and(eq(serviceRequests.userId, userId), onConfirmedList()),
        ),
      ),
  );
  const [a, b, c, d, e] = await Promise.all([
    unreadNotifications,
    unreadMessages,
    newRequests,
    pendingResponses,
    confirmed,
  ]);
  return { unreadNotifications: a, unreadMessages: b, newRequests: c, pendingResponses: d, confirmed: e };
}
