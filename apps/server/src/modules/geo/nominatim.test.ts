import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder } from './geocoder';
import { GeocoderFailed, GeocoderUnavailable } from './geocoder-errors';
import { GEOCODER_MESSAGES, GEOCODER_USER_AGENT, NominatimGeocoder } from './nominatim';
import { startNominatimDouble, type NominatimDouble } from './nominatim-double';

let nominatim: NominatimDouble;
beforeAll(async () => {
  nominatim = await startNominatimDouble();
});
afterAll(async () => {
  await nominatim.close();
});

const SURRY_HILLS_LABEL =
  'Surry Hills, Sydney, Council of the City of Sydney, New South Wales, 2010, Australia';

describe('Nominatim geocoder', () => {
  it('is chosen when GEOCODER_URL is set', async () => {
    const geocoder = createGeocoder({ geocoderUrl: nominatim.url });
    expect(geocoder).toBeInstanceOf(NominatimGeocoder);
    expect(createGeocoder({ geocoderUrl: undefined })).not.toBeInstanceOf(NominatimGeocoder);
  });

  it('suggests places with their suburb as the area, asking the way Nominatim expects', async () => {
    const geocoder = new NominatimGeocoder(nominatim.url);
    const places = await geocoder.suggest('surry hills', 3);
    expect(places).toEqual([
      { label: SURRY_HILLS_LABEL, latitude: -33.8847, longitude: 151.2111, area: 'Surry Hills' },
    ]);
    const call = nominatim.requests.at(-1)!;
    expect(call.path).toBe('/search');
    expect(Object.fromEntries(call.params)).toMatchObject({
      q: 'surry hills',
      limit: '3',
      format: 'jsonv2',
      addressdetails: '1',
    });
    expect(call.headers['user-agent']).toBe(GEOCODER_USER_AGENT);
  });

  it('takes the area from the smallest named part of the address', async () => {
    const geocoder = new NominatimGeocoder(nominatim.url);
    expect((await geocoder.geocode('10 Campbell Parade'))?.area).toBe('Bondi Beach');
    expect((await geocoder.geocode('Hall ACT'))?.area).toBe('Hall');
  });

  it('geocodes to the first match, or null', async () => {
    const geocoder = new NominatimGeocoder(nominatim.url);
    expect(await geocoder.geocode('Surry Hills NSW')).toMatchObject({
      latitude: -33.8847,
      area: 'Surry Hills',
    });
    expect(nominatim.requests.at(-1)?.params.get('limit')).toBe('1');
    expect(await geocoder.geocode('nowhere')).toBeNull();
  });

  it('reverse geocodes, and answers null where Nominatim knows nothing', async () => {
    const geocoder = new NominatimGeocoder(nominatim.url);
    expect(await geocoder.reverse(-33.8847, 151.2111)).toMatchObject({ label: SURRY_HILLS_LABEL });
    const call = nominatim.requests.at(-1)!;
    expect(call.path).toBe('/reverse');
    expect(Object.fromEntries(call.params)).toMatchObject({
      lat: '-33.8847',
      lon: '151.2111',
      format: 'jsonv2',
    });
    expect(await geocoder.reverse(0, 0)).toBeNull();
  });

  it('asks once for a repeated query (the public server allows about one request a second)', async () => {
    const geocoder = new NominatimGeocoder(nominatim.url);
    const before = nominatim.requests.length;
    await geocoder.suggest('surry hills again');
    await geocoder.suggest('surry hills again');
    expect(nominatim.requests.length).toBe(before + 1);
  });

  it('does not ask for fewer than two characters', async () => {
    const geocoder = new NominatimGeocoder(nominatim.url);
    const before = nominatim.requests.length;
    expect(await geocoder.suggest(' s ')).toEqual([]);
    expect(nominatim.requests.length).toBe(before);
  });

  it('gives up after the time-out with a clear message', async () => {
    const geocoder = new NominatimGeocoder(nominatim.url, { timeoutMs: 150 });
    // The double never answers 'slow': that the call ends at all, with the time-out's message, is the
    // time-out at work (an upper bound on the real time taken would only measure the machine).
    const error = await geocoder.suggest('slow').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocoderUnavailable);
    expect(error).toMatchObject({ statusCode: 503, message: GEOCODER_MESSAGES.timeout });
    await expect(geocoder.reverse(1, 1)).rejects.toMatchObject({ statusCode: 503 });
  });

  it('turns server errors and unreadable answers into 502/503 errors', async () => {
    const geocoder = new NominatimGeocoder(nominatim.url);
    await expect(geocoder.suggest('boom')).rejects.toBeInstanceOf(GeocoderFailed);
    await expect(geocoder.reverse(2, 2)).rejects.toMatchObject({
      statusCode: 502,
      message: GEOCODER_MESSAGES.failed,
    });
    await expect(geocoder.suggest('busy')).rejects.toMatchObject({
      statusCode: 503,
      message: GEOCODER_MESSAGES.busy,
    });
    await expect(geocoder.suggest('garbage')).rejects.toMatchObject({ statusCode: 502 });
    await expect(geocoder.suggest('odd')).rejects.toMatchObject({ statusCode: 502 });
  });

  it('reports an unreachable service', async () => {
    // Port 9 on loopback: nothing listens there.
    const geocoder = new NominatimGeocoder('http://127.0.0.1:9');
    await expect(geocoder.suggest('surry')).rejects.toMatchObject({
      statusCode: 503,
      message: GEOCODER_MESSAGES.unreachable,
    });
  });
});
