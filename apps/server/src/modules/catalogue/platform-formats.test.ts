/**
 * The platform's locale and currency (issue 33 item 13, decision 032): GRIP_LOCALE and GRIP_CURRENCY
 * are read once with the rest of the configuration, set the server's own formats at start (emails,
 * notifications, messages) and reach the web app through /api/config.
 */
import { configureFormats, formatSettings } from '@grip/domain';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';
import { counterOfferSummary } from '../offers/offers.service';

describe('GRIP_LOCALE and GRIP_CURRENCY', () => {
  it('are en-AU and AUD unless set (blank counts as unset)', () => {
    expect(loadConfig({}).formats).toEqual({ locale: 'en-AU', currency: 'AUD' });
    expect(loadConfig({ GRIP_LOCALE: ' ', GRIP_CURRENCY: '' }).formats).toEqual({
      locale: 'en-AU',
      currency: 'AUD',
    });
  });

  it('take any locale and currency Intl knows, the code in any case', () => {
    expect(loadConfig({ GRIP_LOCALE: 'de-DE', GRIP_CURRENCY: 'eur' }).formats).toEqual({
      locale: 'de-DE',
      currency: 'EUR',
    });
  });

  it('stop the start with the variable named when Intl cannot use them', () => {
    expect(() => loadConfig({ GRIP_LOCALE: 'not a locale!' })).toThrow(/GRIP_LOCALE/);
    expect(() => loadConfig({ GRIP_CURRENCY: 'dollars' })).toThrow(/GRIP_CURRENCY/);
    expect(() => loadConfig({ GRIP_CURRENCY: 'XYZ' })).toThrow(/GRIP_CURRENCY: XYZ is not a currency/);
  });
});

describe('the platform formats at start', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => {
    configureFormats();
  });

  const summary = () =>
    counterOfferSummary({
      quotedPrice: '1200.50',
      preferredDate: '2099-12-01',
      preferredTime: null,
      timeFlexibility: null,
    });

  it('by default: en-AU and AUD in /api/config and in what the server writes', async () => {
    app = await createTestApp();
    const res = await app.inject({ url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ locale: 'en-AU', currency: 'AUD' });
    expect(summary()).toBe('Modified offer: $1,200.50, Dec 1, 2099');
  });

  it("reach the web app and the server's own texts when set", async () => {
    app = await createTestApp({ GRIP_LOCALE: 'en-US', GRIP_CURRENCY: 'AUD' });
    expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({
      locale: 'en-US',
      currency: 'AUD',
    });
    expect(formatSettings()).toEqual({ locale: 'en-US', currency: 'AUD' });
    expect(summary()).toBe('Modified offer: A$1,200.50, Dec 1, 2099');
    await app.close();

    app = await createTestApp({ GRIP_LOCALE: 'de-DE', GRIP_CURRENCY: 'EUR' });
    expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({
      locale: 'de-DE',
      currency: 'EUR',
    });
    const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1200.5);
    const day = new Intl.DateTimeFormat('de-DE', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(2099, 11, 1)));
    expect(summary()).toBe(`Modified offer: ${euros}, ${day}`);
  });
});
