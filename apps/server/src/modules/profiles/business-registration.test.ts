import { BUSINESS_PROFILE_MESSAGES } from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessResponses, profiles, reviews, serviceRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = {
  businessName: 'Sam Plumbing',
  contactPerson: 'Sam Carter',
  address: '10 King St, Newtown NSW 2042',
  notificationEmail: 'jobs@samplumbing.example',
  phone: '0412 345 678',
  serviceCategories: ['Plumbing', 'Handyman'],
};

const register = (cookie: string | undefined, payload: unknown) =>
  t.inject({ method: 'POST', url: '/api/business-registration', cookie, payload });

async function profileOf(userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row!;
}

describe('POST /api/business-registration', () => {
  it('converts a customer into a business owner and stores every field', async () => {
    const customer = await t.signUp();
    const avatarUrl = await t.uploadImage(customer.cookie, 'avatar');
    const res = await register(customer.cookie, {
      ...valid,
      website: 'https://samplumbing.example.com',
      description: 'Licensed plumber.\nSame-day service.',
      googleReviewsUrl: 'https://g.page/r/sam-plumbing/review',
      serviceAreaKm: 10,
      notificationPreferences: ['email', 'sms', 'app'],
      defaultStartScreen: 'requests',
      avatarUrl,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'business_owner',
      businessName: 'Sam Plumbing',
      contactPerson: 'Sam Carter',
      areaLabel: expect.stringContaining('Newtown'),
      useAccountEmail: false,
      rating: { average: null, count: 0 },
    });

    const row = await profileOf(customer.userId);
    expect(row).toMatchObject({
      role: 'business_owner',
      businessName: 'Sam Plumbing',
      displayName: 'Sam Carter',
      address: '10 King St, Newtown NSW 2042',
      notificationEmail: 'jobs@samplumbing.example',
      phone: '0412 345 678',
      website: 'https://samplumbing.example.com',
      description: 'Licensed plumber.\nSame-day service.',
      googleReviewsUrl: 'https://g.page/r/sam-plumbing/review',
      serviceCategories: ['Plumbing', 'Handyman'],
      serviceAreaKm: 10,
      notificationPreferences: ['email', 'sms'], // 'app' is retired (decision 029): dropped
      defaultStartScreen: 'requests',
      avatarUrl,
    });
    expect(row.latitude).toBeCloseTo(-33.9, 1);
    expect(row.longitude).toBeCloseTo(151.18, 1);

    const me = await t.inject({ url: '/api/me', cookie: customer.cookie });
    expect(me.json().profile.role).toBe('business_owner');
  });

  it('applies the defaults and uses the account email when asked', async () => {
    const customer = await t.signUp();
    const res = await register(customer.cookie, {
      ...valid,
      notificationEmail: '',
      useAccountEmail: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().useAccountEmail).toBe(true);
    const row = await profileOf(customer.userId);
    expect(row.notificationEmail).toBe(customer.email);
    expect(row.serviceAreaKm).toBe(25);
    expect(row.notificationPreferences).toEqual(['email']);
    expect(row.defaultStartScreen).toBe('dashboard');
    expect(row.website).toBeNull();
  });

  it('answers each missing or wrong field with its message', async () => {
    const { cookie } = await t.signUp();
    const empty = await register(cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      businessName: BUSINESS_PROFILE_MESSAGES.businessNameRequired,
      contactPerson: BUSINESS_PROFILE_MESSAGES.contactPersonRequired,
      address: BUSINESS_PROFILE_MESSAGES.addressRequired,
      phone: BUSINESS_PROFILE_MESSAGES.phoneRequired,
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ serviceCategories: [] }, 'serviceCategories', 'Please select at least one service category.'],
      [{ notificationEmail: '' }, 'notificationEmail', 'Please provide an email address for notifications.'],
      [{ website: 'javascript:alert(1)' }, 'website', BUSINESS_PROFILE_MESSAGES.websiteInvalid],
      [
        { googleReviewsUrl: 'not a url' },
        'googleReviewsUrl',
        BUSINESS_PROFILE_MESSAGES.googleReviewsUrlInvalid,
      ],
      [{ serviceAreaKm: 30 }, 'serviceAreaKm', BUSINESS_PROFILE_MESSAGES.serviceAreaRequired],
      [{ phone: 'call me' }, 'phone', BUSINESS_PROFILE_MESSAGES.phoneInvalid],
      [{ defaultStartScreen: 'admin' }, 'defaultStartScreen', 'Please choose a start screen'],
    ];
    for (const [change, field, message] of cases) {
      const res = await register(cookie, { ...valid, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field], field).toBe(message);
    }
    // Nothing was converted by the refused attempts.
    expect((await t.inject({ url: '/api/me', cookie })).json().profile.role).toBe('user');
  });

  it('refuses an address the geocoder cannot place', async () => {
    const { cookie, userId } = await t.signUp();
    const res = await register(cookie, { ...valid, address: 'Qwxzyville Nowhere' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.address).toBe(BUSINESS_PROFILE_MESSAGES.addressNotFound);
    expect((await profileOf(userId)).role).toBe('user');
  });

  it('asks signed-out callers to log in', async () => {
    const res = await register(undefined, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You must be logged in to register a business.');
  });

  it('accepts only the caller’s own upload as the avatar', async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const theirs = await t.uploadImage(stranger.cookie, 'avatar');
    for (const avatarUrl of [theirs, 'https://evil.example/me.png']) {
      const res = await register(owner.cookie, { ...valid, avatarUrl });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.avatarUrl).toBe(BUSINESS_PROFILE_MESSAGES.avatarNotOwn);
    }
    expect((await profileOf(owner.userId)).avatarUrl).toBeNull();
  });

  it('keeps at least one administrator', async () => {
    const admin = await t.signUp({ role: 'administrator' });
    expect((await profileOf(admin.userId)).role).toBe('administrator');
    const refused = await register(admin.cookie, valid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BUSINESS_PROFILE_MESSAGES.onlyAdministrator);
    expect((await profileOf(admin.userId)).role).toBe('administrator');

    const other = await t.signUp();
    await t.db.update(profiles).set({ role: 'administrator' }).where(eq(profiles.userId, other.userId));
    const ok = await register(admin.cookie, valid);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await profileOf(admin.userId)).role).toBe('business_owner');
  });
});

