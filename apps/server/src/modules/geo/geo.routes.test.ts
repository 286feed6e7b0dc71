import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { GEO_MESSAGES, GEO_RATE_LIMIT_PER_MINUTE } from './geo.routes';
import { GEOCODER_MESSAGES } from './nominatim';
import { startNominatimDouble, type NominatimDouble } from './nominatim-double';

let offline: TestApp;
let online: TestApp;
let nominatim: NominatimDouble;

beforeAll(async () => {
  nominatim = await startNominatimDouble();
  offline = await createTestApp();
  online = await createTestApp({
    GEOCODER_URL: nominatim.url,
    MAP_STYLE_URL: 'https://tiles.example.com/styles/grip.json',
  });
});
afterAll(async () => {
  await offline?.close();
  await online?.close();
  await nominatim?.close();
});

describe('GET /api/geo/suggest', () => {
  it('suggests real places without signing in', async () => {
    const res = await offline.inject({ url: '/api/geo/suggest?q=surry%20hi' });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ label: 'Surry Hills NSW', area: 'Surry Hills NSW' });
  });

  it('keeps the typed street and honours the limit', async () => {
    const res = await offline.inject({
      url: `/api/geo/suggest?q=${encodeURIComponent('12 Smith St, Manly')}&limit=2`,
    });
    expect(res.statusCode).toBe(200);
    const places = res.json();
    expect(places.length).toBeLessThanOrEqual(2);
    expect(places[0]).toMatchObject({ label: '12 Smith St, Manly NSW', area: 'Manly NSW' });
  });

  it('answers an empty list below two characters', async () => {
    expect((await offline.inject({ url: '/api/geo/suggest?q=s' })).json()).toEqual([]);
    expect((await offline.inject({ url: '/api/geo/suggest' })).json()).toEqual([]);
  });

  it('refuses a bad limit or an overlong query with a clear message', async () => {
    const badLimit = await offline.inject({ url: '/api/geo/suggest?q=manly&limit=abc' });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json().message).toBe(GEO_MESSAGES.limit);
    expect((await offline.inject({ url: '/api/geo/suggest?q=manly&limit=0' })).statusCode).toBe(400);
    expect((await offline.inject({ url: '/api/geo/suggest?q=manly&limit=11' })).statusCode).toBe(400);
    const long = await offline.inject({ url: `/api/geo/suggest?q=${'a'.repeat(201)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(GEO_MESSAGES.queryTooLong);
  });
});

describe('GET /api/geo/geocode', () => {
  it('answers the coordinates and area of an address', async () => {
    const res = await offline.inject({
      url: `/api/geo/geocode?address=${encodeURIComponent('12 Smith St, Surry Hills NSW 2010')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ label: '12 Smith St, Surry Hills NSW 2010', area: 'Surry Hills NSW' });
  });

  it('answers 404 when nothing fits', async () => {
    const res = await offline.inject({ url: '/api/geo/geocode?address=nowhere%20at%20all' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('We could not find that address.');
  });

  it('requires an address', async () => {
    for (const url of ['/api/geo/geocode', '/api/geo/geocode?address=%20%20']) {
      const res = await offline.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please provide a location');
    }
  });
});

describe('GET /api/geo/reverse', () => {
  it('names the place near the coordinates', async () => {
    const res = await offline.inject({ url: '/api/geo/reverse?latitude=-33.8846&longitude=151.2115' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      label: 'Near Surry Hills NSW',
      latitude: -33.8846,
      longitude: 151.2115,
      area: 'Surry Hills NSW',
    });
  });

  it('answers 404 far from any known place', async () => {
    const res = await offline.inject({ url: '/api/geo/reverse?latitude=0&longitude=-140' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(GEO_MESSAGES.nothingNear);
  });

  it('refuses missing, empty, non-numeric and out-of-range coordinates', async () => {
    const cases: [string, string][] = [
      ['/api/geo/reverse?longitude=151', GEO_MESSAGES.latitude],
      ['/api/geo/reverse?latitude=&longitude=151', GEO_MESSAGES.latitude],
      ['/api/geo/reverse?latitude=abc&longitude=151', GEO_MESSAGES.latitude],
      ['/api/geo/reverse?latitude=91&longitude=151', GEO_MESSAGES.latitude],
      ['/api/geo/reverse?latitude=-33&longitude=181', GEO_MESSAGES.longitude],
      ['/api/geo/reverse?latitude=-33&longitude=1e3', GEO_MESSAGES.longitude],
    ];
    for (const [url, message] of cases) {
      const res = await offline.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });
});

describe('with a Nominatim service configured', () => {
  it('answers from the service', async () => {
    const res = await online.inject({ url: '/api/geo/suggest?q=surry%20hills' });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ area: 'Surry Hills', latitude: -33.8847 });
    expect(nominatim.requests.some((r) => r.params.get('q') === 'surry hills')).toBe(true);
  });

  it('maps service failures to 502/503 with a clear message, never 500', async () => {
    const failed = await online.inject({ url: '/api/geo/suggest?q=boom' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: 'bad_gateway', message: GEOCODER_MESSAGES.failed });
    const busy = await online.inject({ url: '/api/geo/geocode?address=busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.json().message).toBe(GEOCODER_MESSAGES.busy);
  });

  it('answers 404 when the service finds nothing', async () => {
    expect((await online.inject({ url: '/api/geo/geocode?address=nowhere' })).statusCode).toBe(404);
    expect((await online.inject({ url: '/api/geo/reverse?latitude=0&longitude=0' })).statusCode).toBe(404);
  });
});

describe('rate limit', () => {
  it(`allows ${GEO_RATE_LIMIT_PER_MINUTE} lookups a minute per address, then 429`, async () => {
    const ask = (remoteAddress: string) =>
      offline.app.inject({ url: '/api/geo/suggest?q=manly', remoteAddress });
    for (let i = 0; i < GEO_RATE_LIMIT_PER_MINUTE; i++) {
      expect((await ask('203.0.113.7')).statusCode).toBe(200);
    }
    const limited = await ask('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(GEO_MESSAGES.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await ask('203.0.113.8')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const ask = (remoteAddress: string) =>
      offline.app.inject({ url: '/api/geo/suggest?q=manly', remoteAddress });
    for (let i = 1; i <= GEO_RATE_LIMIT_PER_MINUTE; i++) {
      expect((await ask(`2001:db8:9:9::${i.toString(16)}`)).statusCode).toBe(200);
    }
    expect((await ask('2001:db8:9:9:abcd::1')).statusCode).toBe(429);
    expect((await ask('2001:db8:9:a::1')).statusCode).toBe(200);
  });
});

describe('GET /api/config', () => {
  it("tells the web app the map style: the configured one, else OpenFreeMap's", async () => {
    expect((await online.inject({ url: '/api/config' })).json()).toMatchObject({
      mapStyleUrl: 'https://tiles.example.com/styles/grip.json',
    });
    // No MAP_STYLE_URL: real maps out of the box (map-style.test.ts has 'off' and the CSP).
    expect((await offline.inject({ url: '/api/config' })).json()).toMatchObject({
      mapStyleUrl: 'https://tiles.openfreemap.org/styles/liberty',
    });
  });
});
