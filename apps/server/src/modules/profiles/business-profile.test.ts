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
