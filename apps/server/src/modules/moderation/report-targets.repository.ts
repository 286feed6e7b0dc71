import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessResponses, customerReviews, messages, reviews, serviceRequests } from '../../db/schema';
import { partyOf } from '../conversations/conversations.repository';

/**
 * Where a report's target is read from what the reporter can see (issue 32). Each answers the
 * account the content is about — its author — or null when the reporter cannot see it; the service
 * asks the domain what that means (reportProblem).
 */
export interface SeenTarget {
  authorId: string | null;
}

/** A message of one of the reporter's conversations (the same party rule as every conversation read). */
export async function messageSeenBy(
  db: Db,
  reporterId: string,
  messageId: string,
): Promise<SeenTarget | null> {
  const [row] = await db
    .select({ authorId: messages.senderId })
    .from(messages)
    .innerJoin(businessResponses, eq(businessResponses.id, messages.responseId))
    .innerJoin(serviceRequests, eq(serviceRequests.id, businessResponses.requestId))
    .where(and(eq(messages.id, messageId), partyOf(reporterId)))
    .limit(1);
  return row ?? null;
}

/** The owner of a request, whoever asks (the service decides whether the reporter may see it). */
export async function requestOwner(db: Db, requestId: string): Promise<{ userId: string } | null> {
  const [row] = await db
    .select({ userId: serviceRequests.userId })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, requestId))
    .limit(1);
  return row ?? null;
}

/**
 * A review of the reporter once it shows to them (double-blind: revealed), about its author; or a
 * review the reporter wrote, about the reply the other side gave it (without a reply there is only
 * the reporter's own words). Both directions: a customer's review of a business, and a business's
 * review of a customer.
 */
export async function reviewSeenBy(
  db: Db,
  reporterId: string,
  reviewId: string,
  now: Date,
): Promise<SeenTarget | null> {
  const at = now.toISOString();
  const [ofBusiness] = await db
    .select({
      authorId: sql<string>`case when ${reviews.businessUserId} = ${reporterId} then ${reviews.userId}
        when ${reviews.replyText} is not null then ${reviews.businessUserId} else ${reviews.userId} end`,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.id, reviewId),
        or(
          and(eq(reviews.businessUserId, reporterId), sql`${reviews.revealedAt} <= ${at}::timestamptz`),
          eq(reviews.userId, reporterId),
        ),
      ),
    )
    .limit(1);
  if (ofBusiness) return ofBusiness;
  const [ofCustomer] = await db
    .select({
      authorId: sql<string>`case when ${customerReviews.customerUserId} = ${reporterId} then ${customerReviews.businessUserId}
        when ${customerReviews.replyText} is not null then ${customerReviews.customerUserId} else ${customerReviews.businessUserId} end`,
    })
    .from(customerReviews)
    .where(
      and(
        eq(customerReviews.id, reviewId),
        or(
          and(
            eq(customerReviews.customerUserId, reporterId),
            sql`${customerReviews.revealedAt} <= ${at}::timestamptz`,
          ),
          eq(customerReviews.businessUserId, reporterId),
        ),
      ),
    )
    .limit(1);
  return ofCustomer ?? null;
}
