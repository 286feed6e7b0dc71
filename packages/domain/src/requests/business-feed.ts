import { z } from 'zod';
import { pageSchema } from './api-requests';
import { BusinessRequestViewSchema } from './business-requests';
import { EXPIRY_WINDOW_MS, NEW_WINDOW_MS } from '../shared/time-windows';

/**
 * Service Requests (/business-requests), the business's matching feed. Bucketing follows spec 3 §4
 * ("new request bucketing by created time"), which is not the same as `freshness()`: a request this
 * business has already answered leaves New and About to expire (it lives in Pending Opportunities) but
 * still shows under Expired once it is older than 48 h.
 */
export const FEED_GROUPS = ['new', 'about_to_expire', 'expired'] as const;
export type FeedGroup = (typeof FEED_GROUPS)[number];

/** The group a matching request falls in at `now`, or null when it belongs to none (answered, < 48 h). */
export function feedGroupOf(createdAt: Date, hasResponded: boolean, now: Date): FeedGroup | null {
  const age = now.getTime() - createdAt.getTime();
  if (age >= EXPIRY_WINDOW_MS) return 'expired';
  if (hasResponded) return null;
  return age < NEW_WINDOW_MS ? 'new' : 'about_to_expire';
}

/**
 * The created-at bounds of a group at `now`, for the server to compare in SQL: created after `after`
 * (exclusive) and at or before `until` (inclusive); null means unbounded. The same edges as
 * feedGroupOf and the New Requests badge (created in the last 24 h): a request exactly 24 h old has
 * left New, one exactly 48 h old has expired.
 */
export function feedGroupWindow(group: FeedGroup, now: Date): { after: Date | null; until: Date | null } {
  const newCutoff = new Date(now.getTime() - NEW_WINDOW_MS);
  const expiryCutoff = new Date(now.getTime() - EXPIRY_WINDOW_MS);
  switch (group) {
    case 'new':
      return { after: newCutoff, until: null };
    case 'about_to_expire':
      return { after: expiryCutoff, until: newCutoff };
    case 'expired':
      return { after: null, until: expiryCutoff };
  }
}

/** Only the expired group shows requests this business has already answered. */
export function feedGroupIncludesResponded(group: FeedGroup): boolean {
  return group === 'expired';
}

export const FEED_MESSAGES = {
  businessOnly: 'Only business accounts see service requests.',
  badCursor: 'That page of requests is no longer available. Please reload.',
} as const;

export const BusinessFeedQuerySchema = z.object({
  group: z.enum(FEED_GROUPS, { error: 'Please choose New, About to expire or Expired.' }).default('new'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type BusinessFeedQuery = z.output<typeof BusinessFeedQuerySchema>;

export const BusinessFeedPageSchema = pageSchema(BusinessRequestViewSchema);
export type BusinessFeedPage = z.infer<typeof BusinessFeedPageSchema>;

/** How many matching requests each group holds, for the group headers. */
export const BusinessFeedCountsSchema = z.object({
  new: z.number().int().nonnegative(),
  aboutToExpire: z.number().int().nonnegative(),
  expired: z.number().int().nonnegative(),
});
export type BusinessFeedCounts = z.infer<typeof BusinessFeedCountsSchema>;
