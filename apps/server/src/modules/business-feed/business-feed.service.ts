import {
  FEED_MESSAGES,
  feedGroupIncludesResponded,
  feedGroupWindow,
  normalizeRole,
  type BusinessFeedCounts,
  type BusinessFeedQuery,
  type BusinessRequestView,
} from '@grip/domain';
import type { Db } from '../../db/client';
import { Forbidden, Invalid } from '../../lib/errors';
import { storedPublicPoint } from '../privacy/location-privacy';
import type { ProfileRow } from '../profiles/profiles.repository';
import { toBusinessRequestView } from '../requests/business-view';
import { countFeed, countNew, listFeed, requestExists, type FeedBusiness } from './business-feed.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only business owners have a feed; administrators and customers are refused, not shown an empty one. */
function businessOf(profile: ProfileRow): FeedBusiness {
  if (normalizeRole(profile.role) !== 'business_owner') throw new Forbidden(FEED_MESSAGES.businessOnly);
  return {
    userId: profile.userId,
    categories: profile.serviceCategories,
    point: storedPublicPoint(profile),
    serviceAreaKm: profile.serviceAreaKm,
  };
}

/** One page of a feed group, each request shaped by the one business view (no exact address). */
export async function listFeedPage(
  db: Db,
  profile: ProfileRow,
  query: BusinessFeedQuery,
  now: Date,
): Promise<{ items: BusinessRequestView[]; nextCursor: string | null }> {
  const business = businessOf(profile);
  if (query.cursor !== undefined && (!UUID.test(query.cursor) || !(await requestExists(db, query.cursor)))) {
    throw new Invalid(FEED_MESSAGES.badCursor);
  }
  const rows = await listFeed(
    db,
    business,
    feedGroupWindow(query.group, now),
    feedGroupIncludesResponded(query.group),
    query.limit + 1,
    query.cursor,
  );
  const items = rows.slice(0, query.limit);
  return {
    items: items.map((row) =>
      toBusinessRequestView(row.request, {
        distanceKm: row.distanceKm,
        myResponseId: row.myResponseId,
        myResponseStatus: row.myResponseStatus,
      }),
    ),
    nextCursor: rows.length > query.limit ? (items.at(-1)?.request.id ?? null) : null,
  };
}

export async function feedCounts(db: Db, profile: ProfileRow, now: Date): Promise<BusinessFeedCounts> {
  return countFeed(db, businessOf(profile), {
    new: feedGroupWindow('new', now),
    aboutToExpire: feedGroupWindow('about_to_expire', now),
    expired: feedGroupWindow('expired', now),
  });
}

/**
 * The New Requests badge (spec 1 §2): how many requests the feed's New group holds for this business
 * — by the same rule and window as that list and its count, never a rule of its own (issue 33).
 */
export function newRequestCount(db: Db, profile: ProfileRow, now: Date): Promise<number> {
  return countNew(db, businessOf(profile), feedGroupWindow('new', now));
}
