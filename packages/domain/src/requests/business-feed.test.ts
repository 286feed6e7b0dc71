import { describe, expect, it } from 'vitest';
import {
  BusinessFeedQuerySchema,
  FEED_GROUPS,
  feedGroupIncludesResponded,
  feedGroupOf,
  feedGroupWindow,
  type FeedGroup,
} from './business-feed';
import { HOUR_MS } from '../shared/time-windows';

const now = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

/** The group a request falls in according to the SQL bounds, to check both agree. */
function byWindow(createdAt: Date, hasResponded: boolean): FeedGroup | null {
  const hits = FEED_GROUPS.filter((group) => {
    const { after, until } = feedGroupWindow(group, now);
    if (after && createdAt.getTime() <= after.getTime()) return false;
    if (until && createdAt.getTime() > until.getTime()) return false;
    return !hasResponded || feedGroupIncludesResponded(group);
  });
  expect(hits.length).toBeLessThanOrEqual(1);
  return hits[0] ?? null;
}

describe('feedGroupOf', () => {
  it('puts unanswered requests in New, About to expire or Expired by age', () => {
    expect(feedGroupOf(ago(0), false, now)).toBe('new');
    expect(feedGroupOf(ago(23 * HOUR_MS), false, now)).toBe('new');
    expect(feedGroupOf(ago(24 * HOUR_MS), false, now)).toBe('about_to_expire');
    expect(feedGroupOf(ago(47 * HOUR_MS), false, now)).toBe('about_to_expire');
    expect(feedGroupOf(ago(48 * HOUR_MS - 1), false, now)).toBe('about_to_expire');
    expect(feedGroupOf(ago(48 * HOUR_MS), false, now)).toBe('expired');
    expect(feedGroupOf(ago(30 * 24 * HOUR_MS), false, now)).toBe('expired');
  });

  it('keeps answered requests out of New and About to expire but shows them when expired', () => {
    expect(feedGroupOf(ago(HOUR_MS), true, now)).toBeNull();
    expect(feedGroupOf(ago(30 * HOUR_MS), true, now)).toBeNull();
    expect(feedGroupOf(ago(49 * HOUR_MS), true, now)).toBe('expired');
  });

  it('agrees with the SQL windows at and around every edge', () => {
    const ages = [0, 1, 24 * HOUR_MS - 1, 24 * HOUR_MS, 24 * HOUR_MS + 1, 48 * HOUR_MS - 1];
    for (const age of [...ages, 48 * HOUR_MS, 48 * HOUR_MS + 1, 100 * HOUR_MS]) {
      for (const responded of [false, true]) {
        expect(byWindow(ago(age), responded)).toBe(feedGroupOf(ago(age), responded, now));
      }
    }
  });
});

describe('BusinessFeedQuerySchema', () => {
  it('defaults to the first page of New, 20 at a time', () => {
    expect(BusinessFeedQuerySchema.parse({})).toEqual({ group: 'new', limit: 20 });
  });

  it('refuses an unknown group and limits outside 1..50', () => {
    expect(BusinessFeedQuerySchema.safeParse({ group: 'old' }).success).toBe(false);
    expect(BusinessFeedQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(BusinessFeedQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(BusinessFeedQuerySchema.parse({ group: 'expired', limit: '50', cursor: 'x' })).toEqual({
      group: 'expired',
      limit: 50,
      cursor: 'x',
    });
  });
});
