import {
  AUTH_MESSAGES,
  DEFAULT_LOCATION_MESSAGES,
  NO_DEFAULT_LOCATION,
  PROFILE_SETTINGS_MESSAGES,
  UNSUPPORTED_CHARACTERS,
} from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { GEOCODER_MESSAGES } from '../geo/nominatim';
import { startNominatimDouble, type NominatimDouble } from '../geo/nominatim-double';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const getProfile = (cookie?: string) => t.inject({ url: '/api/me/profile', cookie });
const putProfile = (cookie: string | undefined, payload: unknown) =>
  t.inject({ method: 'PUT', url: '/api/me/profile', cookie, payload });
const getLocation = (cookie?: string) => t.inject({ url: '/api/me/default-location', cookie });
const putLocation = (cookie: string | undefined, payload: unknown, app: TestApp = t) =>
  app.inject({ method: 'PUT', url: '/api/me/default-location', cookie, payload });
const clearLocation = (cookie?: string) =>
  t.inject({ method: 'DELETE', url: '/api/me/default-location', cookie });
const prefill = async (cookie: string) =>
  (await t.inject({ url: '/api/requests/last-location', cookie })).json();
const me = async (cookie: string) => (await t.inject({ url: '/api/me', cookie })).json();

async function rowsOf(userId: string) {
  const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  return { profile: profile!, user: user! };
}

