/**
 * The places provider (Google Places Text Search + Place Details) against a local HTTP double of the
 * API — the real service lives on the internet — and the places-search demo with and without it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN_TEST_TOOL_MESSAGES, type PlaceSearchResponse } from '@grip/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPlacesProvider, PLACE_DETAILS_LIMIT, PlacesProviderError } from './places-provider';

interface Reply {
  status?: number;
  body: unknown;
}

/** What the double answers next, and every URL it was asked. */
let textSearchReply: Reply;
let seen: URL[] = [];
let server: Server;
let apiUrl: string;

const place = (i: number) => ({
  name: `Harbour Pools ${i}`,
  place_id: `place-${i}`,
  formatted_address: `${i} Wharf Rd, Manly NSW 2095, Australia`,
  rating: 4.5,
  user_ratings_total: 10 + i,
  business_status: 'OPERATIONAL',
  types: ['point_of_interest', 'establishment'],
  geometry: { location: { lat: -33.8, lng: 151.28 } },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://double');
    seen.push(url);
    const send = ({ status = 200, body }: Reply) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (url.pathname === '/textsearch/json') return send(textSearchReply);
    if (url.pathname === '/details/json') {
      const id = url.searchParams.get('place_id')!;
      // The second place's details fail: the place is still shown, without them.
      if (id === 'place-2') return send({ status: 500, body: 'oops' });
      return send({
        body: {
          status: 'OK',
          result: {
            formatted_phone_number: '(02) 9000 0000',
            international_phone_number: '+61 2 9000 0000',
            website: `https://${id}.example.com/`,
          },
        },
      });
    }
    send({ status: 404, body: { status: 'NOT_FOUND' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  textSearchReply = { body: { status: 'OK', results: [1, 2, 3, 4, 5, 6, 7].map(place) } };
});

const provider = () => createPlacesProvider({ places: { apiKey: 'test-key', apiUrl } })!;

describe('createPlacesProvider', () => {
  it('is absent without a key', () => {
    expect(createPlacesProvider({ places: null })).toBeNull();
  });

  it('searches, then asks details for the first results only, and maps the spec fields', async () => {
    const results = await provider().textSearch('pool cleaning manly', 6);
    expect(results).toHaveLength(6);
    const search = seen.find((u) => u.pathname === '/textsearch/json')!;
    expect(search.searchParams.get('query')).toBe('pool cleaning manly');
    expect(search.searchParams.get('key')).toBe('test-key');
    const details = seen.filter((u) => u.pathname === '/details/json');
    expect(details).toHaveLength(PLACE_DETAILS_LIMIT);
    expect(details[0]!.searchParams.get('fields')).toBe(
      'formatted_phone_number,international_phone_number,website',
    );
    expect(results[0]).toEqual({
      source: 'provider',
      name: 'Harbour Pools 1',
      place_id: 'place-1',
      formatted_address: '1 Wharf Rd, Manly NSW 2095, Australia',
      formatted_phone_number: '(02) 9000 0000',
      international_phone_number: '+61 2 9000 0000',
      website: 'https://place-1.example.com/',
      rating: 4.5,
      user_ratings_total: 11,
      business_status: 'OPERATIONAL',
      types: ['point_of_interest', 'establishment'],
    });
    // Details that failed, and places past the details limit, come without phones or website.
    expect(results[1]).toMatchObject({
      name: 'Harbour Pools 2',
      website: null,
      formatted_phone_number: null,
    });
    expect(results[5]).toMatchObject({ name: 'Harbour Pools 6', website: null });
  });

  it('reads ZERO_RESULTS as none, and a refusal, an HTTP error, non-JSON or no answer as a provider error', async () => {
    textSearchReply = { body: { status: 'ZERO_RESULTS', results: [] } };
    expect(await provider().textSearch('nothing', 5)).toEqual([]);

    textSearchReply = {
      body: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' },
    };
    await expect(provider().textSearch('x', 5)).rejects.toThrow(
      new PlacesProviderError('REQUEST_DENIED: The provided API key is invalid.'),
    );
    textSearchReply = { status: 503, body: { status: 'UNKNOWN_ERROR' } };
    await expect(provider().textSearch('x', 5)).rejects.toThrow(/HTTP 503/);
    textSearchReply = { body: '<html>' };
    await expect(provider().textSearch('x', 5)).rejects.toThrow(/other than JSON/);
    textSearchReply = { body: { results: 'many' } };
    await expect(provider().textSearch('x', 5)).rejects.toThrow(/unknown format/);
    const nowhere = createPlacesProvider({ places: { apiKey: 'k', apiUrl: 'http://127.0.0.1:9' } })!;
    await expect(nowhere.textSearch('x', 5)).rejects.toThrow(/could not be reached/);
  });
});

describe('the places-search demo with a provider configured', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ PLACES_API_KEY: 'test-key', PLACES_API_URL: apiUrl });
    await t.app.ready();
    await t.app.grip.outbox.stop();
    cookie = (await t.signUp({ role: 'administrator' })).cookie;
    const business = await t.signUp({ role: 'business_owner', businessName: 'Harbour Side Plumbing' });
    await t.db
      .update(profiles)
      .set({ serviceCategories: ['Plumbing'] })
      .where(eq(profiles.userId, business.userId));
  });

  afterAll(async () => {
    await t.close();
  });

  const search = async (q: string): Promise<PlaceSearchResponse> => {
    const res = await t.inject({ url: `/api/admin/test/places?q=${q}`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('returns the directory first, then the provider, marked by source', async () => {
    const body = await search('harbour');
    expect(body.sources).toEqual(['directory', 'provider']);
    expect(body.notice).toBe(ADMIN_TEST_TOOL_MESSAGES.directoryAndProvider);
    expect(body.results.map((r) => [r.source, r.name])).toEqual([
      ['directory', 'Harbour Side Plumbing'],
      ...[1, 2, 3, 4, 5, 6, 7].map((i) => ['provider', `Harbour Pools ${i}`]),
    ]);
    // The key never reaches the browser.
    expect(JSON.stringify(body)).not.toContain('test-key');
  });

  it('says when the provider fails and still answers with the directory (never a 500)', async () => {
    textSearchReply = {
      body: { status: 'OVER_QUERY_LIMIT', error_message: 'You have exceeded your quota.' },
    };
    const body = await search('harbour');
    expect(body.sources).toEqual(['directory']);
    expect(body.notice).toBe(
      ADMIN_TEST_TOOL_MESSAGES.providerFailed('OVER_QUERY_LIMIT: You have exceeded your quota.'),
    );
    expect(body.results.map((r) => r.name)).toEqual(['Harbour Side Plumbing']);
  });
});
