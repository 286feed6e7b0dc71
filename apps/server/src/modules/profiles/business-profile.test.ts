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
