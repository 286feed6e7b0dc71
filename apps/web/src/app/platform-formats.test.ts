import { configureFormats, formatCurrency, formatSettings } from '@grip/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { startPlatformFormats, storedFormats } from './platform-formats';

/** A Storage of its own per test. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const config = (locale: string, currency: string) => ({
  productName: 'Grip',
  googleEnabled: false,
  mapStyleUrl: null,
  locale,
  currency,
});

const now = (run: () => void) => run();

afterEach(() => {
  configureFormats();
});

describe('the platform formats in the browser (decision 032)', () => {
  it("takes a drawn page's formats before anything renders, and remembers them", async () => {
    const storage = memoryStorage();
    const { calls } = mockApi({});
    await startPlatformFormats({ locale: 'en-US', currency: 'AUD' }, new QueryClient(), storage, now);
    expect(formatSettings()).toEqual({ locale: 'en-US', currency: 'AUD' });
    expect(formatCurrency(45)).toBe('A$45');
    expect(storedFormats(storage)).toEqual({ locale: 'en-US', currency: 'AUD' });
    // The drawn page said it all: nothing asked.
    expect(calls).toHaveLength(0);
  });

  it("starts with this device's last formats, then learns the server's from /api/config", async () => {
    const storage = memoryStorage({ 'grip.formats': JSON.stringify({ locale: 'en-US', currency: 'USD' }) });
    mockApi({ 'GET /api/config': { body: config('de-DE', 'EUR') } });
    const started = startPlatformFormats(undefined, new QueryClient(), storage, now);
    expect(formatSettings()).toEqual({ locale: 'en-US', currency: 'USD' });
    await started;
    expect(formatSettings()).toEqual({ locale: 'de-DE', currency: 'EUR' });
    expect(storedFormats(storage)).toEqual({ locale: 'de-DE', currency: 'EUR' });
  });

  it('uses en-AU and AUD on a first visit, and keeps them when the server cannot be asked', async () => {
    const storage = memoryStorage({ 'grip.formats': 'not json' });
    mockApi({ 'GET /api/config': { status: 404, body: { error: 'not_found', message: 'Not found' } } });
    await startPlatformFormats(undefined, new QueryClient(), storage, now);
    expect(formatSettings()).toEqual({ locale: 'en-AU', currency: 'AUD' });
    expect(formatCurrency(45)).toBe('$45');
  });
});
