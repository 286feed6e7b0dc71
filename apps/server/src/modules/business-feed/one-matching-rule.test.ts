import type { BadgeCounts, BusinessDashboard, BusinessFeedCounts, BusinessFeedPage } from '@grip/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, businessResponses, notifications, profiles, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 33: the New Requests badge showed 3 over a list of 1. Every place that counts or lists the
 * requests "for this business" reads the one rule of matching.sql.ts (categories, the customer's
 * radius, the business's service area, never its own, no block either way), so for every business:
 * badge == the feed's New count == the New list (all its pages) == the dashboard's New Requests, and
 * the dashboard's Requests Received == the requests it was notified of. Each is also checked against
 * the expected set worked out by hand below, so a rule that drifted everywhere at once fails too.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CBD = { latitude: -33.8688, longitude: 151.2093 };
const GLEBE = { latitude: -33.8798, longitude: 151.1854 }; // about 2.5 km from the CBD
const PARRAMATTA = { latitude: -33.815, longitude: 151.0011 }; // about 18-20 km from both

const GARDEN = 'Rule Gardening 33';
const PLUMB = 'Rule Plumbing 33';

type Point = { latitude: number; longitude: number } | null;

async function business(categories: string[], point: Point, serviceAreaKm: number | null) {
  const biz = await t.signUp({ role: 'business_owner' });
  await t.db
    .update(profiles)
    .set({
      serviceCategories: categories,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      serviceAreaKm,
    })
    .where(eq(profiles.userId, biz.userId));
  return biz;
}

/** Posted through the API, so the new-request notices go out as in production. */
async function post(cookie: string, serviceType: string, point: Point, serviceAreaKm: number) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie,
    payload: {
      serviceType,
      description: 'Please help with this job soon.',
      // A place the geocoder does not know: only the coordinates given (or none) locate it.
      location: 'Somewhere Unlisted Qxz',
      ...(point ?? {}),
      serviceAreaKm,
      budget: 90,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function get<T>(cookie: string, url: string): Promise<T> {
  const res = await t.inject({ url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

/** Every page of a list that pages by cursor. */
async function allPages(cookie: string, url: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const page: { items: { id: string }[]; nextCursor: string | null } = await get(
      cookie,
      cursor ? `${url}${sep}cursor=${cursor}` : url,
    );
    ids.push(...page.items.map((i) => i.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe('one matching rule for the badge, the feed, the dashboard and the notices (issue 33)', () => {
  it('gives every business the same requests in each place, by category, both radii and blocks', async () => {
    const customer = await t.signUp();
    const blockingCustomer = await t.signUp();

    const b = {
      near: await business([GARDEN], CBD, 10),
      small: await business([GARDEN], CBD, 1),
      far: await business([GARDEN], PARRAMATTA, 25),
      other: await business([PLUMB], CBD, 50),
      everything: await business([], null, null),
      blocked: await business([GARDEN], CBD, 50),
      blocker: await business([GARDEN], CBD, 50),
      noPoint: await business([GARDEN], null, 10),
    };
    // Issue 32: either side of a block — the customer blocks one business, another blocks the customer.
    await t.db.insert(blocks).values([
      { blockerId: blockingCustomer.userId, blockedId: b.blocked.userId },
      { blockerId: b.blocker.userId, blockedId: blockingCustomer.userId },
    ]);

    const r = {
      glebe5: await post(customer.cookie, GARDEN, GLEBE, 5),
      glebe1: await post(customer.cookie, GARDEN, GLEBE, 1),
      cbd1: await post(customer.cookie, GARDEN, CBD, 1),
      glebe25: await post(customer.cookie, GARDEN, GLEBE, 25),
      plumbCbd10: await post(customer.cookie, PLUMB, CBD, 10),
      nowhere: await post(customer.cookie, GARDEN, null, 5),
      byBlocking: await post(blockingCustomer.cookie, GARDEN, GLEBE, 10),
      answered: await post(customer.cookie, GARDEN, GLEBE, 50),
      aged: await post(customer.cookie, GARDEN, GLEBE, 10),
    };
    // The seed is what it says: the unlisted place has no point, the others do.
    const [nowhere] = await t.db
      .select({ lat: serviceRequests.publicLatitude })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, r.nowhere));
    expect(nowhere?.lat).toBeNull();
    // Answered by `near` (it leaves near's New group, still received), and older than the New window.
    await t.db
      .insert(businessResponses)
      .values({ requestId: r.answered, businessUserId: b.near.userId, quotedPrice: '80', message: 'Yes' });
    await t.db
      .update(serviceRequests)
      .set({ createdAt: sql`now() - interval '30 hours'` })
      .where(eq(serviceRequests.id, r.aged));

    // By hand: Glebe is ~2.5 km from the CBD, Parramatta ~18-20 km from both; a request lies within
    // min(customer's radius, business's area); no point on either side leaves categories alone.
    const G = [r.glebe5, r.glebe1, r.cbd1, r.glebe25, r.nowhere, r.byBlocking, r.answered, r.aged];
    const expected: Record<keyof typeof b, { fresh: string[]; received: string[] }> = {
      near: {
        fresh: [r.glebe5, r.cbd1, r.glebe25, r.nowhere, r.byBlocking],
        received: [r.glebe5, r.cbd1, r.glebe25, r.nowhere, r.byBlocking, r.answered, r.aged],
      },
      small: { fresh: [r.cbd1, r.nowhere], received: [r.cbd1, r.nowhere] },
      far: { fresh: [r.glebe25, r.nowhere, r.answered], received: [r.glebe25, r.nowhere, r.answered] },
      other: { fresh: [r.plumbCbd10], received: [r.plumbCbd10] },
      everything: {
        fresh: [...G.filter((id) => id !== r.aged), r.plumbCbd10],
        received: [...G, r.plumbCbd10],
      },
      blocked: {
        fresh: [r.glebe5, r.cbd1, r.glebe25, r.nowhere, r.answered],
        received: [r.glebe5, r.cbd1, r.glebe25, r.nowhere, r.answered, r.aged],
      },
      blocker: {
        fresh: [r.glebe5, r.cbd1, r.glebe25, r.nowhere, r.answered],
        received: [r.glebe5, r.cbd1, r.glebe25, r.nowhere, r.answered, r.aged],
      },
      noPoint: { fresh: G.filter((id) => id !== r.aged), received: G },
    };

    const sorted = (ids: string[]) => [...ids].sort();
    for (const [name, biz] of Object.entries(b) as [keyof typeof b, (typeof b)[keyof typeof b]][]) {
      const want = expected[name];
      const badge = await get<BadgeCounts>(biz.cookie, '/api/badges');
      const counts = await get<BusinessFeedCounts>(biz.cookie, '/api/business/requests/counts');
      const list = await allPages(biz.cookie, '/api/business/requests?group=new&limit=2');
      // The dashboard's New Requests section reads the first cards of the same list.
      const section = await get<BusinessFeedPage>(biz.cookie, '/api/business/requests?group=new&limit=6');
      const dashboard = await get<BusinessDashboard>(biz.cookie, '/api/business/dashboard');
      const received = await allPages(biz.cookie, '/api/business/dashboard/metrics/received');
      const notified = (
        await t.db
          .select({ id: notifications.relatedId })
          .from(notifications)
          .where(
            and(
              eq(notifications.userId, biz.userId),
              eq(notifications.type, 'new_request'),
              inArray(notifications.relatedId, Object.values(r)),
            ),
          )
      ).map((n) => n.id!);

      const where = `business "${name}"`;
      expect(sorted(list), where).toEqual(sorted(want.fresh));
      expect(badge.newRequests, where).toBe(list.length);
      expect(counts.new, where).toBe(list.length);
      expect(
        section.items.map((i) => i.id),
        where,
      ).toEqual(list.slice(0, 6));
      expect(sorted(received), where).toEqual(sorted(want.received));
      expect(dashboard.metrics.find((m) => m.key === 'received')?.value, where).toBe(received.length);
      // Told of exactly the requests that were for it when they were posted.
      expect(sorted(notified), where).toEqual(sorted(want.received));
    }
  });
});