/** Posts a request at Manly (coordinates given, so no lookup). */
async function postManlyRequest(cookie: string) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/requests',
    cookie,
    payload: {
      serviceType: 'Cleaning Services',
      description: 'Please clean the whole flat before we move out.',
      location: '1 Bay St, Manly NSW 2095',
      latitude: -33.797,
      longitude: 151.285,
      serviceAreaKm: 5,
      budget: 200,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('/api/me/profile', () => {
  it('asks for a sign-in, whatever the body', async () => {
    expect((await getProfile()).statusCode).toBe(401);
    expect((await putProfile(undefined, { displayName: 'Sam' })).statusCode).toBe(401);
    expect((await putProfile(undefined, { displayName: '' })).statusCode).toBe(401);
  });

  it('starts from the sign-up name, saves a trimmed name and phone, and keeps the account name in step', async () => {
    const c = await t.signUp({ name: 'Sam Carter' });
    expect((await getProfile(c.cookie)).json()).toEqual({ displayName: 'Sam Carter', phone: null });

    const saved = await putProfile(c.cookie, {
      displayName: '  Samantha Carter ',
      phone: ' +61 400 555 111 ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ displayName: 'Samantha Carter', phone: '+61 400 555 111' });
    expect((await getProfile(c.cookie)).json()).toEqual(saved.json());

    // One name everywhere: the profile (what the app shows), the account (auth, admin lists).
    const after = await me(c.cookie);
    expect(after.profile.displayName).toBe('Samantha Carter');
    expect(after.user.name).toBe('Samantha Carter');
    expect(after.user.email).toBe(c.email);
    const { profile, user } = await rowsOf(c.userId);
    expect(profile.displayName).toBe('Samantha Carter');
    expect(user.name).toBe('Samantha Carter');
    expect(user.email).toBe(c.email);
    // The phone is the one texts go to.
    const notifications = await t.inject({ url: '/api/me/notifications', cookie: c.cookie });
    expect(notifications.json().phone).toBe('+61 400 555 111');

    // A blank phone removes the number.
    const cleared = await putProfile(c.cookie, { displayName: 'Samantha Carter', phone: '' });
    expect(cleared.json()).toEqual({ displayName: 'Samantha Carter', phone: null });
    expect((await rowsOf(c.userId)).profile.phone).toBeNull();
  });

  it('refuses a missing, blank, overlong or unprintable name and an undiallable phone with 400, changing nothing', async () => {
    const c = await t.signUp({ name: 'Kept Name' });
    await putProfile(c.cookie, { displayName: 'Kept Name', phone: '+61 400 555 111' });
    const cases: [unknown, string][] = [
      [{}, AUTH_MESSAGES.displayNameRequired],
      [{ displayName: '   ' }, AUTH_MESSAGES.displayNameRequired],
      [{ displayName: 'a'.repeat(101) }, AUTH_MESSAGES.displayNameTooLong],
      [{ displayName: 'Bell\u0007Name' }, UNSUPPORTED_CHARACTERS],
      [{ displayName: 42 }, ''],
      [{ displayName: 'New Name', phone: '0400 555 111' }, PROFILE_SETTINGS_MESSAGES.phoneInvalid],
      [{ displayName: 'New Name', phone: 'call me' }, PROFILE_SETTINGS_MESSAGES.phoneInvalid],
      [{ displayName: 'New Name', phone: '+6'.padEnd(40, '1') }, PROFILE_SETTINGS_MESSAGES.phoneTooLong],
      [{ displayName: 'New Name', phone: 61400555111 }, ''],
      [[], ''],
      [null, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await putProfile(c.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('invalid');
      if (message) expect(res.json().message).toBe(message);
    }
    for (const payload of ['{"displayName": "Half', '"New Name"']) {
      const raw = await t.inject({
        method: 'PUT',
        url: '/api/me/profile',
        cookie: c.cookie,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(raw.statusCode, payload).toBe(400);
    }

    expect((await getProfile(c.cookie)).json()).toEqual({
      displayName: 'Kept Name',
      phone: '+61 400 555 111',
    });
    expect((await rowsOf(c.userId)).user.name).toBe('Kept Name');
  });

  it('keeps the number while texts are on', async () => {
    const c = await t.signUp();
    await t.inject({
      method: 'PUT',
      url: '/api/me/notifications',
      cookie: c.cookie,
      payload: { channels: ['email', 'sms'], phone: '+61 400 555 111' },
    });
    const res = await putProfile(c.cookie, { displayName: 'Test Person', phone: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: PROFILE_SETTINGS_MESSAGES.phoneNeededForTexts,
      fields: { phone: PROFILE_SETTINGS_MESSAGES.phoneNeededForTexts },
    });
    expect((await rowsOf(c.userId)).profile.phone).toBe('+61 400 555 111');
    // Another number is fine.
    const changed = await putProfile(c.cookie, { displayName: 'Test Person', phone: '+61 400 999 000' });
    expect(changed.json().phone).toBe('+61 400 999 000');
  });

  it("changes only the caller's own profile", async () => {
    const a = await t.signUp({ name: 'Alice Able' });
    const b = await t.signUp({ name: 'Bob Baker' });
    await putProfile(b.cookie, { displayName: 'Bob Baker', phone: '+61 400 111 222' });
    const before = await rowsOf(b.userId);

    expect(
      (await putProfile(a.cookie, { displayName: 'Alice Changed', phone: '+61 400 333 444' })).statusCode,
    ).toBe(200);

    expect((await getProfile(b.cookie)).json()).toEqual({
      displayName: 'Bob Baker',
      phone: '+61 400 111 222',
    });
    const after = await rowsOf(b.userId);
    expect(after.profile).toEqual(before.profile);
    expect(after.user).toEqual(before.user);
    expect((await me(b.cookie)).user.name).toBe('Bob Baker');
  });

  it('sends business owners to Business Settings', async () => {
    const b = await t.signUp({ role: 'business_owner', name: 'Pat Plumber' });
    const read = await getProfile(b.cookie);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(PROFILE_SETTINGS_MESSAGES.businessElsewhere);
    expect((await putProfile(b.cookie, { displayName: 'Someone Else' })).statusCode).toBe(403);
    expect((await rowsOf(b.userId)).profile.displayName).toBe('Pat Plumber');
  });
});

describe('/api/me/default-location', () => {
  it('asks for a sign-in, whatever the body', async () => {
    expect((await getLocation()).statusCode).toBe(401);
    expect((await putLocation(undefined, { address: 'Glebe NSW' })).statusCode).toBe(401);
    expect((await putLocation(undefined, { address: '' })).statusCode).toBe(401);
    expect((await clearLocation()).statusCode).toBe(401);
  });

  it('looks a typed address up, saves it, and the request form starts from it until it is cleared', async () => {
    const c = await t.signUp();
    expect((await getLocation(c.cookie)).json()).toEqual(NO_DEFAULT_LOCATION);
    await postManlyRequest(c.cookie);
    expect((await prefill(c.cookie)).address).toBe('1 Bay St, Manly NSW 2095');

    const saved = await putLocation(c.cookie, { address: ' 5 Glebe Point Rd, Glebe NSW 2037 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    const location = saved.json();
    expect(location.address).toBe('5 Glebe Point Rd, Glebe NSW 2037');
    expect(location.area).toMatch(/^Glebe/);
    expect(location.latitude).toBeCloseTo(-33.88, 1);
    expect(location.longitude).toBeCloseTo(151.19, 1);
    expect((await getLocation(c.cookie)).json()).toEqual(location);

    // The saved default wins over the latest request, even a newer one.
    expect(await prefill(c.cookie)).toEqual(location);
    await postManlyRequest(c.cookie);
    expect(await prefill(c.cookie)).toEqual(location);

    const cleared = await clearLocation(c.cookie);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual(NO_DEFAULT_LOCATION);
    expect((await getLocation(c.cookie)).json()).toEqual(NO_DEFAULT_LOCATION);
    const { profile } = await rowsOf(c.userId);
    expect([profile.address, profile.areaLabel, profile.latitude, profile.longitude]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // Back to the latest request's location.
    expect(await prefill(c.cookie)).toEqual({
      address: '1 Bay St, Manly NSW 2095',
      area: 'Manly NSW',
      latitude: -33.797,
      longitude: 151.285,
    });
  });

  it('keeps the coordinates of a chosen place and names its area', async () => {
    const c = await t.signUp();
    const saved = await putLocation(c.cookie, { address: 'Home', latitude: -33.797, longitude: 151.285 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      address: 'Home',
      area: 'Manly NSW',
      latitude: -33.797,
      longitude: 151.285,
    });
  });

  it('refuses an unknown address and bad input with 400, keeping what was saved', async () => {
    const c = await t.signUp();
    const first = (await putLocation(c.cookie, { address: 'Glebe NSW 2037' })).json();
    const cases: [unknown, string][] = [
      [{ address: 'Qwxzv Plonk Nowhere' }, DEFAULT_LOCATION_MESSAGES.addressNotFound],
      [{ address: '   ' }, DEFAULT_LOCATION_MESSAGES.addressRequired],
      [{}, DEFAULT_LOCATION_MESSAGES.addressRequired],
      [{ address: 'x'.repeat(301) }, DEFAULT_LOCATION_MESSAGES.addressTooLong],
      [{ address: 'Glebe', latitude: -33.88 }, DEFAULT_LOCATION_MESSAGES.coordinatesPaired],
      [{ address: 'Glebe', latitude: 91, longitude: 151 }, ''],
      [{ address: 'Glebe', latitude: '-33.88', longitude: '151.19' }, ''],
      [{ address: 'Line\nbreak' }, UNSUPPORTED_CHARACTERS],
    ];
    for (const [payload, message] of cases) {
      const res = await putLocation(c.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    const notFound = await putLocation(c.cookie, { address: 'Qwxzv Plonk Nowhere' });
    expect(notFound.json().fields).toEqual({ address: DEFAULT_LOCATION_MESSAGES.addressNotFound });
    expect((await getLocation(c.cookie)).json()).toEqual(first);
  });

  it("changes only the caller's own location", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await postManlyRequest(b.cookie);
    const bPrefill = await prefill(b.cookie);

    await putLocation(a.cookie, { address: 'Glebe NSW 2037' });
    await clearLocation(a.cookie);
    await putLocation(a.cookie, { address: 'Glebe NSW 2037' });

    expect((await getLocation(b.cookie)).json()).toEqual(NO_DEFAULT_LOCATION);
    expect(await prefill(b.cookie)).toEqual(bPrefill);
    expect((await rowsOf(b.userId)).profile.address).toBeNull();
  });

  it('orders Discover from the saved default location when the browser gives no point', async () => {
    const placed = async (latitude: number, longitude: number) => {
      const b = await t.signUp({ role: 'business_owner' });
      await t.db.update(profiles).set({ latitude, longitude }).where(eq(profiles.userId, b.userId));
      return b.userId;
    };
    const manly = await placed(-33.797, 151.285);
    const glebe = await placed(-33.879, 151.186);
    const c = await t.signUp();
    const nearest = async () =>
      (await t.inject({ url: '/api/businesses/discover', cookie: c.cookie })).json()[0]?.userId;

    await putLocation(c.cookie, { address: 'Home', latitude: -33.798, longitude: 151.284 });
    expect(await nearest()).toBe(manly);
    await putLocation(c.cookie, { address: 'Glebe NSW 2037' });
    expect(await nearest()).toBe(glebe);
  });

  it("sends business owners to Business Settings and leaves the business's address alone", async () => {
    const b = await t.signUp({ role: 'business_owner' });
    await t.db
      .update(profiles)
      .set({ address: 'Surry Hills NSW 2010', latitude: -33.8847, longitude: 151.2113 })
      .where(eq(profiles.userId, b.userId));
    const read = await getLocation(b.cookie);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(DEFAULT_LOCATION_MESSAGES.businessElsewhere);
    expect((await putLocation(b.cookie, { address: 'Glebe NSW 2037' })).statusCode).toBe(403);
    expect((await clearLocation(b.cookie)).statusCode).toBe(403);
    expect((await rowsOf(b.userId)).profile.address).toBe('Surry Hills NSW 2010');
    // The business's own address is not a request prefill.
    expect((await prefill(b.cookie)).address).toBeNull();
  });
});

describe('/api/me/default-location with an online geocoder', () => {
  let nominatim: NominatimDouble;
  let online: TestApp;
  beforeAll(async () => {
    nominatim = await startNominatimDouble();
    online = await createTestApp({ GEOCODER_URL: nominatim.url });
  });
  afterAll(async () => {
    await online?.close();
    await nominatim?.close();
  });

  it('says plainly when the lookup fails, and saves nothing', async () => {
    const c = await online.signUp();
    const saved = await putLocation(c.cookie, { address: 'Surry Hills' }, online);
    expect(saved.statusCode, saved.body).toBe(200);

    const failed = await putLocation(c.cookie, { address: 'boom' }, online);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: 'bad_gateway', message: GEOCODER_MESSAGES.failed });
    const read = await online.inject({ url: '/api/me/default-location', cookie: c.cookie });
    expect(read.json()).toEqual(saved.json());
  });

  it('keeps chosen coordinates when only naming their area fails', async () => {
    const c = await online.signUp();
    const saved = await putLocation(c.cookie, { address: 'Somewhere', latitude: 2, longitude: 2 }, online);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ address: 'Somewhere', area: null, latitude: 2, longitude: 2 });
  });
});
