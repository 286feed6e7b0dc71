import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockApi } from '@/test/mock-api';
import { deviceLabel, forgetPushBeforeSignOut } from './push-device';

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 'Firefox on Android'],
    ['curl/8.5.0', 'Browser on this device'],
    ['', 'Browser on this device'],
  ])('labels %j as %j', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });
});

/* Just enough of the browser's Push API for signing out: a registration with maybe a subscription. */
const ENDPOINT = 'https://updates.push.services.mozilla.com/wpush/v2/device-1';

function installPushBrowser(options: { subscribed: boolean; getSubscription?: () => Promise<unknown> }) {
  const subscription = { endpoint: ENDPOINT, unsubscribe: vi.fn(async () => true) };
  const pushManager = {
    getSubscription: vi.fn(
      options.getSubscription ?? (async () => (options.subscribed ? subscription : null)),
    ),
  };
  const serviceWorker = { getRegistration: vi.fn(async () => ({ pushManager })) };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: serviceWorker });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
  return { subscription, pushManager };
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('forgetPushBeforeSignOut', () => {
  it('tells the server to forget this device and unsubscribes the browser', async () => {
    const { subscription } = installPushBrowser({ subscribed: true });
    const { calls } = mockApi({ 'DELETE /api/push/subscriptions': { status: 204 } });

    await forgetPushBeforeSignOut();

    expect(calls).toEqual([
      { method: 'DELETE', path: '/api/push/subscriptions', body: { endpoint: ENDPOINT } },
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('still unsubscribes the browser when the server answers with an error', async () => {
    const { subscription } = installPushBrowser({ subscribed: true });
    mockApi({
      'DELETE /api/push/subscriptions': { status: 500, body: { error: 'internal', message: 'Oops.' } },
    });

    await forgetPushBeforeSignOut();

    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when this device is not subscribed', async () => {
    installPushBrowser({ subscribed: false });
    const { calls } = mockApi({});

    await forgetPushBeforeSignOut();

    expect(calls).toEqual([]);
  });

  it('does nothing in a browser without push', async () => {
    const { calls } = mockApi({});

    await expect(forgetPushBeforeSignOut()).resolves.toBeUndefined();

    expect(calls).toEqual([]);
  });

  it('gives up after about 3 s when the network hangs, so signing out is never held up', async () => {
    vi.useFakeTimers();
    installPushBrowser({ subscribed: true });
    const hang = deferred<{ status: number }>();
    const { calls } = mockApi({ 'DELETE /api/push/subscriptions': () => hang.promise });

    let done = false;
    void forgetPushBeforeSignOut().then(() => {
      done = true;
    });

    await vi.advanceTimersByTimeAsync(2900);
    expect(calls.map((c) => c.method)).toEqual(['DELETE']);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(true);
  });

  it('gives up after about 3 s when the browser itself never answers', async () => {
    vi.useFakeTimers();
    installPushBrowser({ subscribed: true, getSubscription: () => new Promise(() => {}) });
    mockApi({});

    let done = false;
    void forgetPushBeforeSignOut().then(() => {
      done = true;
    });

    await vi.advanceTimersByTimeAsync(3000);
    expect(done).toBe(true);
  });
});
