import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockApi } from '@/test/mock-api';
import { forgetPushBeforeSignOut } from './push-device';

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
