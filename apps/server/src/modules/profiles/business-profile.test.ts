import { BUSINESS_PROFILE_MESSAGES } from '@grip/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('PATCH /api/business-profile', () => {
  it('geocodes the address and stores categories and area', async () => {
    const { cookie } = await t.signUp({ role: 'business_owner' });
    const res = await t.inject({
      method: 'PATCH',
      url: '/api/business-profile',
      cookie,
      payload: {
        address: '10 King St, Newtown NSW 2042',
        serviceAreaKm: 15,
        serviceCategories: ['Plumbing', 'Plumbing', 'Handyman'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      serviceAreaKm: 15,
      serviceCategories: ['Plumbing', 'Handyman'],
      address: '10 King St, Newtown NSW 2042',
    });
    expect(body.latitude).toBeCloseTo(-33.9, 1);
    expect(body.longitude).toBeCloseTo(151.18, 1);
  });

  it('refuses unknown places, areas that are not offered, and customers', async () => {
    const { cookie } = await t.signUp({ role: 'business_owner' });
    const nowhere = await t.inject({
      method: 'PATCH',
      url: '/api/business-profile',
      cookie,
      payload: { address: 'Qwxzyville Nowhere' },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().fields.address).toBe(BUSINESS_PROFILE_MESSAGES.addressNotFound);
    const area = await t.inject({
      method: 'PATCH',
      url: '/api/business-profile',
      cookie,
      payload: { serviceAreaKm: 100 },
    });
    expect(area.statusCode).toBe(400);
    expect(area.json().fields.serviceAreaKm).toBe(BUSINESS_PROFILE_MESSAGES.serviceAreaRequired);
    const customer = await t.signUp();
    const refused = await t.inject({
      method: 'PATCH',
      url: '/api/business-profile',
      cookie: customer.cookie,
      payload: { serviceAreaKm: 5 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.inject({ method: 'PATCH', url: '/api/business-profile', payload: {} })).statusCode).toBe(
      401,
    );
  });
});

describe('PUT /api/business-profile/avatar', () => {
  const put = (cookie: string, avatarUrl: unknown) =>
    t.inject({ method: 'PUT', url: '/api/business-profile/avatar', cookie, payload: { avatarUrl } });

  it('saves the business’s own upload at once, and removes it', async () => {
    const b = await t.signUp({ role: 'business_owner' });
    const url = await t.uploadImage(b.cookie, 'avatar');
    const saved = await put(b.cookie, url);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ avatarUrl: url });
    const profile = await t.inject({ url: '/api/business-profile', cookie: b.cookie });
    expect(profile.json().avatarUrl).toBe(url);

    const removed = await put(b.cookie, null);
    expect(removed.json()).toEqual({ avatarUrl: null });
    expect((await t.inject({ url: '/api/business-profile', cookie: b.cookie })).json().avatarUrl).toBeNull();
  });

  it('refuses someone else’s upload, customers and bad input, changing nothing', async () => {
    const b = await t.signUp({ role: 'business_owner' });
    const other = await t.signUp({ role: 'business_owner' });
    const theirs = await t.uploadImage(other.cookie, 'avatar');
    const res = await put(b.cookie, theirs);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.avatarUrl).toBe(BUSINESS_PROFILE_MESSAGES.avatarNotOwn);
    expect((await put(b.cookie, 42)).statusCode).toBe(400);
    expect((await t.inject({ url: '/api/business-profile', cookie: b.cookie })).json().avatarUrl).toBeNull();
    const customer = await t.signUp();
    expect((await put(customer.cookie, null)).statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'PUT', url: '/api/business-profile/avatar', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('moving a business (decision 018)', () => {
  const move = (cookie: string, address: string) =>
    t.inject({ method: 'PATCH', url: '/api/business-profile', cookie, payload: { address } });

  it('allows three moves a day, each in the audit log, then refuses with when to try again', async () => {
    const business = await t.signUp({ role: 'business_owner', businessName: 'Moving Pools' });
    const places = ['Newtown NSW 2042', 'Manly NSW 2095', 'Bondi NSW 2026'];
    for (const place of places) expect((await move(business.cookie, place)).statusCode).toBe(200);
    // Saving the same address again, or other fields, is no move and is never held back.
    expect((await move(business.cookie, 'Bondi NSW 2026')).statusCode).toBe(200);
    const area = await t.inject({
      method: 'PATCH',
      url: '/api/business-profile',
      cookie: business.cookie,
      payload: { serviceAreaKm: 5 },
    });
    expect(area.statusCode, area.body).toBe(200);

    const fourth = await move(business.cookie, 'Mosman NSW 2088');
    expect(fourth.statusCode, fourth.body).toBe(429);
    expect(fourth.json().message).toMatch(
      /^Your business address can change 3 times in 24 hours\. You can change it again in (2[34] hours|\d+ minutes?)\.$/,
    );
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(fourth.json().fields.address).toBe(fourth.json().message);
    // Refused before the address is looked up: a place no geocoder knows is refused for the limit.
    const unknown = await move(business.cookie, 'Qwxzyville Nowhere');
    expect(unknown.statusCode, unknown.body).toBe(429);
    // Nothing of the refused move was kept.
    const profile = await t.inject({ url: '/api/business-profile', cookie: business.cookie });
    expect(profile.json().address).toBe('Bondi NSW 2026');
    // The whole profile's save is held back the same way.
    const whole = await t.inject({
      method: 'PUT',
      url: '/api/business-profile',
      cookie: business.cookie,
      payload: {
        businessName: 'Moving Pools',
        contactPerson: 'Mo',
        address: 'Mosman NSW 2088',
        notificationEmail: 'moving@example.com',
        phone: '0400 111 222',
        serviceCategories: ['Pool Maintenance'],
        serviceAreaKm: 25,
      },
    });
    expect(whole.statusCode, whole.body).toBe(429);

    const admin = await t.signUp({ role: 'administrator' });
    const log = await t.inject({ url: '/api/admin/audit-events', cookie: admin.cookie });
    expect(log.statusCode, log.body).toBe(200);
    const mine = (log.json().items as { actor: { userId: string } | null; to: { address: string } }[]).filter(
      (e) => e.actor?.userId === business.userId,
    );
    expect(mine.map((e) => e.to.address)).toEqual([...places].reverse());
    expect(mine[0]).toMatchObject({
      action: 'business_address_changed',
      from: { address: 'Manly NSW 2095', area: expect.any(String) },
      actor: { userId: business.userId, name: 'Moving Pools' },
    });

    // Only administrators read the log.
    expect((await t.inject({ url: '/api/admin/audit-events', cookie: business.cookie })).statusCode).toBe(
      403,
    );
    expect(
      (await t.inject({ url: '/api/admin/audit-events?cursor=abc', cookie: admin.cookie })).statusCode,
    ).toBe(400);
  });

  it('lets two saves at once take no more than the limit', async () => {
    const business = await t.signUp({ role: 'business_owner', businessName: 'Racing Pools' });
    const results = await Promise.all(
      ['Newtown NSW 2042', 'Manly NSW 2095', 'Bondi NSW 2026', 'Mosman NSW 2088', 'Dee Why NSW 2099'].map(
        (p) => move(business.cookie, p),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
  });
});
