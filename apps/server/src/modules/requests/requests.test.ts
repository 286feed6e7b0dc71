import { matchesCategories, REQUEST_MESSAGES } from '@grip/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, profiles, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestMatchesCategories } from './matching.sql';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = {
  serviceType: 'Home & Property Services',
  serviceSubtype: 'pool-maintenance',
  description: 'The pool pump is making a grinding noise.',
  location: '3 Bay Rd, Manly NSW 2095',
  serviceAreaKm: 10,
  budget: 250,
};

async function business(categories: string[]) {
  const b = await t.signUp({ role: 'business_owner' });
  await t.db.update(profiles).set({ serviceCategories: categories }).where(eq(profiles.userId, b.userId));
  return b;
}

describe('posting a service request', () => {
  it('stores it open and notifies exactly the matching businesses', async () => {
    const pool = await business(['Pool Maintenance']);
    const everything = await business([]);
    const cleaner = await business(['Cleaning']);
    const customer = await t.signUp();

    const res = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: customer.cookie,
      payload: valid,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // No title sent (an older client): it is suggested from the description (decision 030).
    expect(body).toMatchObject({ status: 'open', title: 'Pool pump is making a grinding noise' });
    expect(body.matchedBusinesses).toBeGreaterThanOrEqual(2);

    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, body.id));
    expect(row).toMatchObject({
      budgetMin: '250.00',
      budgetMax: '250.00',
      budgetType: 'fixed',
      // The geocoder's suburb, not the street: what a business may see.
      areaLabel: 'Manly NSW',
    });
    // Posted without coordinates: the address was geocoded.
    expect(row!.latitude).toBeCloseTo(-33.8, 1);
    expect(row!.longitude).toBeCloseTo(151.28, 1);

    const notified = async (userId: string) =>
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.relatedId, body.id)))
      ).length;
    expect(await notified(pool.userId)).toBe(1);
    expect(await notified(everything.userId)).toBe(1);
    expect(await notified(cleaner.userId)).toBe(0);
    expect(await notified(customer.userId)).toBe(0);
  });

  it.each([
    [{ serviceType: '' }, 'serviceType', REQUEST_MESSAGES.serviceTypeRequired],
    [{ location: ' ' }, 'location', REQUEST_MESSAGES.locationRequired],
    [{ serviceAreaKm: 7 }, 'serviceAreaKm', REQUEST_MESSAGES.serviceAreaRequired],
    [{ description: 'too short' }, 'description', REQUEST_MESSAGES.descriptionTooShort],
    [{ budget: 12.5 }, 'budget', REQUEST_MESSAGES.budgetRequired],
    [{ budget: undefined }, 'budget', REQUEST_MESSAGES.budgetRequired],
  ])('refuses %o with the spec message', async (change, field, message) => {
    const { cookie } = await t.signUp();
    const res = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie,
      payload: { ...valid, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('refuses images that were not uploaded to Grip, and control characters', async () => {
    const { cookie } = await t.signUp();
    const link = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie,
      payload: { ...valid, images: ['javascript:alert(1)'] },
    });
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toBe('Please upload images through Grip');
    const nul = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie,
      payload: { ...valid, description: 'A leaking tap \u0000 here' },
    });
    expect(nul.statusCode).toBe(400);
  });

  it('is for customers only', async () => {
    for (const role of ['business_owner', 'administrator']) {
      const { cookie } = await t.signUp({ role });
      const res = await t.inject({ method: 'POST', url: '/api/requests', cookie, payload: valid });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REQUEST_MESSAGES.customersOnly);
    }
  });

  it('refuses a preferred date in the past', async () => {
    const { cookie } = await t.signUp();
    const res = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie,
      payload: { ...valid, preferredDate: '2020-01-01' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REQUEST_MESSAGES.preferredDateInPast);
  });

  it('asks a signed-out visitor to sign in before looking at the fields', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/requests', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(REQUEST_MESSAGES.authenticationRequired);
  });
});

describe('the SQL matching rule agrees with the domain rule', () => {
  it('gives the same answer for every pair of request and category list', async () => {
    const { userId } = await t.signUp();
    const requests = [
      { serviceType: 'plumbing', serviceSubtype: null },
      { serviceType: 'Home & Property Services', serviceSubtype: 'pool-maintenance' },
      { serviceType: 'Pet Services', serviceSubtype: 'Pet Care' },
      { serviceType: 'Experiences', serviceSubtype: '-horse--riding-' },
      { serviceType: ' Cleaning ', serviceSubtype: 'window-cleaning' },
      { serviceType: 'Personal Care & Lifestyle', serviceSubtype: 'hair-and-beauty' },
    ];
    const categoryLists = [
      [],
      ['Plumbing'],
      ['Pool Maintenance'],
      ['pet care'],
      ['Horse Riding'],
      ['Window Cleaning', 'Gardening'],
      ['cleaning'],
      ['Home & Property Services'],
      ['pool-maintenance'],
      ['Experiences '],
      ['Hair & Beauty'],
      ['personal care and  lifestyle'],
    ];
    for (const r of requests) {
      const [row] = await t.db
        .insert(serviceRequests)
        .values({
          userId,
          title: 't',
          description: 'd',
          serviceType: r.serviceType,
          serviceSubtype: r.serviceSubtype,
        })
        .returning({ id: serviceRequests.id });
      for (const categories of categoryLists) {
        const [hit] = await t.db
          .select({ id: serviceRequests.id })
          .from(serviceRequests)
          .where(and(eq(serviceRequests.id, row!.id), requestMatchesCategories(categories)));
        expect(Boolean(hit), `${JSON.stringify(r)} vs ${JSON.stringify(categories)}`).toBe(
          matchesCategories(r, categories),
        );
      }
    }
  });
});

describe('request images', () => {
  it('accepts the customer’s own uploads and refuses anyone else’s', async () => {
    const upload = (cookie: string) => t.uploadImage(cookie, 'request_image');
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const mine = await upload(owner.cookie);
    const theirs = await upload(stranger.cookie);

    const ok = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: owner.cookie,
      payload: { ...valid, images: [mine] },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.db.select().from(serviceRequests).where(eq(serviceRequests.id, ok.json().id));
    expect(row!.images).toEqual([mine]);

    const refused = await t.inject({
      method: 'POST',
      url: '/api/requests',
      cookie: owner.cookie,
      payload: { ...valid, images: [mine, theirs] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please upload images through Grip');
  });
});