describe('GET and PUT /api/business-profile', () => {
  it('prefills for any signed-in user and lets a business change its settings', async () => {
    const customer = await t.signUp({ name: 'Pat Lee' });
    const before = await t.inject({ url: '/api/business-profile', cookie: customer.cookie });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      role: 'user',
      accountEmail: customer.email,
      contactPerson: 'Pat Lee',
      businessName: null,
      serviceAreaKm: 25,
      rating: { average: null, count: 0 },
    });

    const put = (cookie: string, payload: unknown) =>
      t.inject({ method: 'PUT', url: '/api/business-profile', cookie, payload });
    const refused = await put(customer.cookie, valid);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BUSINESS_PROFILE_MESSAGES.businessOwnersOnly);
    expect((await profileOf(customer.userId)).businessName).toBeNull();

    const business = await t.signUp({ role: 'business_owner' });
    const saved = await put(business.cookie, {
      ...valid,
      address: 'Surry Hills NSW',
      businessName: 'Renamed Plumbing',
      serviceAreaKm: 50,
      notificationPreferences: ['phone', 'marketing'],
      defaultStartScreen: 'confirmed',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = await profileOf(business.userId);
    expect(row).toMatchObject({
      role: 'business_owner',
      businessName: 'Renamed Plumbing',
      serviceAreaKm: 50,
      notificationPreferences: ['marketing'], // 'phone' is retired (decision 029): dropped
      defaultStartScreen: 'confirmed',
      address: 'Surry Hills NSW',
    });
    expect(row.areaLabel).toContain('Surry Hills');
    expect(row.latitude).toBeCloseTo(-33.88, 1);

    const bad = await put(business.cookie, { ...valid, serviceCategories: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.serviceCategories).toBe(BUSINESS_PROFILE_MESSAGES.serviceCategoriesRequired);
    expect((await t.inject({ method: 'PUT', url: '/api/business-profile', payload: valid })).statusCode).toBe(
      401,
    );
    expect((await t.inject({ url: '/api/business-profile' })).statusCode).toBe(401);
  });

  it('reports the real rating: the average and count of the business’s reviews', async () => {
    const business = await t.signUp({ role: 'business_owner' });
    const other = await t.signUp({ role: 'business_owner' });
    const review = async (businessUserId: string, rating: number) => {
      const customer = await t.signUp();
      const [request] = await t.db
        .insert(serviceRequests)
        .values({ userId: customer.userId, serviceType: 'Plumbing', title: 't', description: 'd' })
        .returning();
      const [response] = await t.db
        .insert(businessResponses)
        .values({
          requestId: request!.id,
          businessUserId,
          quotedPrice: '100',
          message: 'Done',
          status: 'accepted',
        })
        .returning();
      await t.db.insert(reviews).values({
        userId: customer.userId,
        businessUserId,
        requestId: request!.id,
        responseId: response!.id,
        rating,
      });
    };
    await review(business.userId, 5);
    await review(business.userId, 4);
    await review(business.userId, 4);
    await review(other.userId, 1);
    const res = await t.inject({ url: '/api/business-profile', cookie: business.cookie });
    expect(res.json().rating).toEqual({ average: 4.3, count: 3 });
  });
});
